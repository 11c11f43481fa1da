// @vitest-environment jsdom
import type { PersonalStats } from '@fitcoach/shared/workout-logs';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { PersonalStatsModal } from './personal-stats-modal';

afterEach(async () => {
  await changeLocale('en');
});

const stats: PersonalStats = {
  weight_unit: 'kg',
  totals: { workouts: 12, volume: 56633, reps: 1450, minutes: 834 },
  current_streak_days: 1,
  longest_streak_days: 5,
  current_streak_weeks: 3,
  last_workout_on: '2026-11-18',
  personal_records: [
    {
      exercise_id: 4,
      name: 'Barbell back squat',
      heaviest_weight: 82.5,
      most_reps: 12,
      best_one_rep_max: 96.25,
      achieved_on: '2026-11-11',
    },
  ],
  achievements: [],
};

async function renderStats() {
  mockApi().on('GET /api/stats/personal', stats);
  renderWithApp(<PersonalStatsModal opened onClose={vi.fn()} />);
}

describe('the personal stats', () => {
  it('read as before in English', async () => {
    await renderStats();
    const dialog = await screen.findByRole('dialog', { name: 'Personal stats' });
    expect(await within(dialog).findByText('56,633')).toBeInTheDocument();
    expect(within(dialog).getByText('13.9')).toBeInTheDocument();
    expect(within(dialog).getByText('day')).toBeInTheDocument();
    expect(within(dialog).getByText('weeks')).toBeInTheDocument();
    expect(within(dialog).getByText('Last workout: Nov 18, 2026.')).toBeInTheDocument();
    expect(within(dialog).getByText('82.5 kg')).toBeInTheDocument();
    expect(within(dialog).getByText('Set on Nov 11, 2026')).toBeInTheDocument();
  });

  it('speak Spanish, with Spanish numbers and dates', async () => {
    await changeLocale('es');
    await renderStats();
    const dialog = await screen.findByRole('dialog', { name: 'Estadísticas personales' });
    expect(await within(dialog).findByText('56.633')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Récords personales' })).toBeInTheDocument();
    expect(within(dialog).getByText('Tiempo entrenado')).toBeInTheDocument();
    expect(within(dialog).getByText('13,9')).toBeInTheDocument();
    expect(within(dialog).getByText('día')).toBeInTheDocument();
    expect(within(dialog).getByText('semanas')).toBeInTheDocument();
    expect(within(dialog).getByText('Último entrenamiento: 18 nov 2026.')).toBeInTheDocument();
    expect(within(dialog).getByText('82,5 kg')).toBeInTheDocument();
    expect(within(dialog).getByText('Conseguido el 11 nov 2026')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Todavía no tienes insignias. Registra tu primer entrenamiento para conseguir una.',
      ),
    ).toBeInTheDocument();
    // The exercise's name is the library's and stays as written.
    expect(within(dialog).getByText('Barbell back squat')).toBeInTheDocument();
  });
});
