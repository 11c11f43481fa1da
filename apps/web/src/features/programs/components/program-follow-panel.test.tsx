// @vitest-environment jsdom
import type { MemberSummary } from '@fitcoach/shared/friends';
import type { ProgramDetail, ProgramFollow } from '@fitcoach/shared/programs';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { ProgramCalendar } from './program-calendar';

afterEach(async () => {
  await changeLocale('en');
});

const statuses = ['done', 'missed', 'today'] as const;

const program = (follow: ProgramFollow | null): ProgramDetail => ({
  id: 5,
  title: 'Strength base',
  description: '',
  goal: 'weight_lifting',
  level: 'intermediate',
  weeks: 1,
  sessions_per_week: 3,
  visibility: 'public',
  starts_on: '2026-11-25',
  owner: { id: 1, name: 'Coach Kim' },
  is_mine: false,
  created_at: '2026-11-01T10:00:00.000Z',
  entries: [3, 5, 7].map((weekday, k) => ({
    id: k + 1,
    week: 1,
    weekday,
    date: `2026-11-${25 + 2 * k}`,
    workout: { id: 40 + k, title: `Session ${k + 1}`, estimated_minutes: 45 },
    note: '',
    diet: null,
    status: follow ? statuses[k]! : null,
  })),
  today: { week: 1, weekday: 7 },
  follow,
});

const following: ProgramFollow = {
  status: 'active',
  starts_on: '2026-11-25',
  ends_on: '2026-12-01',
  paused_on: null,
  pauses: [],
  finished: false,
  progress: 33,
  weeks: [{ week: 1, planned: 3, done: 1, missed: 1, adherence: 50 }],
};

const friendPicker = {
  queryKey: ['test', 'friends'],
  search: () => Promise.resolve({ items: [] as MemberSummary[], next_cursor: null }),
};

const renderPage = () =>
  renderWithApp(
    <ProgramCalendar
      id={5}
      workoutHref={(id) => `/workouts/${id}`}
      friendPicker={friendPicker}
      onCopied={vi.fn()}
    />,
  );

describe('following a program', () => {
  it('starts it on the chosen date, keeping other programs running when asked', async () => {
    let current = program(null);
    const api = mockApi()
      .on('GET /api/program/5', () => current)
      .on('POST /api/program/5/start', () => (current = program(following)));
    const { user } = renderPage();
    const panel = await screen.findByRole('region', { name: 'Follow this program' });
    const date = within(panel).getByLabelText('Start date');
    await user.clear(date);
    await user.type(date, '2099-01-05');
    await user.click(within(panel).getByRole('checkbox', { name: /Keep my other programs/ }));
    await user.click(within(panel).getByRole('button', { name: 'Start program' }));
    await vi.waitFor(() => expect(api.sent('POST /api/program/5/start')).toHaveLength(1));
    expect(api.sent('POST /api/program/5/start')[0]!.body).toEqual({
      start_date: '2099-01-05',
      keep_others: true,
    });
    expect(await within(panel).findByText('Following')).toBeVisible();
  });

  it('marks each day done, missed or today in words, with progress and adherence per week', async () => {
    const api = mockApi()
      .on('GET /api/program/5', program(following))
      .on('POST /api/program/5/pause', program({ ...following, status: 'paused' }));
    const { user } = renderPage();
    const week = await screen.findByRole('region', { name: 'Week 1' });
    const markOf = (title: string) =>
      within(week).getByText(title).closest('.mantine-Card-root')!.querySelector('[data-status]')
        ?.textContent;
    expect(markOf('Session 1')).toBe('Done');
    expect(markOf('Session 2')).toBe('Missed');
    // Today's day says "Today" in its heading, once.
    expect(markOf('Session 3')).toBeUndefined();
    const panel = screen.getByRole('region', { name: 'Follow this program' });
    expect(
      within(panel).getByRole('progressbar', { name: /33% of the workouts done/ }),
    ).toBeVisible();
    const row = within(panel).getByRole('row', { name: /Week 1/ });
    expect(within(row).getByText('1 of 3')).toBeVisible();
    expect(within(row).getByText('50%')).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Pause' }));
    await vi.waitFor(() => expect(api.sent('POST /api/program/5/pause')).toHaveLength(1));
    expect(api.sent('POST /api/program/5/pause')[0]!.body).toMatchObject({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('asks before leaving, then leaves', async () => {
    const api = mockApi()
      .on('GET /api/program/5', program(following))
      .on('POST /api/program/5/leave', program(null));
    const { user } = renderPage();
    const panel = await screen.findByRole('region', { name: 'Follow this program' });
    await user.click(within(panel).getByRole('button', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this program?' });
    expect(api.sent('POST /api/program/5/leave')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await vi.waitFor(() => expect(api.sent('POST /api/program/5/leave')).toHaveLength(1));
  });

  it('speaks Spanish', async () => {
    await changeLocale('es');
    mockApi().on('GET /api/program/5', program(following));
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Sigue este programa' });
    expect(within(panel).getByRole('button', { name: 'Pausar' })).toBeVisible();
    expect(screen.getByText('Hecho')).toBeVisible();
  });
});
