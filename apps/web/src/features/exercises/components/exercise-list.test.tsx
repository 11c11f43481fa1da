// @vitest-environment jsdom
import type { ExerciseSummary } from '@fitcoach/shared/exercises';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { ExerciseList } from './exercise-list';

afterEach(async () => {
  await changeLocale('en');
});

const squat: ExerciseSummary = {
  id: 4,
  slug: 'barbell-back-squat',
  name: 'Barbell back squat',
  description: 'The classic lower-body lift.',
  kind: 'reps',
  default_duration_seconds: null,
  primary_muscles: ['quadriceps', 'glutes'],
  equipment: ['barbell'],
  tags: [{ id: 1, slug: 'strength', name: 'Strength' }],
  has_video: true,
};

function renderList(q: string) {
  return renderWithApp(
    <ExerciseList
      filters={{ tagId: null, q }}
      tagName={null}
      busy={false}
      onClearFilter={vi.fn()}
    />,
  );
}

describe('the exercise library list', () => {
  it('names the muscles, equipment and kind in Spanish on each card', async () => {
    await changeLocale('es');
    mockApi().on('GET /api/exercise', { items: [squat], next_cursor: null });
    renderList('');
    await screen.findByRole('heading', { name: 'Barbell back squat' });
    expect(screen.getByText('Repeticiones')).toBeInTheDocument();
    expect(screen.getByText('Cuádriceps')).toBeInTheDocument();
    expect(screen.getByText('Barra')).toBeInTheDocument();
    expect(screen.getByText('Músculos:')).toBeInTheDocument();
  });

  it('says in Spanish when nothing matches, quoting the search', async () => {
    await changeLocale('es');
    mockApi().on('GET /api/exercise', { items: [], next_cursor: null });
    renderList('zzz');
    expect(
      await screen.findByRole('heading', { name: 'Ningún ejercicio coincide con «zzz»' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitar filtro' })).toBeInTheDocument();
  });

  it('keeps the English wording', async () => {
    mockApi().on('GET /api/exercise', { items: [], next_cursor: null });
    renderList('zzz');
    expect(
      await screen.findByRole('heading', { name: 'No exercise matches “zzz”' }),
    ).toBeInTheDocument();
  });
});
