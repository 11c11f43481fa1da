// @vitest-environment jsdom
import type { MemberSummary } from '@fitcoach/shared/friends';
import type { ProgramDetail } from '@fitcoach/shared/programs';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { ProgramCalendar } from './program-calendar';

const program = (overrides: Partial<ProgramDetail> = {}): ProgramDetail => ({
  id: 5,
  title: '2-week HIIT program',
  description: '',
  goal: 'hiit',
  level: 'intermediate',
  weeks: 2,
  sessions_per_week: 1,
  visibility: 'private',
  starts_on: '2026-01-05',
  owner: { id: 1, name: 'Maya Rivera' },
  is_mine: true,
  created_at: '2026-01-05T10:00:00.000Z',
  entries: [1, 2].map((week) => ({
    id: week,
    week,
    weekday: 1,
    date: null,
    workout: { id: 40 + week, title: `Intervals ${week}`, estimated_minutes: 30 },
    note: '',
    diet: null,
    status: null,
  })),
  today: null,
  follow: null,
  ...overrides,
});

const friendPicker = {
  queryKey: ['test', 'friends'],
  search: () => Promise.resolve({ items: [] as MemberSummary[], next_cursor: null }),
};

function renderCalendar(onCopied = vi.fn()) {
  const view = renderWithApp(
    <ProgramCalendar
      id={5}
      workoutHref={(id) => `/workouts/${id}`}
      friendPicker={friendPicker}
      onCopied={onCopied}
    />,
  );
  return { ...view, onCopied };
}

describe('the program page', () => {
  it('lets the owner share (the share modal) and links each day to its workout', async () => {
    mockApi().on('GET /api/program/5', program());
    const { user } = renderCalendar();
    await screen.findByRole('heading', { name: 'Week 1' });
    expect(screen.getByRole('link', { name: 'Intervals 1' }).getAttribute('href')).toBe(
      '/workouts/41',
    );
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “2-week HIIT program”' });
    expect(within(dialog).getByText(/they can read the program and copy it/)).toBeVisible();
  });

  it('shows a friend’s shared program read-only and copies it as theirs', async () => {
    const copy = program({ id: 9, title: '2-week HIIT program (copy)' });
    const api = mockApi()
      .on('GET /api/program/5', program({ is_mine: false }))
      .on('POST /api/program/5/copy', copy);
    const { user, onCopied } = renderCalendar();
    await screen.findByRole('heading', { name: 'Week 1' });
    expect(screen.getByText(/Shared with you by Maya Rivera/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Intervals 1' })).toBeNull();
    expect(screen.getByText('Intervals 1')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Copy to my programs' }));
    await vi.waitFor(() => expect(onCopied).toHaveBeenCalledOnce());
    expect(onCopied.mock.calls[0]![0]).toMatchObject({ id: 9 });
    const [sent] = api.sent('POST /api/program/5/copy');
    expect(sent?.query.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('says a library program comes from the library, not that it was shared', async () => {
    mockApi().on(
      'GET /api/program/5',
      program({ is_mine: false, visibility: 'public', owner: { id: 2, name: 'Casey Coach' } }),
    );
    renderCalendar();
    await screen.findByRole('heading', { name: 'Week 1' });
    expect(screen.getByText(/From the library, by Casey Coach/)).toBeVisible();
    expect(screen.queryByText(/Shared with you/)).toBeNull();
  });

  it('runs a week from its start day: a Wednesday start shows Wednesday first, dated from it', async () => {
    mockApi().on(
      'GET /api/program/5',
      program({
        starts_on: '2026-11-25',
        weeks: 1,
        entries: [
          {
            id: 1,
            week: 1,
            weekday: 1,
            date: '2026-11-30',
            workout: { id: 41, title: 'Intervals 1', estimated_minutes: 30 },
            note: '',
            diet: null,
            status: null,
          },
        ],
      }),
    );
    renderCalendar();
    const week = await screen.findByRole('region', { name: 'Week 1' });
    const days = within(week)
      .getAllByText(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)$/)
      .map((d) => d.textContent);
    expect(days).toEqual(['Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue']);
    expect(within(week).getByText('Nov 25')).toBeVisible();
    // Monday comes last, five days after the start: November 30, with its workout.
    const monday = within(week).getByText('Nov 30').closest('.mantine-Card-root')!;
    expect(within(monday as HTMLElement).getByText('Mon')).toBeVisible();
    expect(within(monday as HTMLElement).getByRole('link', { name: 'Intervals 1' })).toBeVisible();
  });

  it('says why a copy failed', async () => {
    mockApi()
      .on('GET /api/program/5', program({ is_mine: false }))
      .on('POST /api/program/5/copy', () =>
        Response.json(
          { error: 'not_found', message: 'That program could not be found.' },
          { status: 404 },
        ),
      );
    const { user, onCopied } = renderCalendar();
    await user.click(await screen.findByRole('button', { name: 'Copy to my programs' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That program could not be found.');
    expect(onCopied).not.toHaveBeenCalled();
  });
});
