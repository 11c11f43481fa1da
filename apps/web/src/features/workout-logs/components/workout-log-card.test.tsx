// @vitest-environment jsdom
import type { WorkoutLog } from '@fitcoach/shared/workout-logs';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { renderWithApp } from '../../../test/render';
import { WorkoutLogCard } from './workout-log-card';

afterEach(async () => {
  await changeLocale('en');
});

const log: WorkoutLog = {
  id: 7,
  workout_id: 3,
  title: 'Heavy legs',
  source: 'workout',
  // A past year, so the day is written out (not "Today") whenever the test runs.
  performed_on: '2020-03-05',
  created_at: '2020-03-05T18:00:00.000Z',
  duration_seconds: 3960,
  note: 'Felt strong.',
  liked_or_disliked: 'liked',
  energy_level: 4,
  sleep_quality: 2,
  total_volume: 12340,
  total_reps: 1500,
  exercises: [
    {
      exercise_id: 11,
      name: 'Barbell back squat',
      note: null,
      sets: [1, 2, 3].map((set_number) => ({
        set_number,
        reps: 5,
        weight: 82.5,
        duration_seconds: null,
      })),
    },
  ],
};

function renderCard() {
  return renderWithApp(
    <WorkoutLogCard log={log} weightUnit="kg" deleting={false} onDelete={vi.fn()} />,
  );
}

describe('a history card', () => {
  it('reads as before in English', async () => {
    renderCard();
    const card = await screen.findByRole('article', { name: 'Heavy legs' });
    expect(within(card).getByText('Thu, Mar 5, 2020')).toBeInTheDocument();
    expect(within(card).getByText('1 h 6 min')).toBeInTheDocument();
    expect(within(card).getByText('From a workout')).toBeInTheDocument();
    expect(within(card).getByText('12,340 kg')).toBeInTheDocument();
    expect(within(card).getByText('1,500')).toBeInTheDocument();
    expect(within(card).getByText('3 sets of 5 × 82.5 kg')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Energy 4 of 5' })).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Delete Heavy legs on Mar 5, 2020' }),
    ).toBeInTheDocument();
  });

  it('speaks Spanish, with Spanish dates and numbers, and keeps the member’s own words', async () => {
    await changeLocale('es');
    renderCard();
    const card = await screen.findByRole('article', { name: 'Heavy legs' });
    expect(within(card).getByText('jue, 5 mar 2020')).toBeInTheDocument();
    expect(within(card).getByText('De un entrenamiento')).toBeInTheDocument();
    expect(within(card).getByText('Te gustó')).toBeInTheDocument();
    expect(within(card).getByText('Volumen')).toBeInTheDocument();
    expect(within(card).getByText('12.340 kg')).toBeInTheDocument();
    expect(within(card).getByText('3 series de 5 × 82,5 kg')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Energía: 4 de 5' })).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Eliminar Heavy legs del 5 mar 2020' }),
    ).toBeInTheDocument();
    // Content the member wrote stays as written.
    expect(within(card).getByText('Felt strong.')).toBeInTheDocument();
    expect(within(card).getByText('Barbell back squat')).toBeInTheDocument();
  });
});
