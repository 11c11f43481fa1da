// @vitest-environment jsdom
import type { ExerciseDetail } from '@fitcoach/shared/exercises';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { createTestQueryClient, renderWithApp } from '../../../test/render';
import { exerciseQueryOptions } from '../api/get-exercise';
import { ExerciseDetails } from './exercise-details';

afterEach(async () => {
  await changeLocale('en');
});

const plank: ExerciseDetail = {
  id: 9,
  slug: 'side-plank',
  name: 'Side plank',
  description: 'Hold your body in a straight line on one forearm.',
  kind: 'timed',
  default_duration_seconds: 90,
  primary_muscles: ['obliques'],
  secondary_muscles: [],
  equipment: ['mat'],
  tags: [{ id: 2, slug: 'core', name: 'Core' }],
  has_video: false,
  steps: ['Lie on your side.', 'Lift your hips.'],
  video_url: null,
};

/** The page as the route renders it, its exercise already loaded by the route's loader. */
function renderDetails() {
  const client = createTestQueryClient();
  client.setQueryData(exerciseQueryOptions(plank.id).queryKey, plank);
  return renderWithApp(<ExerciseDetails exerciseId={plank.id} tagHref={(id) => `/t/${id}`} />, {
    client,
  });
}

describe('an exercise’s page', () => {
  it('reads as before in English', async () => {
    renderDetails();
    await screen.findByRole('heading', { name: 'Side plank', level: 1 });
    expect(screen.getByText('Timed · 1 min 30 s')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How to do it' })).toBeInTheDocument();
    expect(screen.getByText('Obliques')).toBeInTheDocument();
    expect(screen.getByText('None to speak of')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exercises tagged Core' })).toBeInTheDocument();
  });

  it('speaks Spanish around the library’s own words', async () => {
    await changeLocale('es');
    renderDetails();
    await screen.findByRole('heading', { name: 'Side plank', level: 1 });
    expect(screen.getByText('Por tiempo · 1 min 30 s')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vídeo de demostración' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cómo se hace' })).toBeInTheDocument();
    const glance = screen.getByRole('heading', { name: 'De un vistazo' }).parentElement!;
    expect(within(glance).getByText('Oblicuos')).toBeInTheDocument();
    expect(within(glance).getByText('Esterilla')).toBeInTheDocument();
    expect(within(glance).getByText('Ninguno destacable')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Ejercicios con la etiqueta Core' }),
    ).toBeInTheDocument();
    // The library's steps are content: they stay as written.
    expect(screen.getByText('Lift your hips.')).toBeInTheDocument();
  });
});
