// @vitest-environment jsdom
import type {
  CoachClient,
  CoachClientDetail,
  CoachClientList,
  LogComment,
  MyCoaching,
} from '@fitcoach/shared/coaching';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { apiError, mockApi, reply } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { ClientDetail } from './client-detail';
import { CoachPage } from './coach-page';
import { LogCommentThread } from './log-comment-thread';
import { MyCoachingSection } from './my-coaching-section';

afterEach(async () => {
  await changeLocale('en');
});

const person = (id: number, name: string) => ({ id, name, avatar_url: null });

const follow = {
  status: 'active' as const,
  starts_on: '2026-11-23',
  ends_on: '2026-12-06',
  paused_on: null,
  pauses: [],
  finished: false,
  progress: 67,
  weeks: [
    { week: 1, planned: 3, done: 2, missed: 1, adherence: 67 },
    { week: 2, planned: 3, done: 0, missed: 0, adherence: null },
  ],
};

const jordan: CoachClient = {
  id: 4,
  status: 'active',
  member: person(7, 'Jordan Lee'),
  invited_at: '2026-11-01T10:00:00Z',
  started_at: '2026-11-02T10:00:00Z',
  ended_at: null,
  program: { id: 9, title: 'Strength base', weeks: 2, assigned_by_me: true, follow },
  adherence: 67,
  last_log_on: '2026-11-25',
  recent_logs: [
    {
      id: 31,
      title: 'Leg day',
      performed_on: '2026-11-25',
      duration_seconds: 3000,
      energy_level: 4,
      sleep_quality: 3,
      liked_or_disliked: 'liked',
      note: '',
      comment_count: 1,
    },
  ],
};
const sam: CoachClient = {
  ...jordan,
  id: 5,
  status: 'invited',
  member: person(8, 'Sam Okafor'),
  started_at: null,
  program: null,
  adherence: null,
  last_log_on: null,
  recent_logs: [],
};

const comment: LogComment = {
  id: 50,
  log_id: 31,
  body: 'Great depth on the squats.',
  author: person(2, 'Casey Coach'),
  by_coach: true,
  mine: true,
  created_at: '2026-11-25T18:00:00Z',
};

describe('the coach page', () => {
  it('lists active clients with adherence and last log, and invitations apart', async () => {
    mockApi().on('GET /api/coach/clients', { items: [jordan, sam] } satisfies CoachClientList);
    renderWithApp(<CoachPage />);
    const card = await screen.findByRole('article', { name: 'Jordan Lee' });
    expect(within(card).getByText('Strength base')).toBeVisible();
    expect(within(card).getByRole('progressbar', { name: 'Adherence: 67%' })).toBeVisible();
    expect(within(card).getByText(/Last workout:/)).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Open Jordan Lee’s progress' })).toHaveAttribute(
      'href',
      '/coach/clients/4',
    );
    const invited = screen.getByRole('region', { name: /Invitations waiting/ });
    expect(within(invited).getByText('Sam Okafor')).toBeVisible();
    expect(
      within(invited).getByRole('button', { name: 'Withdraw the invitation to Sam Okafor' }),
    ).toBeVisible();
  });

  it('shows an empty state, and invites a member picked with the select box', async () => {
    const api = mockApi()
      .on('GET /api/coach/clients', { items: [] })
      .on('GET /api/members/search', {
        items: [{ id: 8, name: 'Sam Okafor', avatar_url: null, relationship: 'none' }],
        next_cursor: null,
      })
      .on('POST /api/coach/clients', () => reply(201, sam));
    const { user } = renderWithApp(<CoachPage />);
    expect(await screen.findByText('No clients yet')).toBeVisible();
    await user.click(screen.getAllByRole('button', { name: 'Invite a member' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    await user.type(within(dialog).getByRole('combobox'), 'Sam');
    await user.click(await screen.findByRole('option', { name: /Sam Okafor/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.sent('POST /api/coach/clients')).toHaveLength(1));
    expect(api.sent('POST /api/coach/clients')[0]!.body).toEqual({ user_id: 8 });
    expect(await screen.findByText('Invitation sent')).toBeVisible();
  });

  it('says why the list did not load (a member is refused), in Spanish too', async () => {
    await changeLocale('es');
    mockApi().on('GET /api/coach/clients', () =>
      reply(403, {
        error: 'forbidden',
        message: 'Solo los entrenadores y administradores tienen clientes.',
      }),
    );
    renderWithApp(<CoachPage />);
    expect(await screen.findByText('No se pudieron cargar tus clientes')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
  });
});

describe('a client’s detail', () => {
  const detail: CoachClientDetail = {
    ...jordan,
    recent_logs: [{ ...jordan.recent_logs[0]!, comments: [comment] }],
  };

  it('shows weekly adherence and the logs with their comments; a comment is sent', async () => {
    const api = mockApi()
      .on('GET /api/coach/clients/4', detail)
      .on('POST /api/workout_log/31/comments', () =>
        reply(201, { ...comment, id: 51, body: 'Add 2.5 kg next time.' }),
      );
    const { user } = renderWithApp(<ClientDetail linkId={4} />);
    expect(await screen.findByRole('heading', { name: 'Jordan Lee', level: 1 })).toBeVisible();
    const table = screen.getByRole('table', { name: /per program week/ });
    expect(within(table).getByRole('row', { name: /Week 1 2 of 3 1 67%/ })).toBeVisible();
    const thread = screen.getByRole('region', { name: 'Comments on Leg day' });
    expect(within(thread).getByText('Great depth on the squats.')).toBeVisible();

    // An empty comment is refused on the page; then one is sent, trimmed.
    await user.click(within(thread).getByRole('button', { name: 'Send comment' }));
    expect(within(thread).getByText('Write a comment first.')).toBeVisible();
    await user.type(
      within(thread).getByRole('textbox', { name: 'Your comment' }),
      '  Add 2.5 kg next time. ',
    );
    await user.click(within(thread).getByRole('button', { name: 'Send comment' }));
    await waitFor(() => expect(api.sent('POST /api/workout_log/31/comments')).toHaveLength(1));
    expect(api.sent('POST /api/workout_log/31/comments')[0]!.body).toEqual({
      body: 'Add 2.5 kg next time.',
    });
  });

  it('asks before ending coaching', async () => {
    const api = mockApi()
      .on('GET /api/coach/clients/4', detail)
      .on('DELETE /api/coach/clients/4', () => reply(204));
    const { user } = renderWithApp(<ClientDetail linkId={4} />);
    await user.click(await screen.findByRole('button', { name: 'End coaching' }));
    const dialog = await screen.findByRole('dialog', { name: 'End coaching?' });
    expect(api.sent('DELETE /api/coach/clients/4')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'End coaching' }));
    await waitFor(() => expect(api.sent('DELETE /api/coach/clients/4')).toHaveLength(1));
  });

  it('says so when the member is no longer a client', async () => {
    mockApi().on('GET /api/coach/clients/4', () => apiError(404, 'Not yours.'));
    renderWithApp(<ClientDetail linkId={4} />);
    expect(await screen.findByRole('heading', { name: 'Client not available' })).toBeVisible();
  });
});

describe('the member’s coaching', () => {
  const invitation = {
    id: 5,
    status: 'invited' as const,
    coach: person(2, 'Casey Coach'),
    invited_at: '2026-11-20T10:00:00Z',
    started_at: null,
  };

  it('accepts an invitation, then ends coaching after a confirmation', async () => {
    let mine: MyCoaching = { coaches: [], invitations: [invitation] };
    const api = mockApi()
      .on('GET /api/coach/mine', () => mine)
      .on('POST /api/coach/invitations/5/accept', () => {
        mine = {
          coaches: [{ ...invitation, status: 'active', started_at: '2026-11-21T10:00:00Z' }],
          invitations: [],
        };
        return mine;
      })
      .on('DELETE /api/coach/clients/5', () => {
        mine = { coaches: [], invitations: [] };
        return reply(204);
      });
    const { user } = renderWithApp(<MyCoachingSection />);
    await user.click(
      await screen.findByRole('button', { name: 'Accept the invitation from Casey Coach' }),
    );
    const end = await screen.findByRole('button', { name: 'End coaching with Casey Coach' });
    expect(screen.getByText(/Coaching you since/)).toBeVisible();
    await user.click(end);
    const dialog = await screen.findByRole('dialog', { name: 'End coaching?' });
    await user.click(within(dialog).getByRole('button', { name: 'End coaching' }));
    expect(await screen.findByText(/No coach yet/)).toBeVisible();
    expect(api.sent('DELETE /api/coach/clients/5')).toHaveLength(1);
  });

  it('declines an invitation', async () => {
    let mine: MyCoaching = { coaches: [], invitations: [invitation] };
    const api = mockApi()
      .on('GET /api/coach/mine', () => mine)
      .on('POST /api/coach/invitations/5/decline', () => {
        mine = { coaches: [], invitations: [] };
        return mine;
      });
    const { user } = renderWithApp(<MyCoachingSection />);
    await user.click(
      await screen.findByRole('button', { name: 'Decline the invitation from Casey Coach' }),
    );
    expect(await screen.findByText(/No coach yet/)).toBeVisible();
    expect(api.sent('POST /api/coach/invitations/5/decline')).toHaveLength(1);
  });
});

describe('a log’s comment thread in the history', () => {
  it('hides behind a button until there is a comment', async () => {
    mockApi();
    const { user } = renderWithApp(
      <LogCommentThread logId={31} logTitle="Leg day" comments={[]} canWrite collapsedWhenEmpty />,
    );
    await user.click(
      await screen.findByRole('button', { name: 'Comment on Leg day for your coach' }),
    );
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toBeVisible();
  });

  it('shows a coach’s comment read-only to a member without a coach now', async () => {
    mockApi();
    renderWithApp(
      <LogCommentThread
        logId={31}
        logTitle="Leg day"
        comments={[{ ...comment, mine: false }]}
        canWrite={false}
        collapsedWhenEmpty
      />,
    );
    expect(await screen.findByText('Great depth on the squats.')).toBeVisible();
    expect(screen.getByText('Coach')).toBeVisible();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
