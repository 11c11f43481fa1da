// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, loadNamespaceEverywhere } from '../../../i18n/i18n';
import { mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { FormAnalysesCard } from './form-analyses-card';
import { savedAnalysis } from './test-analyses';

beforeAll(() => loadNamespaceEverywhere('video-analysis'));
afterEach(async () => {
  await changeLocale('en');
});

const library: Record<string, number> = { 'barbell back squat': 12, 'push-up': 31 };
const libraryExerciseId = (name: string) => library[name.toLowerCase()];

describe('the form analyses card in the history', () => {
  it('is not there without analyses', () => {
    mockApi();
    renderWithApp(<FormAnalysesCard analyses={[]} libraryExerciseId={libraryExerciseId} />);
    expect(screen.queryByRole('region', { name: 'Form analyses' })).not.toBeInTheDocument();
  });

  it('shows one analysed exercise with its latest depth and rep time', () => {
    mockApi();
    renderWithApp(
      <FormAnalysesCard
        analyses={[
          savedAnalysis(4, { rom: 92, down: 1.1, up: 0.9, createdAt: '2026-11-03T09:00:00Z' }),
        ]}
        libraryExerciseId={libraryExerciseId}
      />,
    );
    const card = screen.getByRole('region', { name: 'Form analyses' });
    const rows = within(card).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByRole('link', { name: 'Barbell back squat' })).toHaveAttribute(
      'href',
      '/exercises/12',
    );
    expect(rows[0]).toHaveTextContent('1 analysis · latest Nov 3, 2026');
    expect(rows[0]).toHaveTextContent('92° range · 2 s per rep');
  });

  it('groups several by exercise, newest first, linking to the library or the latest analysis', () => {
    mockApi();
    renderWithApp(
      <FormAnalysesCard
        analyses={[
          savedAnalysis(9, { name: 'Flexión', createdAt: '2026-11-12T09:00:00Z', rom: 70 }),
          savedAnalysis(8, { name: 'Wall walk', createdAt: '2026-11-11T09:00:00Z' }),
          savedAnalysis(6, { name: 'barbell back squat', createdAt: '2026-11-08T09:00:00Z' }),
          savedAnalysis(5, { name: 'Push-up', createdAt: '2026-11-06T09:00:00Z' }),
          savedAnalysis(2, { createdAt: '2026-11-01T09:00:00Z' }),
          // Tied to a set: the set names the library exercise.
          savedAnalysis(1, {
            name: 'Goblet squat',
            createdAt: '2026-10-30T09:00:00Z',
            set: {
              workout_log_id: 3,
              exercise_id: 44,
              exercise_name: 'Goblet squat',
              set_number: 1,
              performed_on: '2026-10-30',
              reps_logged: 5,
            },
          }),
        ]}
        libraryExerciseId={libraryExerciseId}
      />,
    );
    const rows = within(screen.getByRole('region', { name: 'Form analyses' })).getAllByRole(
      'listitem',
    );
    const links = rows.map((row) => within(row).getByRole('link'));
    // "Flexión" is the modal's Spanish "Push-up": one exercise, shown by its latest name.
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Flexión', '/exercises/31'],
      ['Wall walk', '/video-analysis/8'],
      ['barbell back squat', '/exercises/12'],
      ['Goblet squat', '/exercises/44'],
    ]);
    expect(rows[0]).toHaveTextContent('2 analyses · latest Nov 12, 2026');
    expect(rows[0]).toHaveTextContent('70° range');
    expect(rows[2]).toHaveTextContent('2 analyses · latest Nov 8, 2026');
  });

  it('speaks Spanish', async () => {
    await changeLocale('es');
    mockApi();
    renderWithApp(
      <FormAnalysesCard
        analyses={[
          savedAnalysis(6, { createdAt: '2026-11-08T09:00:00Z' }),
          savedAnalysis(2, { createdAt: '2026-11-01T09:00:00Z' }),
        ]}
        libraryExerciseId={libraryExerciseId}
      />,
    );
    const card = screen.getByRole('region', { name: 'Análisis de técnica' });
    expect(card).toHaveTextContent('2 análisis · último el 8 nov 2026');
    expect(card).toHaveTextContent('90° de rango · 2 s por repetición');
  });
});
