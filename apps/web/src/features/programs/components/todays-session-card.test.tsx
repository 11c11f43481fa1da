// @vitest-environment jsdom
import type { ProgramToday } from '@fitcoach/shared/programs';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { TodaysSessionCard } from './todays-session-card';

const today = (status: 'today' | 'done'): NonNullable<ProgramToday> => ({
  program: { id: 5, title: 'Strength base' },
  entry: {
    id: 1,
    week: 2,
    weekday: 3,
    date: '2026-11-25',
    workout: { id: 41, title: 'Lower body A', estimated_minutes: 45 },
    note: '',
    diet: null,
    status,
  },
  adjusted: false,
});

const renderCard = () =>
  renderWithApp(
    <TodaysSessionCard workoutHref={(id) => `/workouts/${id}`} programHref={(id) => `/p/${id}`} />,
  );

describe("today's session", () => {
  it('starts the day’s workout in one tap and links the program', async () => {
    mockApi().on('GET /api/program/today', today('today'));
    renderCard();
    const start = await screen.findByRole('link', { name: 'Start workout' });
    expect(start.getAttribute('href')).toBe('/workouts/41');
    expect(screen.getByText('Strength base · week 2')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the program' }).getAttribute('href')).toBe('/p/5');
    expect(screen.queryByText('Done today')).toBeNull();
  });

  it('says when it is done today, and shows nothing on a day without a session', async () => {
    mockApi().on('GET /api/program/today', today('done'));
    const { unmount } = renderCard();
    expect(await screen.findByText('Done today')).toBeVisible();
    unmount();
    mockApi().on('GET /api/program/today', () => Response.json(null));
    const { container } = renderCard();
    expect(screen.getByLabelText("Loading today's session")).toBeVisible();
    await vi.waitFor(() => expect(screen.queryByLabelText("Loading today's session")).toBeNull());
    expect(container.querySelector('section')).toBeNull();
  });
});
