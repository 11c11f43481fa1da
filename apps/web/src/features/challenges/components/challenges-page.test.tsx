// @vitest-environment jsdom
import type {
  ChallengeDetail,
  ChallengeList,
  ChallengeSummary,
  Leaderboard,
  SubmissionList,
} from '@fitcoach/shared/challenges';
import type { TeamList, TeamSummary } from '@fitcoach/shared/teams';
import type * as ActionCable from '@rails/actioncable';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { closeRealtime } from '../../../lib/realtime';
import { apiError, mockApi } from '../../../test/api-mock';
import { fakeCable } from '../../../test/fake-cable';
import { renderWithApp } from '../../../test/render';
import { ChallengesPage } from './challenges-page';
import {
  initialChallengeValues,
  toChallengeInput,
  validateChallenge,
} from './challenge-form-modal';

vi.mock('@rails/actioncable', async (importOriginal) => {
  const { fakeCable: cable } = await import('../../../test/fake-cable');
  return {
    ...(await importOriginal<typeof ActionCable>()),
    createConsumer: () => cable.consumer,
  };
});

afterEach(async () => {
  closeRealtime();
  fakeCable.reset();
  await changeLocale('en');
});

const summary: ChallengeSummary = {
  id: 7,
  title: 'November push',
  description: 'Two sessions, one on camera.',
  prize: 'A water bottle',
  duration: 7,
  start_date: '2026-11-20',
  end_date: '2026-11-26',
  visibility: 'public',
  team_id: null,
  team_name: null,
  status: 'active',
  prize_winners: 3,
  creator: { id: 2, name: 'Coach Kim' },
  participant_count: 4,
  requirement_count: 2,
  joined: false,
  completed_count: 0,
  may_edit: false,
  may_review: false,
  may_join: true,
};

const detail: ChallengeDetail = {
  ...summary,
  requirements: [
    {
      id: 11,
      workout_id: 3,
      workout_title: 'Full body basics',
      uploadRequired: false,
      description: 'Any pace',
      submission: null,
    },
    {
      id: 12,
      workout_id: 4,
      workout_title: 'Sprint intervals',
      uploadRequired: true,
      description: 'Film the last sprint',
      submission: null,
    },
  ],
  prize_awarded: false,
  awarded: false,
};

const board: Leaderboard = {
  challenge_id: 7,
  status: 'active',
  requirement_count: 2,
  participant_count: 1,
  entries: [
    {
      rank: 1,
      member: { id: 5, name: 'Ana' },
      completed: 1,
      finished_at: null,
      prize_awarded: false,
    },
  ],
};

const list = (items: ChallengeSummary[]): ChallengeList => ({ items });

function renderPage(route = '/challenges', role: 'member' | 'coach' = 'member') {
  return renderWithApp(<ChallengesPage role={role} viewerId={1} />, { route });
}

describe('the challenges list', () => {
  it('shows the active tab first, and another tab’s empty state when chosen by keyboard', async () => {
    const api = mockApi()
      .on('GET /api/challenge?tab=active', list([summary]))
      .on('GET /api/challenge?tab=upcoming', list([]));
    const { user, router } = renderPage();
    expect(await screen.findByRole('button', { name: 'Details of November push' })).toBeVisible();
    expect(screen.getByText('4 participants')).toBeVisible();
    const active = screen.getByRole('tab', { name: 'Active' });
    active.focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No challenges are coming up.')).toBeVisible();
    expect(router.state.location.search).toBe('?tab=upcoming');
    expect(api.sent('GET /api/challenge').map((r) => r.query.get('tab'))).toEqual([
      'active',
      'upcoming',
    ]);
  });

  it('says when the list failed and tries again', async () => {
    let calls = 0;
    mockApi().on('GET /api/challenge', () =>
      ++calls === 1 ? apiError(500, 'Something broke.') : list([summary]),
    );
    const { user } = renderPage();
    expect(await screen.findByText('The challenges could not be loaded')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Details of November push' })).toBeVisible();
  });

  it('reads in Spanish', async () => {
    await changeLocale('es');
    mockApi().on('GET /api/challenge', list([]));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Retos' })).toBeVisible();
    expect(await screen.findByText('Ahora mismo no hay retos en curso.')).toBeVisible();
  });
});

describe('the challenge-details modal', () => {
  it('opens from the card, lists the requirements and joins', async () => {
    const api = mockApi()
      .on('GET /api/challenge', list([summary]))
      .on('GET /api/challenge/7', detail)
      .on('POST /api/challenge/7/join', {
        ...detail,
        joined: true,
        may_join: false,
        participant_count: 5,
      })
      .on('GET /api/challenge/7/leaderboard', board);
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Details of November push' }));
    const dialog = await screen.findByRole('dialog', { name: 'November push' });
    expect(router.state.location.search).toBe('?challenge=7');
    expect(within(dialog).getByText('Requirement 2: Sprint intervals')).toBeVisible();
    expect(within(dialog).getByText('Proof needed')).toBeVisible();
    expect(
      within(dialog).getByText('The first 3 members to meet every requirement win.'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Join challenge' }));
    expect(
      await within(dialog).findByText('You have joined: 0 of 2 requirements done.'),
    ).toBeVisible();
    expect(api.sent('POST /api/challenge/7/join')).toHaveLength(1);
    expect(within(dialog).getAllByRole('button', { name: 'Submit' })).toHaveLength(2);

    await user.click(within(dialog).getByRole('tab', { name: 'Leaderboard' }));
    expect(await within(dialog).findByRole('cell', { name: 'Ana' })).toBeVisible();
    expect(within(dialog).getByRole('cell', { name: '1 of 2' })).toBeVisible();
  });

  it('follows the challenge live: a pushed leaderboard replaces the one shown', async () => {
    const api = mockApi()
      .on('GET /api/challenge', list([summary]))
      .on('GET /api/challenge/7', detail)
      .on('GET /api/challenge/7/leaderboard', board);
    const { user } = renderPage('/challenges?challenge=7');
    const dialog = await screen.findByRole('dialog', { name: 'November push' });
    await user.click(within(dialog).getByRole('tab', { name: 'Leaderboard' }));
    expect(await within(dialog).findByRole('cell', { name: 'Ana' })).toBeVisible();
    expect(fakeCable.subscriptions.map((s) => s.identifier)).toContainEqual({
      channel: 'ChallengeChannel',
      challenge_id: 7,
    });
    fakeCable.confirm('ChallengeChannel');
    fakeCable.push('ChallengeChannel', {
      type: 'leaderboard',
      leaderboard: {
        ...board,
        participant_count: 2,
        entries: [
          { ...board.entries[0]!, completed: 2, finished_at: '2026-11-21T10:00:00.000Z' },
          {
            rank: 2,
            member: { id: 6, name: 'Kim' },
            completed: 0,
            finished_at: null,
            prize_awarded: false,
          },
        ],
      },
    });
    expect(await within(dialog).findByRole('cell', { name: 'Kim' })).toBeVisible();
    expect(within(dialog).getByRole('cell', { name: /^2 of 2/ })).toBeVisible();
    // The details (progress, counts) are fetched again; the board is not.
    await waitFor(() => expect(api.sent('GET /api/challenge/7')).toHaveLength(2));
    expect(api.sent('GET /api/challenge/7/leaderboard')).toHaveLength(1);
  });

  it('asks for the proof before sending a submission that needs one', async () => {
    const joined = { ...detail, joined: true, may_join: false };
    const api = mockApi()
      .on('GET /api/challenge', list([summary]))
      .on('GET /api/challenge/7', joined);
    const { user } = renderPage('/challenges?challenge=7');
    const dialog = await screen.findByRole('dialog', { name: 'November push' });
    const buttons = within(dialog).getAllByRole('button', { name: 'Submit' });
    await user.click(buttons[1]!);
    const modal = await screen.findByRole('dialog', { name: 'Submit requirement' });
    expect(
      within(modal).getByText(/JPEG, PNG, WebP, GIF, MP4, WebM or MOV, up to 200 MB/),
    ).toBeVisible();
    expect(within(modal).getByLabelText('Proof file')).toHaveAttribute(
      'data-direct-upload-url',
      '/rails/active_storage/direct_uploads?purpose=challenge_proof',
    );
    await user.click(within(modal).getByRole('button', { name: 'Submit' }));
    expect(await within(modal).findByText('Upload a proof photo or video first.')).toBeVisible();
    expect(api.sent('POST /api/challenge/7/requirements/12/submit')).toHaveLength(0);
  });

  it('submits a requirement without a proof with its note', async () => {
    const joined = { ...detail, joined: true, may_join: false };
    const api = mockApi()
      .on('GET /api/challenge', list([summary]))
      .on('GET /api/challenge/7', joined)
      .on('POST /api/challenge/7/requirements/11/submit', {
        id: 30,
        status: 'approved',
        reason: null,
        note: 'Felt good',
        proof: null,
        submitted_at: '2026-11-21T10:00:00.000Z',
      });
    const { user } = renderPage('/challenges?challenge=7');
    const dialog = await screen.findByRole('dialog', { name: 'November push' });
    await user.click(within(dialog).getAllByRole('button', { name: 'Submit' })[0]!);
    const modal = await screen.findByRole('dialog', { name: 'Submit requirement' });
    await user.type(within(modal).getByLabelText('Note (optional)'), 'Felt good');
    await user.click(within(modal).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Requirement completed.')).toBeVisible();
    expect(api.sent('POST /api/challenge/7/requirements/11/submit')[0]!.body).toEqual({
      note: 'Felt good',
    });
  });

  it('shows a rejection’s reason and offers to submit again', async () => {
    const rejected: ChallengeDetail = {
      ...detail,
      joined: true,
      may_join: false,
      requirements: [
        detail.requirements[0]!,
        {
          ...detail.requirements[1]!,
          submission: {
            id: 31,
            status: 'rejected',
            reason: 'The last set is cut off.',
            note: '',
            proof: null,
            submitted_at: '2026-11-21T10:00:00.000Z',
          },
        },
      ],
    };
    mockApi()
      .on('GET /api/challenge', list([summary]))
      .on('GET /api/challenge/7', rejected);
    renderPage('/challenges?challenge=7');
    const dialog = await screen.findByRole('dialog', { name: 'November push' });
    expect(within(dialog).getByText('Reason: The last set is cut off.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Submit again' })).toBeVisible();
  });
});

describe('the review queue', () => {
  const queue: SubmissionList = {
    items: [
      {
        id: 40,
        challenge_id: 7,
        requirement_id: 12,
        workout_title: 'Sprint intervals',
        member: { id: 5, name: 'Ana' },
        status: 'pending',
        reason: null,
        note: 'Last sprint at 0:45',
        proof: {
          url: '/api/challenge/submissions/40/proof',
          content_type: 'image/png',
          filename: 'sprint.png',
        },
        submitted_at: '2026-11-21T10:00:00.000Z',
        reviewed_at: null,
      },
    ],
  };

  it('lets a reviewer reject with a reason, which it requires', async () => {
    const api = mockApi()
      .on('GET /api/challenge', list([summary]))
      .on('GET /api/challenge/7', { ...detail, may_review: true })
      .on('GET /api/challenge/7/submissions', queue)
      .on('POST /api/challenge/submissions/40/review', { ...queue.items[0], status: 'rejected' });
    const { user } = renderPage('/challenges?challenge=7', 'coach');
    const dialog = await screen.findByRole('dialog', { name: 'November push' });
    await user.click(within(dialog).getByRole('tab', { name: 'Review' }));
    const item = await within(dialog).findByRole('listitem', { name: 'Ana · Sprint intervals' });
    expect(
      within(item).getByRole('img', { name: 'Proof from Ana for Sprint intervals' }),
    ).toHaveAttribute('src', '/api/challenge/submissions/40/proof');
    await user.click(within(item).getByRole('button', { name: 'Reject' }));
    await user.click(within(item).getByRole('button', { name: 'Reject proof' }));
    expect(await within(item).findByText('Say why the proof is rejected.')).toBeVisible();
    expect(api.sent('POST /api/challenge/submissions/40/review')).toHaveLength(0);
    await user.type(within(item).getByLabelText('Why is it rejected?'), 'Too dark to see.');
    await user.click(within(item).getByRole('button', { name: 'Reject proof' }));
    await waitFor(() =>
      expect(api.sent('POST /api/challenge/submissions/40/review')).toHaveLength(1),
    );
    expect(api.sent('POST /api/challenge/submissions/40/review')[0]!.body).toEqual({
      decision: 'reject',
      reason: 'Too dark to see.',
    });
  });

  it('lets a reviewer report a proof to the admins', async () => {
    const api = mockApi()
      .on('GET /api/challenge', list([summary]))
      .on('GET /api/challenge/7', { ...detail, may_review: true })
      .on('GET /api/challenge/7/submissions', queue)
      .on('POST /api/reports', {
        id: 1,
        kind: 'proof',
        target_id: 40,
        reason: 'inappropriate',
        details: '',
        status: 'open',
        created_at: '2026-11-21T10:00:00.000Z',
      });
    const { user } = renderPage('/challenges?challenge=7', 'coach');
    const dialog = await screen.findByRole('dialog', { name: 'November push' });
    await user.click(within(dialog).getByRole('tab', { name: 'Review' }));
    const item = await within(dialog).findByRole('listitem', { name: 'Ana · Sprint intervals' });
    await user.click(within(item).getByRole('button', { name: 'Report' }));
    const report = await screen.findByRole('dialog', { name: 'Report Ana’s proof' });
    await user.click(
      within(report).getByRole('radio', { name: 'Nudity or other inappropriate content' }),
    );
    await user.click(within(report).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(api.sent('POST /api/reports')).toHaveLength(1));
    expect(api.sent('POST /api/reports')[0]!.body).toEqual({
      kind: 'proof',
      target_id: 40,
      reason: 'inappropriate',
      details: '',
    });
  });
});

const team = (id: number, name: string, my_role: TeamSummary['my_role']): TeamSummary => ({
  id,
  name,
  sport: 'basketball',
  season: '',
  photo_url: null,
  my_role,
  member_count: 5,
  created_at: '2026-11-01T10:00:00.000Z',
});
const teams = (...items: TeamSummary[]): TeamList => ({ items });

describe('the create form', () => {
  it('fixes the challenges of a member who owns or coaches no team to friends-only, and says why', async () => {
    mockApi()
      .on('GET /api/challenge', list([]))
      .on('GET /api/team', teams(team(4, 'Pickup Friday', 'player')));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'New challenge' }));
    const form = await screen.findByRole('form', { name: 'New challenge' });
    expect(
      await within(form).findByText(
        /You don’t own or coach a team, so you can’t make a team challenge./,
      ),
    ).toBeVisible();
    const visibility = within(form).getByLabelText('Who can see it', { selector: 'input' });
    expect(visibility).toHaveValue('Friends only');
    expect(visibility).toBeDisabled();
    expect(within(form).queryByLabelText('Team', { selector: 'input' })).toBeNull();
  });

  it('offers the teams the member owns or coaches for a team challenge, and sends the one chosen', async () => {
    const api = mockApi()
      .on('GET /api/challenge', list([]))
      .on(
        'GET /api/team',
        teams(
          team(1, 'Riverside Hawks', 'owner'),
          team(2, 'Pickup Friday', 'player'),
          team(3, 'Lakeside Juniors', 'coach'),
        ),
      )
      .on('GET /api/workout', {
        items: [{ id: 3, title: 'Full body basics' }],
        next_cursor: null,
      })
      .on('POST /api/challenge', { ...detail, visibility: 'team', team_id: 3 });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'New challenge' }));
    const form = await screen.findByRole('form', { name: 'New challenge' });
    const visibility = within(form).getByLabelText('Who can see it', { selector: 'input' });
    await waitFor(() => expect(visibility).toBeEnabled());
    await user.click(visibility);
    await user.click(await screen.findByRole('option', { name: 'Team' }));
    const teamSelect = within(form).getByLabelText(/^Team/, { selector: 'input' });
    expect(teamSelect).toBeRequired();

    // Without a team the form says so, and nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Create challenge' }));
    expect(await within(form).findByText('Choose the team that sees the challenge.')).toBeVisible();
    expect(api.sent('POST /api/challenge')).toHaveLength(0);

    await user.click(teamSelect);
    const offered = await screen.findAllByRole('option');
    expect(offered.map((o) => o.textContent)).toEqual(['Riverside Hawks', 'Lakeside Juniors']);
    await user.click(screen.getByRole('option', { name: 'Lakeside Juniors' }));
    await user.type(within(form).getByLabelText(/^Title/), 'Spring ladder');
    await user.click(within(form).getByRole('combobox', { name: /Workout to log/ }));
    await user.click(await screen.findByRole('option', { name: 'Full body basics' }));
    await user.click(within(form).getByRole('button', { name: 'Create challenge' }));
    await waitFor(() => expect(api.sent('POST /api/challenge')).toHaveLength(1));
    expect(api.sent('POST /api/challenge')[0]!.body).toMatchObject({
      title: 'Spring ladder',
      visibility: 'team',
      team_id: 3,
      requirements: [{ workout_id: 3 }],
    });
  });

  it('shows the server’s team error on the team field', async () => {
    mockApi()
      .on('GET /api/challenge', list([]))
      .on('GET /api/team', teams(team(1, 'Riverside Hawks', 'coach')))
      .on('GET /api/workout', { items: [{ id: 3, title: 'Full body basics' }], next_cursor: null })
      .on('POST /api/challenge', () =>
        apiError(400, 'Check the fields.', [
          { path: 'team_id', message: 'Choose a team you own or coach.' },
        ]),
      );
    const { user } = renderPage('/challenges', 'coach');
    await user.click(await screen.findByRole('button', { name: 'New challenge' }));
    const form = await screen.findByRole('form', { name: 'New challenge' });
    await user.click(within(form).getByLabelText('Who can see it', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Team' }));
    // The only team is chosen at once.
    expect(within(form).getByLabelText(/^Team/, { selector: 'input' })).toHaveValue(
      'Riverside Hawks',
    );
    await user.type(within(form).getByLabelText(/^Title/), 'Spring ladder');
    await user.click(within(form).getByRole('combobox', { name: /Workout to log/ }));
    await user.click(await screen.findByRole('option', { name: 'Full body basics' }));
    await user.click(within(form).getByRole('button', { name: 'Create challenge' }));
    expect(await within(form).findByText('Choose a team you own or coach.')).toBeVisible();
  });

  it("searches library workouts for a requirement, and the team's too for a team challenge", async () => {
    const api = mockApi()
      .on('GET /api/challenge', list([]))
      .on('GET /api/team', teams(team(1, 'Riverside Hawks', 'coach')))
      .on('GET /api/workout', { items: [{ id: 3, title: 'Full body basics' }], next_cursor: null });
    const { user } = renderPage('/challenges', 'coach');
    await user.click(await screen.findByRole('button', { name: 'New challenge' }));
    const form = await screen.findByRole('form', { name: 'New challenge' });
    const scopes = () =>
      api
        .sent('GET /api/workout')
        .map((r) => new URLSearchParams(r.url.split('?')[1]).get('scope'));
    // Members log a requirement's workout: a private one of the author's nobody else could.
    await user.click(within(form).getByRole('combobox', { name: /Workout to log/ }));
    await screen.findByRole('option', { name: 'Full body basics' });
    expect(new Set(scopes())).toEqual(new Set(['library']));
    await user.keyboard('{Escape}');
    await user.click(within(form).getByLabelText('Who can see it', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Team' }));
    await user.click(within(form).getByRole('combobox', { name: /Workout to log/ }));
    await waitFor(() => expect(scopes()).toContain('all'));
  });

  it('asks for a title and a workout per requirement before sending', async () => {
    const api = mockApi().on('GET /api/challenge', list([])).on('GET /api/team', teams());
    const { user } = renderPage('/challenges', 'coach');
    await user.click(await screen.findByRole('button', { name: 'New challenge' }));
    const form = await screen.findByRole('form', { name: 'New challenge' });
    await user.click(within(form).getByRole('button', { name: 'Create challenge' }));
    expect(await within(form).findByText('Give the challenge a title.')).toBeVisible();
    expect(within(form).getByText('Choose a workout.')).toBeVisible();
    expect(api.sent('POST /api/challenge')).toHaveLength(0);
  });

  it('turns the form into the API’s input and refuses a workout twice', () => {
    const values = {
      ...initialChallengeValues('coach'),
      title: 'Spring',
      start_date: '2030-03-01',
      prize_winners: 2,
      requirements: [
        { key: 'a', workout: { id: 3, title: 'A' }, uploadRequired: true, description: 'x' },
        { key: 'b', workout: { id: 3, title: 'A' }, uploadRequired: false, description: '' },
      ],
    };
    const messages = { chooseWorkout: 'choose', workoutTwice: 'twice', chooseTeam: 'team' };
    const errors = validateChallenge(values, messages);
    expect(errors).toEqual({ 'requirements.1.workout_id': 'twice' });
    expect(validateChallenge({ ...values, visibility: 'team' }, messages)).toMatchObject({
      team_id: 'team',
    });
    // A team picked and then another visibility chosen is not sent.
    expect(toChallengeInput({ ...values, team_id: '4' }).team_id).toBeNull();
    expect(toChallengeInput({ ...values, visibility: 'team', team_id: '4' }).team_id).toBe(4);
    expect(toChallengeInput({ ...values, prize_winners: '' })).toMatchObject({
      visibility: 'public',
      prize_winners: null,
      duration: 7,
      requirements: [
        { workout_id: 3, uploadRequired: true, description: 'x' },
        { workout_id: 3, uploadRequired: false, description: '' },
      ],
    });
  });
});

describe('team challenges', () => {
  const teamChallenge: ChallengeDetail = {
    ...detail,
    visibility: 'team',
    team_id: 1,
    team_name: 'Riverside Hawks',
    status: 'upcoming',
    may_edit: true,
  };

  it('shows the team by name on the card and in the details', async () => {
    mockApi()
      .on('GET /api/challenge', list([teamChallenge]))
      .on('GET /api/challenge/7', teamChallenge);
    const { user } = renderPage();
    const card = await screen.findByRole('button', { name: 'Details of November push' });
    expect(within(card).getByText('Team: Riverside Hawks')).toBeVisible();
    await user.click(card);
    const dialog = await screen.findByRole('dialog', { name: 'November push' });
    expect(within(dialog).getByText('Team: Riverside Hawks')).toBeVisible();
  });

  it('says when a team challenge’s team is gone', async () => {
    const orphan = { ...teamChallenge, team_id: null, team_name: null, may_join: false };
    mockApi()
      .on('GET /api/challenge', list([orphan]))
      .on('GET /api/challenge/7', orphan);
    renderPage('/challenges?challenge=7');
    const dialog = await screen.findByRole('dialog', { name: 'November push' });
    expect(within(dialog).getByText('Team deleted')).toBeVisible();
    expect(
      within(dialog).getByText(
        'Its team was deleted: only its creator and admins can see this challenge now.',
      ),
    ).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Join challenge' })).toBeNull();
    expect(
      within(dialog).getByText("Only the team's members take part in this challenge."),
    ).toBeVisible();
  });

  it('offers no Join to its creator once off the team', async () => {
    const offTeam = { ...teamChallenge, may_join: false };
    mockApi()
      .on('GET /api/challenge', list([offTeam]))
      .on('GET /api/challenge/7', offTeam);
    renderPage('/challenges?challenge=7');
    const dialog = await screen.findByRole('dialog', { name: 'November push' });
    expect(
      within(dialog).getByText("Only the team's members take part in this challenge."),
    ).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Join challenge' })).toBeNull();
  });

  it('edits a challenge from its details: the team is kept or changed', async () => {
    const api = mockApi()
      .on('GET /api/challenge', list([teamChallenge]))
      .on('GET /api/challenge/7', teamChallenge)
      .on(
        'GET /api/team',
        teams(team(1, 'Riverside Hawks', 'owner'), team(3, 'Lakeside Juniors', 'coach')),
      )
      .on('PUT /api/challenge/7', { ...teamChallenge, team_id: 3, team_name: 'Lakeside Juniors' });
    const { user } = renderPage('/challenges?challenge=7');
    const dialog = await screen.findByRole('dialog', { name: 'November push' });
    await user.click(within(dialog).getByRole('button', { name: 'Edit November push' }));
    const form = await screen.findByRole('form', { name: 'Edit challenge' });
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('November push');
    const teamSelect = within(form).getByLabelText(/^Team/, { selector: 'input' });
    await waitFor(() => expect(teamSelect).toHaveValue('Riverside Hawks'));
    await user.click(teamSelect);
    await user.click(await screen.findByRole('option', { name: 'Lakeside Juniors' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.sent('PUT /api/challenge/7')).toHaveLength(1));
    expect(api.sent('PUT /api/challenge/7')[0]!.body).toMatchObject({
      visibility: 'team',
      team_id: 3,
      requirements: [{ workout_id: 3 }, { workout_id: 4, uploadRequired: true }],
    });
    // The details come back, with the new team.
    const back = await screen.findByRole('dialog', { name: 'November push' });
    expect(await within(back).findByText('Team: Lakeside Juniors')).toBeVisible();
  });

  it('reads in Spanish', async () => {
    await changeLocale('es');
    mockApi().on('GET /api/challenge', list([])).on('GET /api/team', teams());
    const { user } = renderPage('/challenges', 'coach');
    await user.click(await screen.findByRole('button', { name: 'Nuevo reto' }));
    expect(
      await screen.findByText(
        'No eres propietario ni entrenador de ningún equipo, así que no puedes crear un reto de equipo.',
      ),
    ).toBeVisible();
  });
});
