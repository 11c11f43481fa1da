// @vitest-environment jsdom
import type { ChartData } from '@fitcoach/shared/workout-logs';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { WorkoutCharts } from './workout-charts';

afterEach(async () => {
  await changeLocale('en');
});

const chartData: ChartData = {
  workout_id: null,
  weight_unit: 'kg',
  volume: [
    { date: '2026-11-11', log_id: 1, volume: 98.5 },
    { date: '2026-11-18', log_id: 2, volume: 12340 },
  ],
  one_rep_max: { exercises: [], points: [] },
  sessions_per_week: [{ week_start: '2026-11-16', sessions: 2 }],
  wellbeing: [],
};

describe('the progress charts', () => {
  it('sum up volume in English as before', async () => {
    mockApi().on('POST /api/workout/chart_data', chartData);
    renderWithApp(<WorkoutCharts workouts={[{ id: 3, title: 'Heavy legs' }]} />);
    const progress = await screen.findByRole('region', { name: 'Progress' });
    expect(await within(progress).findByText('Latest (Nov 18)')).toBeInTheDocument();
    expect(within(progress).getAllByText('12,340 kg').length).toBeGreaterThan(0);
    expect(within(progress).getByRole('tab', { name: 'Energy & sleep' })).toBeInTheDocument();
  });

  it('label tabs, summaries and the data table in Spanish, with Spanish dates and numbers', async () => {
    await changeLocale('es');
    mockApi().on('POST /api/workout/chart_data', chartData);
    renderWithApp(<WorkoutCharts workouts={[{ id: 3, title: 'Heavy legs' }]} />);
    const progress = await screen.findByRole('region', { name: 'Progreso' });
    expect(await within(progress).findByText('Última (18 nov)')).toBeInTheDocument();
    expect(within(progress).getByText('Mejor sesión')).toBeInTheDocument();
    expect(within(progress).getAllByText('12.340 kg').length).toBeGreaterThan(0);
    expect(within(progress).getByRole('tab', { name: 'Energía y sueño' })).toBeInTheDocument();
    const table = within(progress).getByRole('table', { name: 'Volumen por sesión en kg' });
    expect(within(table).getByText('11 nov 2026')).toBeInTheDocument();
    expect(within(table).getByText('98,5')).toBeInTheDocument();
  });
});
