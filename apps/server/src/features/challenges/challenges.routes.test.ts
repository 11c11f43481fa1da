import { rmSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChallengeDetail,
  ChallengeInput,
  ChallengeList,
  Leaderboard,
  OwnSubmission,
  Submission,
  SubmissionList,
} from '@fitcoach/shared/challenges';
import type { NotificationPage } from '@fitcoach/shared/notifications';
import type { AssignableTeamRole, TeamDetail } from '@fitcoach/shared/teams';
import { challengeParticipants } from '../../db/schema/challenges';
import { notifications } from '../../db/schema/notifications';
import { userAchievements } from '../../db/schema/workout-logs';
import { isoDay, ManualClock } from '../../lib/clock';
import { settlePrizes } from './challenges.settlement';
import {
  befriend,
  createTestApp,
  libraryWorkoutIds,
  member,
  type TestApp,
  type TestClient,
} from '../../test/test-app';
import { imageBytes, tempDataDir, uploadFile } from '../../test/uploads';

let t: TestApp;
let dataDir: string;
const clock = new ManualClock();
let workoutA: number;
let workoutB: number;
let exerciseId: number;

beforeAll(async () => {
  dataDir = tempDataDir();
  t = await createTestApp({ DATA_DIR: dataDir }, { clock });
  const { client } = await member(t);
  [workoutA, workoutB] = (await libraryWorkoutIds(client, 2)) as [number, number];
  const found = (await client.get('/api/exercise?q=bench press&limit=5')).json<{
    items: { id: number; kind: string }[];
  }>();
  exerciseId = found.items.find((e) => e.kind === 'reps')!.id;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Each test starts on the real day: logs are stamped by the database's own clock. */
function resetClock() {
  clock.set(new Date());
}
const today = () => isoDay(clock.now());
const dayAfter = (n: number) => isoDay(new Date(Date.now() + n * 86_400_000));

async function withRole(role: 'coach' | 'admin') {
  const m = await member(t);
  await t.database.db.execute(sql`update users set role = ${role} where id = ${m.user.id}`);
  // Roles are read from the cached session.
  t.app.ctx.changes.emit({ kind: 'member', id: m.user.id });
  return m;
}

function challengeBody(overrides: Partial<ChallengeInput> = {}): ChallengeInput {
  return {
    title: 'November push',
    description: 'Two sessions, one on camera.',
    prize: 'A water bottle',
    duration: 3,
    start_date: today(),
    visibility: 'public',
    requirements: [
      { workout_id: workoutA, uploadRequired: false, description: 'Any pace' },
      { workout_id: workoutB, uploadRequired: true, description: 'Film the last set' },
    ],
    ...overrides,
  };
}

async function create(client: TestClient, overrides: Partial<ChallengeInput> = {}) {
  const res = await client.post('/api/challenge', challengeBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ChallengeDetail>();
}

async function logWorkout(client: TestClient, workoutId: number) {
  const res = await client.post(`/api/workout/${workoutId}/log`, {
    note: '',
    liked_or_disliked: 'liked',
    completedExercises: [{ exercise_id: exerciseId, reps: [5], weights: [40] }],
    energy_level: 3,
    sleep_quality: 3,
  });
  expect(res.statusCode, res.body).toBe(201);
}

const submit = (client: TestClient, c: ChallengeDetail, k: number, body: object = {}) =>
  client.post(`/api/challenge/${c.id}/requirements/${c.requirements[k]!.id}/submit`, body);

async function proof(client: TestClient) {
  const answer = await uploadFile(t, client, imageBytes(2048), {
    purpose: 'challenge_proof',
    contentType: 'image/png',
    filename: 'last-set.png',
  });
  return answer.signed_id;
}

/** A member who joined `c`, logged both workouts and submitted both (the second with a proof). */
async function completer(c: ChallengeDetail) {
  const m = await member(t);
  expect((await m.client.post(`/api/challenge/${c.id}/join`)).statusCode).toBe(200);
  await logWorkout(m.client, workoutA);
  await logWorkout(m.client, workoutB);
  expect((await submit(m.client, c, 0)).statusCode).toBe(200);
  const res = await submit(m.client, c, 1, { signed_id: await proof(m.client) });
  expect(res.statusCode, res.body).toBe(200);
  return { ...m, submission: res.json<OwnSubmission>() };
}

const review = (client: TestClient, submissionId: number, body: object) =>
  client.post(`/api/challenge/submissions/${submissionId}/review`, body);

/** A team owned by `owner`, with members added in the given team roles. */
async function teamWith(
  owner: TestClient,
  members: [{ user: { id: number } }, AssignableTeamRole][] = [],
) {
  const res = await owner.post('/api/team', { name: 'Riverside Hawks', sport: 'basketball' });
  expect(res.statusCode, res.body).toBe(201);
  const team = res.json<TeamDetail>();
  for (const [k, [who, role]] of members.entries()) {
    const added = await owner.post('/api/team/users', {
      team_id: team.id,
      user_id: who.user.id,
      role,
      ...(role === 'player' ? { jersey_number: k, alias_name: `Player ${k}` } : {}),
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  return team;
}

describe('creating challenges', () => {
  it('lets coaches and admins create public challenges, members friends-only ones', async () => {
    resetClock();
    const coach = await withRole('coach');
    const admin = await withRole('admin');
    const m = await member(t);
    expect((await create(coach.client, { visibility: 'friends' })).visibility).toBe('friends');
    expect((await create(admin.client, { visibility: 'public' })).status).toBe('active');
    const res = await m.client.post('/api/challenge', challengeBody({ visibility: 'public' }));
    expect(res.statusCode).toBe(403);
    const mine = await create(m.client, { visibility: 'friends' });
    expect(mine.creator.id).toBe(m.user.id);
    expect(mine.requirements.map((r) => [r.workout_id, r.uploadRequired])).toEqual([
      [workoutA, false],
      [workoutB, true],
    ]);
    expect(mine.requirements[0]!.workout_title).toBeTruthy();
  });

  it('refuses workouts that do not exist, are private, or repeat; nothing is saved', async () => {
    resetClock();
    const coach = await withRole('coach');
    const other = await member(t);
    const priv = await other.client.post('/api/workout', {
      title: 'My secret plan',
      description: '',
      goal: 'hiit',
      level: 'beginner',
      estimated_minutes: 20,
      is_public: false,
      tag_ids: [],
      groups: [
        {
          kind: 'single',
          rest_seconds: 60,
          exercises: [{ exercise_id: exerciseId, sets: 3, reps: 10, weight: 10 }],
        },
      ],
    });
    expect(priv.statusCode, priv.body).toBe(201);
    const privateId = priv.json<{ id: number }>().id;
    const before = await coach.client.get('/api/challenge?tab=mine');
    for (const requirements of [
      [{ workout_id: 999_999, uploadRequired: false, description: '' }],
      [{ workout_id: privateId, uploadRequired: false, description: '' }],
      [
        { workout_id: workoutA, uploadRequired: false, description: '' },
        { workout_id: workoutA, uploadRequired: true, description: '' },
      ],
    ]) {
      const res = await coach.client.post('/api/challenge', challengeBody({ requirements }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ issues: { path: string }[] }>().issues[0]!.path).toMatch(
        /^requirements\.\d\.workout_id$/,
      );
    }
    const after = await coach.client.get('/api/challenge?tab=mine');
    expect(after.json<ChallengeList>().items).toEqual(before.json<ChallengeList>().items);
  });

  it('checks the input: no requirements, a past start, a duration out of range', async () => {
    resetClock();
    const coach = await withRole('coach');
    const bad: Partial<ChallengeInput>[] = [
      { requirements: [] },
      { start_date: dayAfter(-1) },
      { duration: 0 },
      { duration: 366 },
      { title: '   ' },
    ];
    for (const overrides of bad) {
      const res = await coach.client.post('/api/challenge', challengeBody(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
    }
  });

  it('starts at most a year ahead, so every date it answers is a plain day', async () => {
    resetClock();
    const coach = await withRole('coach');
    for (const start of [dayAfter(366), '9999-12-31']) {
      const res = await coach.client.post('/api/challenge', challengeBody({ start_date: start }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ issues: { path: string; message: string }[] }>().issues).toEqual([
        { path: 'start_date', message: 'Choose a start date at most 365 days from today.' },
      ]);
    }
    const latest = await create(coach.client, { start_date: dayAfter(365), duration: 365 });
    expect(latest.status).toBe('upcoming');
    expect(latest.end_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('lets the creator edit until the start, and fixes the requirements once someone joins', async () => {
    resetClock();
    const coach = await withRole('coach');
    const c = await create(coach.client, { start_date: dayAfter(2) });
    expect(c.status).toBe('upcoming');
    expect(c.may_edit).toBe(true);
    const renamed = await coach.client.put(
      `/api/challenge/${c.id}`,
      challengeBody({ start_date: dayAfter(2), title: 'December push' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<ChallengeDetail>().title).toBe('December push');

    const stranger = await withRole('coach');
    const res = await stranger.client.put(
      `/api/challenge/${c.id}`,
      challengeBody({ start_date: dayAfter(2) }),
    );
    expect(res.statusCode).toBe(403);

    const m = await member(t);
    expect((await m.client.post(`/api/challenge/${c.id}/join`)).statusCode).toBe(200);
    const fewer = await coach.client.put(
      `/api/challenge/${c.id}`,
      challengeBody({
        start_date: dayAfter(2),
        requirements: [{ workout_id: workoutA, uploadRequired: false, description: '' }],
      }),
    );
    expect(fewer.statusCode).toBe(409);

    clock.advanceDays(2);
    const started = await coach.client.put(
      `/api/challenge/${c.id}`,
      challengeBody({ start_date: dayAfter(2) }),
    );
    expect(started.statusCode).toBe(403);
  });
});

describe('visibility', () => {
  it('shows friends-only challenges to friends, drafts to the creator', async () => {
    resetClock();
    const author = await member(t);
    const friend = await member(t);
    const stranger = await member(t);
    const coach = await withRole('coach');
    const admin = await withRole('admin');
    await befriend(t, author.user.id, friend.user.id);
    const friendsOnly = await create(author.client, { visibility: 'friends' });
    const draft = await create(coach.client, { visibility: 'public', draft: true });
    expect(draft.status).toBe('draft');

    const sees = async (client: TestClient, id: number) =>
      (await client.get(`/api/challenge/${id}`)).statusCode;
    expect(await sees(friend.client, friendsOnly.id)).toBe(200);
    expect(await sees(stranger.client, friendsOnly.id)).toBe(404);
    expect(await sees(coach.client, friendsOnly.id)).toBe(404);
    expect(await sees(admin.client, friendsOnly.id)).toBe(200);
    expect(await sees(stranger.client, draft.id)).toBe(404);
    expect(await sees(coach.client, draft.id)).toBe(200);

    // Every read and write says 404 the same way: nothing leaks the id.
    for (const path of ['leaderboard', 'submissions']) {
      expect(
        (await stranger.client.get(`/api/challenge/${friendsOnly.id}/${path}`)).statusCode,
      ).toBe(404);
    }
    expect((await stranger.client.post(`/api/challenge/${friendsOnly.id}/join`)).statusCode).toBe(
      404,
    );

    const listed = async (client: TestClient) =>
      (await client.get('/api/challenge?tab=active')).json<ChallengeList>().items.map((c) => c.id);
    expect(await listed(friend.client)).toContain(friendsOnly.id);
    expect(await listed(stranger.client)).not.toContain(friendsOnly.id);
    expect(await listed(stranger.client)).not.toContain(draft.id);
  });

  it('lists by tab as the server clock decides: upcoming, active, finished, mine', async () => {
    resetClock();
    const coach = await withRole('coach');
    const soon = await create(coach.client, { start_date: dayAfter(1), duration: 1 });
    const now = await create(coach.client, { duration: 1 });
    const tab = async (name: string) =>
      (await coach.client.get(`/api/challenge?tab=${name}`))
        .json<ChallengeList>()
        .items.map((c) => c.id);
    expect(await tab('upcoming')).toContain(soon.id);
    expect(await tab('active')).toContain(now.id);
    expect(await tab('active')).not.toContain(soon.id);
    clock.advanceDays(1);
    expect(await tab('active')).toContain(soon.id);
    expect(await tab('finished')).toContain(now.id);
    clock.advanceDays(1);
    expect(await tab('finished')).toEqual(expect.arrayContaining([soon.id, now.id]));
    const joiner = await member(t);
    const mine = await joiner.client.get('/api/challenge?tab=mine');
    expect(mine.json<ChallengeList>().items).toEqual([]);
  });
});

describe('team challenges', () => {
  type Issues = { error: string; issues: { path: string; message: string }[] };
  const sees = async (client: TestClient, id: number) =>
    (await client.get(`/api/challenge/${id}`)).statusCode;
  const listed = async (client: TestClient) =>
    (await client.get('/api/challenge?tab=active')).json<ChallengeList>().items.map((c) => c.id);

  /** A team: its owner and a coach (both plain members), a player, a scorer; and outsiders. */
  async function squad() {
    const owner = await member(t);
    const coach = await member(t);
    const player = await member(t);
    const scorer = await member(t);
    const outsider = await member(t);
    const siteCoach = await withRole('coach');
    const team = await teamWith(owner.client, [
      [coach, 'coach'],
      [player, 'player'],
      [scorer, 'scorer'],
    ]);
    return { owner, coach, player, scorer, outsider, siteCoach, team };
  }

  it('needs a team for a team challenge, and none for the others (a field error, en and es)', async () => {
    resetClock();
    const { owner, team } = await squad();
    const without = await owner.client.post(
      '/api/challenge',
      challengeBody({ visibility: 'team' }),
    );
    expect(without.statusCode, without.body).toBe(400);
    expect(without.json<Issues>().issues).toEqual([
      { path: 'team_id', message: 'Choose the team that sees the challenge.' },
    ]);
    owner.client.headers['accept-language'] = 'es';
    const nullTeam = await owner.client.post(
      '/api/challenge',
      challengeBody({ visibility: 'team', team_id: null }),
    );
    expect(nullTeam.json<Issues>().issues).toEqual([
      { path: 'team_id', message: 'Elige el equipo que verá el reto.' },
    ]);
    delete owner.client.headers['accept-language'];
    const stray = await owner.client.post(
      '/api/challenge',
      challengeBody({ visibility: 'friends', team_id: team.id }),
    );
    expect(stray.statusCode).toBe(400);
    expect(stray.json<Issues>().issues[0]).toMatchObject({ path: 'team_id' });
    const made = await create(owner.client, { visibility: 'team', team_id: team.id });
    expect(made).toMatchObject({
      visibility: 'team',
      team_id: team.id,
      team_name: 'Riverside Hawks',
    });
    const other = await create(owner.client, { visibility: 'friends' });
    expect(other).toMatchObject({ team_id: null, team_name: null });
  });

  it("is made only by the team's owners and coaches (admins any team)", async () => {
    resetClock();
    const { owner, coach, player, scorer, siteCoach, team } = await squad();
    const admin = await withRole('admin');
    const body = challengeBody({ visibility: 'team', team_id: team.id });
    for (const who of [player, scorer, siteCoach]) {
      const res = await who.client.post('/api/challenge', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<Issues>().issues).toEqual([
        { path: 'team_id', message: 'Choose a team you own or coach.' },
      ]);
    }
    // No such team reads as a team one is not on: whether a team exists is its members' business.
    const missing = await player.client.post(
      '/api/challenge',
      challengeBody({ visibility: 'team', team_id: 2_000_000_000 }),
    );
    expect(missing.json<Issues>().issues[0]!.message).toBe('Choose a team you own or coach.');
    expect((await create(owner.client, { visibility: 'team', team_id: team.id })).creator.id).toBe(
      owner.user.id,
    );
    const byCoach = await create(coach.client, {
      visibility: 'team',
      team_id: team.id,
      start_date: dayAfter(2),
    });
    expect((await create(admin.client, { visibility: 'team', team_id: team.id })).team_id).toBe(
      team.id,
    );
    const gone = await admin.client.post(
      '/api/challenge',
      challengeBody({ visibility: 'team', team_id: 2_000_000_000 }),
    );
    expect(gone.json<Issues>().issues[0]!.message).toBe('That team does not exist.');

    // Editing follows the same rule: a coach moved to player may no longer name the team.
    const moved = await owner.client.post('/api/team/users', {
      team_id: team.id,
      user_id: coach.user.id,
      role: 'player',
      jersey_number: 77,
      alias_name: 'Carl',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const edit = await coach.client.put(
      `/api/challenge/${byCoach.id}`,
      challengeBody({ visibility: 'team', team_id: team.id, start_date: dayAfter(2) }),
    );
    expect(edit.statusCode).toBe(400);
    expect(edit.json<Issues>().issues[0]!.path).toBe('team_id');
    const toFriends = await coach.client.put(
      `/api/challenge/${byCoach.id}`,
      challengeBody({ visibility: 'friends', start_date: dayAfter(2) }),
    );
    expect(toFriends.statusCode, toFriends.body).toBe(200);
    expect(toFriends.json<ChallengeDetail>()).toMatchObject({
      visibility: 'friends',
      team_id: null,
    });
  });

  it("is seen by the team's members, in any role, for as long as they are on it", async () => {
    resetClock();
    const { owner, coach, player, scorer, outsider, siteCoach, team } = await squad();
    const admin = await withRole('admin');
    const c = await create(owner.client, { visibility: 'team', team_id: team.id });
    for (const who of [coach, player, scorer]) {
      expect(await sees(who.client, c.id)).toBe(200);
      expect(await listed(who.client)).toContain(c.id);
    }
    const seen = (await player.client.get(`/api/challenge/${c.id}`)).json<ChallengeDetail>();
    expect(seen).toMatchObject({
      team_id: team.id,
      team_name: 'Riverside Hawks',
      may_review: false,
    });
    for (const who of [outsider, siteCoach]) {
      expect(await sees(who.client, c.id)).toBe(404);
      expect(await listed(who.client)).not.toContain(c.id);
      expect((await who.client.get(`/api/challenge/${c.id}/leaderboard`)).statusCode).toBe(404);
      expect((await who.client.post(`/api/challenge/${c.id}/join`)).statusCode).toBe(404);
    }
    expect(await sees(admin.client, c.id)).toBe(200);

    // The player joins and reads the board (its access is cached); then leaves the team.
    expect((await player.client.post(`/api/challenge/${c.id}/join`)).statusCode).toBe(200);
    expect((await player.client.get(`/api/challenge/${c.id}/leaderboard`)).statusCode).toBe(200);
    const removed = await owner.client.delete(`/api/team/${team.id}/users/${player.user.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    // Joining does not keep a team's challenge: it is gone everywhere, the cached board too.
    expect(await sees(player.client, c.id)).toBe(404);
    expect(await listed(player.client)).not.toContain(c.id);
    expect(
      (await player.client.get('/api/challenge?tab=mine')).json<ChallengeList>().items,
    ).toEqual([]);
    expect((await player.client.get(`/api/challenge/${c.id}/leaderboard`)).statusCode).toBe(404);
    await logWorkout(player.client, workoutA);
    expect((await submit(player.client, c, 0)).statusCode).toBe(404);

    // Added back, they see it again, with what they had done.
    const back = await owner.client.post('/api/team/users', {
      team_id: team.id,
      user_id: player.user.id,
      role: 'player',
      jersey_number: 5,
      alias_name: 'Back',
    });
    expect(back.statusCode).toBe(200);
    expect((await player.client.get(`/api/challenge/${c.id}`)).json<ChallengeDetail>().joined).toBe(
      true,
    );
    expect((await player.client.get(`/api/challenge/${c.id}/leaderboard`)).statusCode).toBe(200);

    // Once the team is deleted, only the creator and admins see it.
    expect((await owner.client.delete(`/api/team/${team.id}`)).statusCode).toBe(204);
    for (const who of [coach, player, scorer]) {
      expect(await sees(who.client, c.id)).toBe(404);
      expect((await who.client.get(`/api/challenge/${c.id}/leaderboard`)).statusCode).toBe(404);
    }
    const orphan = (await owner.client.get(`/api/challenge/${c.id}`)).json<ChallengeDetail>();
    expect(orphan).toMatchObject({ visibility: 'team', team_id: null, team_name: null });
    expect(await sees(admin.client, c.id)).toBe(200);
  });

  it("lets the team's owners and coaches review proofs; the prize stays with the team", async () => {
    resetClock();
    const { owner, coach, player, scorer, team } = await squad();
    const admin = await withRole('admin');
    const c = await create(admin.client, {
      visibility: 'team',
      team_id: team.id,
      duration: 1,
      requirements: [{ workout_id: workoutB, uploadRequired: true, description: '' }],
    });
    const sendProof = async (who: TestClient) => {
      expect((await who.post(`/api/challenge/${c.id}/join`)).statusCode).toBe(200);
      await logWorkout(who, workoutB);
      const res = await submit(who, c, 0, { signed_id: await proof(who) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<OwnSubmission>();
    };
    const fromPlayer = await sendProof(player.client);
    const fromScorer = await sendProof(scorer.client);

    const asCoach = (await coach.client.get(`/api/challenge/${c.id}`)).json<ChallengeDetail>();
    expect(asCoach.may_review).toBe(true);
    const queue = await coach.client.get(`/api/challenge/${c.id}/submissions?status=pending`);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json<SubmissionList>().items.map((s) => s.id)).toEqual([
      fromPlayer.id,
      fromScorer.id,
    ]);
    expect((await coach.client.get(fromPlayer.proof!.url)).statusCode).toBe(200);
    expect((await scorer.client.get(fromPlayer.proof!.url)).statusCode).toBe(404);
    expect((await review(scorer.client, fromPlayer.id, { decision: 'approve' })).statusCode).toBe(
      403,
    );
    const approved = await review(coach.client, fromPlayer.id, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await review(owner.client, fromScorer.id, { decision: 'approve' })).statusCode).toBe(
      200,
    );

    // The scorer finished too, then left the team before the end: the prize is the team's.
    expect(
      (await scorer.client.delete(`/api/team/${team.id}/users/${scorer.user.id}`)).statusCode,
    ).toBe(204);
    clock.advanceDays(1);
    const board = (
      await coach.client.get(`/api/challenge/${c.id}/leaderboard`)
    ).json<Leaderboard>();
    expect(board.status).toBe('finished');
    const won = new Map(board.entries.map((e) => [e.member.id, e.prize_awarded]));
    expect(won.get(player.user.id)).toBe(true);
    expect(won.get(scorer.user.id)).toBe(false);
  });

  it("takes the proofs from a creator who has left the team's staff, and from everyone once the team is deleted", async () => {
    resetClock();
    const { owner, coach, player, scorer, siteCoach, team } = await squad();
    const admin = await withRole('admin');
    // The site coach is on the team as a player: a coach on the team reviews, as coaches do.
    const asPlayer = await owner.client.post('/api/team/users', {
      team_id: team.id,
      user_id: siteCoach.user.id,
      role: 'player',
      jersey_number: 40,
      alias_name: 'Site coach',
    });
    expect(asPlayer.statusCode, asPlayer.body).toBe(200);
    const c = await create(coach.client, {
      visibility: 'team',
      team_id: team.id,
      requirements: [{ workout_id: workoutB, uploadRequired: true, description: '' }],
    });
    const sendProof = async (who: TestClient) => {
      expect((await who.post(`/api/challenge/${c.id}/join`)).statusCode).toBe(200);
      await logWorkout(who, workoutB);
      const res = await submit(who, c, 0, { signed_id: await proof(who) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<OwnSubmission>();
    };
    const fromPlayer = await sendProof(player.client);
    const fromScorer = await sendProof(scorer.client);
    expect((await coach.client.get(fromPlayer.proof!.url)).statusCode).toBe(200);
    expect((await siteCoach.client.get(fromPlayer.proof!.url)).statusCode).toBe(200);

    /** What a former reviewer gets: the challenge (its creator's), but no proof to judge. */
    const offStaff = async (who: TestClient) => {
      const seen = await who.get(`/api/challenge/${c.id}`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json<ChallengeDetail>().may_review).toBe(false);
      expect((await who.get(`/api/challenge/${c.id}/submissions`)).statusCode).toBe(403);
      expect((await who.get(fromPlayer.proof!.url)).statusCode).toBe(404);
      const judged = await review(who, fromPlayer.id, { decision: 'reject', reason: 'Blurry' });
      expect(judged.statusCode, judged.body).toBe(403);
    };
    // The creator is made a player: a team challenge is reviewed by the team's staff.
    const demoted = await owner.client.post('/api/team/users', {
      team_id: team.id,
      user_id: coach.user.id,
      role: 'player',
      jersey_number: 41,
      alias_name: 'Former coach',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    await offStaff(coach.client);
    // Then removed from the team altogether: still theirs to see, not to judge.
    const removed = await owner.client.delete(`/api/team/${team.id}/users/${coach.user.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    await offStaff(coach.client);
    const reviewed = await review(owner.client, fromPlayer.id, { decision: 'approve' });
    expect(reviewed.statusCode, reviewed.body).toBe(200);

    // Once the team is deleted its members' proofs are nobody's but admins'.
    expect((await owner.client.delete(`/api/team/${team.id}`)).statusCode).toBe(204);
    const orphan = await coach.client.get(`/api/challenge/${c.id}`);
    expect(orphan.json<ChallengeDetail>()).toMatchObject({ team_id: null, may_review: false });
    expect((await coach.client.get(fromScorer.proof!.url)).statusCode).toBe(404);
    const late = await review(coach.client, fromScorer.id, { decision: 'reject', reason: 'Late' });
    expect(late.statusCode).toBe(403);
    expect((await admin.client.get(fromScorer.proof!.url)).statusCode).toBe(200);
  });

  it("asks only for workouts its members can log: the library's, or for a team one the team's", async () => {
    resetClock();
    const { owner, player } = await squad();
    const secret = await owner.client.post('/api/workout', {
      title: 'Owner only',
      description: '',
      goal: 'hiit',
      level: 'beginner',
      estimated_minutes: 20,
      is_public: false,
      tag_ids: [],
      groups: [
        {
          kind: 'single',
          rest_seconds: 60,
          exercises: [{ exercise_id: exerciseId, sets: 3, reps: 10, weight: 10 }],
        },
      ],
    });
    expect(secret.statusCode, secret.body).toBe(201);
    const secretId = secret.json<{ id: number }>().id;
    const requirements = [{ workout_id: secretId, uploadRequired: false, description: '' }];
    // The author's own private workout: nobody else could ever log it.
    const team = (await owner.client.get('/api/team')).json<{ items: { id: number }[] }>()
      .items[0]!;
    for (const overrides of [
      { visibility: 'friends' as const, requirements },
      { visibility: 'team' as const, team_id: team.id, requirements },
    ]) {
      const res = await owner.client.post('/api/challenge', challengeBody(overrides));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<Issues>().issues).toEqual([
        {
          path: 'requirements.0.workout_id',
          message:
            "Requirement 1: choose a library workout (or, for a team challenge, one of the team's workouts): the members could not log this one.",
        },
      ]);
    }
    // Given to the team, every member opens and logs it: a team challenge may ask for it.
    const given = await owner.client.post('/api/team/workouts', {
      team_id: team.id,
      workout_ids: [secretId],
    });
    expect(given.statusCode, given.body).toBe(200);
    const c = await create(owner.client, { visibility: 'team', team_id: team.id, requirements });
    expect((await player.client.post(`/api/challenge/${c.id}/join`)).statusCode).toBe(200);
    await logWorkout(player.client, secretId);
    expect((await submit(player.client, c, 0)).statusCode).toBe(200);
  });

  it("is taken part in by the team's members only: not its creator once off the team, not admins", async () => {
    resetClock();
    const { owner, coach, player } = await squad();
    const admin = await withRole('admin');
    const team = (await owner.client.get('/api/team')).json<{ items: { id: number }[] }>()
      .items[0]!;
    const c = await create(coach.client, { visibility: 'team', team_id: team.id });
    // The creator joined and logged while coaching the team, then was taken off it.
    expect((await coach.client.post(`/api/challenge/${c.id}/join`)).statusCode).toBe(200);
    await logWorkout(coach.client, workoutA);
    const removed = await owner.client.delete(`/api/team/${team.id}/users/${coach.user.id}`);
    expect(removed.statusCode).toBe(204);
    const sent = await submit(coach.client, c, 0);
    expect(sent.statusCode, sent.body).toBe(409);
    expect(sent.json<{ message: string }>().message).toBe(
      "Only the team's members take part in a team challenge.",
    );
    for (const who of [coach, admin]) {
      const joined = await who.client.post(`/api/challenge/${c.id}/join`);
      expect(joined.statusCode, joined.body).toBe(409);
    }
    // Said ahead, so the page offers no Join button that would be refused.
    const before = (await player.client.get(`/api/challenge/${c.id}`)).json<ChallengeDetail>();
    expect(before.may_join).toBe(true);
    expect((await admin.client.get(`/api/challenge/${c.id}`)).json()).toMatchObject({
      may_join: false,
    });
    expect((await player.client.post(`/api/challenge/${c.id}/join`)).statusCode).toBe(200);
    const after = (await player.client.get(`/api/challenge/${c.id}`)).json<ChallengeDetail>();
    expect(after.may_join).toBe(false);
    const seen = (await admin.client.get(`/api/challenge/${c.id}`)).json<ChallengeDetail>();
    expect(seen.participant_count).toBe(2);
  });

  it('takes nobody new and no submission once its team is deleted', async () => {
    resetClock();
    const { owner, team } = await squad();
    const admin = await withRole('admin');
    const c = await create(owner.client, { visibility: 'team', team_id: team.id });
    // The owner joined and logged before the team went.
    expect((await owner.client.post(`/api/challenge/${c.id}/join`)).statusCode).toBe(200);
    await logWorkout(owner.client, workoutA);
    expect((await owner.client.delete(`/api/team/${team.id}`)).statusCode).toBe(204);

    const joined = await admin.client.post(`/api/challenge/${c.id}/join`);
    expect(joined.statusCode, joined.body).toBe(409);
    expect(joined.json()).toMatchObject({ error: 'conflict' });
    const sent = await submit(owner.client, c, 0);
    expect(sent.statusCode, sent.body).toBe(409);
    admin.client.headers['accept-language'] = 'es';
    const spanish = await admin.client.post(`/api/challenge/${c.id}/join`);
    delete admin.client.headers['accept-language'];
    expect(spanish.json<{ message: string }>().message).toMatch(/equipo/);
    const seen = (await admin.client.get(`/api/challenge/${c.id}`)).json<ChallengeDetail>();
    expect(seen.participant_count).toBe(1);
    expect(seen.may_join).toBe(false);
  });
});

describe('joining and submitting', () => {
  it('completes a requirement from a workout logged after joining, and refuses one logged before', async () => {
    resetClock();
    const coach = await withRole('coach');
    const c = await create(coach.client);
    const m = await member(t);
    await logWorkout(m.client, workoutA);
    expect((await submit(m.client, c, 0)).statusCode).toBe(403);
    const joined = await m.client.post(`/api/challenge/${c.id}/join`);
    expect(joined.json<ChallengeDetail>().joined).toBe(true);
    const early = await submit(m.client, c, 0);
    expect(early.statusCode).toBe(422);
    expect(early.json<{ message: string }>().message).toMatch(/after joining/);
    await logWorkout(m.client, workoutA);
    const done = await submit(m.client, c, 0);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<OwnSubmission>().status).toBe('approved');
    expect((await submit(m.client, c, 0)).statusCode).toBe(409);
    const detail = (await m.client.get(`/api/challenge/${c.id}`)).json<ChallengeDetail>();
    expect(detail.completed_count).toBe(1);
    expect(detail.requirements[0]!.submission?.status).toBe('approved');
  });

  it('requires a proof of the challenge_proof purpose when the requirement says so', async () => {
    resetClock();
    const coach = await withRole('coach');
    const c = await create(coach.client);
    const m = await member(t);
    await m.client.post(`/api/challenge/${c.id}/join`);
    await logWorkout(m.client, workoutB);
    const without = await submit(m.client, c, 1);
    expect(without.statusCode).toBe(422);
    const avatar = await uploadFile(t, m.client, imageBytes(1024), { purpose: 'avatar' });
    expect((await submit(m.client, c, 1, { signed_id: avatar.signed_id })).statusCode).toBe(422);
    const someoneElses = await proof(coach.client);
    expect((await submit(m.client, c, 1, { signed_id: someoneElses })).statusCode).toBe(422);
    const res = await submit(m.client, c, 1, { signed_id: await proof(m.client), note: 'Set 5' });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json<OwnSubmission>();
    expect(sent.status).toBe('pending');
    expect(sent.proof?.content_type).toBe('image/png');
    expect((await m.client.get(sent.proof!.url)).statusCode).toBe(200);
    expect((await coach.client.get(sent.proof!.url)).statusCode).toBe(200);
    expect((await (await member(t)).client.get(sent.proof!.url)).statusCode).toBe(404);
    expect((await submit(m.client, c, 1, { signed_id: await proof(m.client) })).statusCode).toBe(
      409,
    );
  });

  it('refuses a proof type or size outside the challenge_proof limits before storing it', async () => {
    const m = await member(t);
    const declare = (content_type: string, byte_size: number) =>
      m.client.post('/rails/active_storage/direct_uploads?purpose=challenge_proof', {
        blob: {
          filename: 'proof',
          content_type,
          byte_size,
          checksum: 'AAAAAAAAAAAAAAAAAAAAAA==',
        },
      });
    expect((await declare('application/pdf', 1000)).statusCode).toBe(415);
    expect((await declare('video/mp4', 201 * 1024 * 1024)).statusCode).toBe(413);
    expect((await declare('video/mp4', 1000)).statusCode).toBe(200);
  });

  it('takes no submission before the start or after the last day (server time)', async () => {
    resetClock();
    const coach = await withRole('coach');
    const later = await create(coach.client, { start_date: dayAfter(1) });
    const m = await member(t);
    await m.client.post(`/api/challenge/${later.id}/join`);
    await logWorkout(m.client, workoutA);
    expect((await submit(m.client, later, 0)).statusCode).toBe(409);

    const c = await create(coach.client, { duration: 2 });
    await m.client.post(`/api/challenge/${c.id}/join`);
    await logWorkout(m.client, workoutA);
    clock.advanceDays(2);
    const late = await submit(m.client, c, 0);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toMatch(/ended/);
    expect((await m.client.post(`/api/challenge/${c.id}/join`)).statusCode).toBe(409);
  });
});

describe('reviewing proofs', () => {
  it('lets the creator, coaches and admins review; not the member, other members, or themselves', async () => {
    resetClock();
    const author = await member(t);
    const friend = await member(t);
    const bystander = await member(t);
    await befriend(t, author.user.id, friend.user.id);
    await befriend(t, author.user.id, bystander.user.id);
    const c = await create(author.client, { visibility: 'friends' });
    const m = await (async () => {
      const res = await friend.client.post(`/api/challenge/${c.id}/join`);
      expect(res.statusCode).toBe(200);
      await logWorkout(friend.client, workoutB);
      const sent = await submit(friend.client, c, 1, { signed_id: await proof(friend.client) });
      return sent.json<OwnSubmission>();
    })();
    expect((await review(friend.client, m.id, { decision: 'approve' })).statusCode).toBe(403);
    expect((await review(bystander.client, m.id, { decision: 'approve' })).statusCode).toBe(403);
    expect((await bystander.client.get(`/api/challenge/${c.id}/submissions`)).statusCode).toBe(403);
    // Coaches review challenges they can see; this one is friends-only.
    const coach = await withRole('coach');
    expect((await review(coach.client, m.id, { decision: 'approve' })).statusCode).toBe(404);

    const queue = await author.client.get(`/api/challenge/${c.id}/submissions?status=pending`);
    expect(queue.json<SubmissionList>().items.map((s) => s.id)).toEqual([m.id]);
    const noReason = await review(author.client, m.id, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    const rejected = await review(author.client, m.id, {
      decision: 'reject',
      reason: 'The last set is cut off.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<Submission>().reason).toBe('The last set is cut off.');
    expect((await review(author.client, m.id, { decision: 'approve' })).statusCode).toBe(409);

    const notes = (await friend.client.get('/api/notifications')).json<NotificationPage>();
    const told = notes.items.find((n) => n.kind === 'challenge_proof_rejected');
    expect(told?.body).toBe('The last set is cut off.');
    expect(told?.link).toBe(`/challenges?challenge=${c.id}`);

    // After a rejection the member sends a new proof, and an admin approves it.
    const again = await submit(friend.client, c, 1, { signed_id: await proof(friend.client) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<OwnSubmission>()).toMatchObject({
      id: m.id,
      status: 'pending',
      reason: null,
    });
    const admin = await withRole('admin');
    const approved = await review(admin.client, m.id, { decision: 'approve' });
    expect(approved.json<Submission>().status).toBe('approved');
    const board = (
      await friend.client.get(`/api/challenge/${c.id}/leaderboard`)
    ).json<Leaderboard>();
    expect(board.entries[0]).toMatchObject({ member: { id: friend.user.id }, completed: 1 });
  });
});

describe('prizes', () => {
  it('awards the first N finishers once, with a badge and a notification', async () => {
    resetClock();
    const coach = await withRole('coach');
    const c = await create(coach.client, { prize_winners: 1, duration: 2 });
    const first = await completer(c);
    const second = await completer(c);
    const slow = await member(t);
    await slow.client.post(`/api/challenge/${c.id}/join`);
    // Approved in the other order: first N follows when the members submitted, not reviews.
    expect(
      (await review(coach.client, second.submission.id, { decision: 'approve' })).statusCode,
    ).toBe(200);
    expect(
      (await review(coach.client, first.submission.id, { decision: 'approve' })).statusCode,
    ).toBe(200);

    const live = (await coach.client.get(`/api/challenge/${c.id}/leaderboard`)).json<Leaderboard>();
    expect(live.entries.map((e) => e.member.id)).toEqual([
      first.user.id,
      second.user.id,
      slow.user.id,
    ]);
    expect(live.entries.every((e) => !e.prize_awarded)).toBe(true);

    clock.advanceDays(2);
    const board = (
      await coach.client.get(`/api/challenge/${c.id}/leaderboard`)
    ).json<Leaderboard>();
    expect(board.status).toBe('finished');
    expect(board.entries.map((e) => e.prize_awarded)).toEqual([true, false, false]);
    const detail = (await first.client.get(`/api/challenge/${c.id}`)).json<ChallengeDetail>();
    expect(detail).toMatchObject({ awarded: true, prize_awarded: true });
    const badges = await t.database.db
      .select()
      .from(userAchievements)
      .where(eq(userAchievements.code, `challenge-${c.id}`));
    expect(badges.map((b) => [b.userId, b.badge])).toEqual([[first.user.id, 'challenge-won']]);
    const told = (await first.client.get('/api/notifications')).json<NotificationPage>();
    expect(told.items.filter((n) => n.kind === 'challenge_won')).toHaveLength(1);
    expect((await t.app.inject({ url: '/achievements/challenge-won.svg' })).statusCode).toBe(200);
  });

  it('gives the prizes when a challenge ends though nobody opens it (the background settlement)', async () => {
    resetClock();
    const coach = await withRole('coach');
    const c = await create(coach.client, { prize_winners: 1, duration: 2 });
    const first = await completer(c);
    expect(
      (await review(coach.client, first.submission.id, { decision: 'approve' })).statusCode,
    ).toBe(200);
    const winners = () =>
      t.database.db
        .select({ userId: challengeParticipants.userId })
        .from(challengeParticipants)
        .where(
          and(
            eq(challengeParticipants.challengeId, c.id),
            eq(challengeParticipants.prizeAwarded, true),
          ),
        );

    await settlePrizes(t.app);
    expect(await winners()).toEqual([]);
    clock.advanceDays(2);
    // No list, detail or board is read: only the job runs.
    await settlePrizes(t.app);
    expect(await winners()).toEqual([{ userId: first.user.id }]);
    const told = await t.database.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.userId, first.user.id), eq(notifications.kind, 'challenge_won')));
    expect(told).toHaveLength(1);
    // Running again (another node, the next tick) gives nothing twice.
    await settlePrizes(t.app);
    expect(await winners()).toHaveLength(1);
  });

  it('waits for proofs still in review at the end, then gives every finisher the prize', async () => {
    resetClock();
    const coach = await withRole('coach');
    const c = await create(coach.client, { duration: 1 });
    const a = await completer(c);
    clock.advanceDays(1);
    const held = (await coach.client.get(`/api/challenge/${c.id}`)).json<ChallengeDetail>();
    expect(held).toMatchObject({ status: 'finished', awarded: false });
    // Reviewing a proof sent in time still counts after the end.
    expect((await review(coach.client, a.submission.id, { decision: 'approve' })).statusCode).toBe(
      200,
    );
    const after = (await a.client.get(`/api/challenge/${c.id}`)).json<ChallengeDetail>();
    expect(after).toMatchObject({ awarded: true, prize_awarded: true });
  });

  it('gives prizes exactly once under concurrent submissions and reads', async () => {
    resetClock();
    const coach = await withRole('coach');
    const c = await create(coach.client, {
      prize_winners: 2,
      duration: 1,
      requirements: [{ workout_id: workoutA, uploadRequired: false, description: '' }],
    });
    const members = await Promise.all(Array.from({ length: 6 }, () => member(t)));
    for (const m of members) {
      await m.client.post(`/api/challenge/${c.id}/join`);
      await logWorkout(m.client, workoutA);
    }
    // Everyone completes at the same moment.
    const sent = await Promise.all(members.map((m) => submit(m.client, c, 0)));
    expect(sent.map((r) => r.statusCode)).toEqual(members.map(() => 200));
    clock.advanceDays(1);
    // Many requests find it over at once: lists, details and boards all try to give the prizes.
    const reads = await Promise.all(
      members.flatMap((m) => [
        m.client.get(`/api/challenge/${c.id}`),
        m.client.get(`/api/challenge/${c.id}/leaderboard`),
        m.client.get('/api/challenge?tab=finished'),
      ]),
    );
    expect(reads.every((r) => r.statusCode === 200)).toBe(true);
    const winners = await t.database.db
      .select()
      .from(challengeParticipants)
      .where(
        and(
          eq(challengeParticipants.challengeId, c.id),
          eq(challengeParticipants.prizeAwarded, true),
        ),
      );
    expect(winners).toHaveLength(2);
    const badges = await t.database.db
      .select()
      .from(userAchievements)
      .where(eq(userAchievements.code, `challenge-${c.id}`));
    expect(badges.map((b) => b.userId).sort()).toEqual(winners.map((w) => w.userId).sort());
    const wins = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, 'challenge_won'),
          eq(notifications.link, `/challenges?challenge=${c.id}`),
        ),
      );
    expect(wins).toHaveLength(2);
    // The first two by submission time won.
    const order = await t.database.db
      .select()
      .from(challengeParticipants)
      .where(eq(challengeParticipants.challengeId, c.id))
      .orderBy(challengeParticipants.finishedAt, challengeParticipants.id);
    expect(order.slice(0, 2).every((p) => p.prizeAwarded)).toBe(true);
  });
});

describe('the cached leaderboard', () => {
  it('is one board for every reader, made stale by joins, reviews, renames and friendships', async () => {
    resetClock();
    const coach = await withRole('coach');
    const c = await create(coach.client);
    const reader = await member(t);
    const boardOf = async (client: TestClient) => {
      const res = await client.get(`/api/challenge/${c.id}/leaderboard`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Leaderboard>();
    };
    expect(await boardOf(reader.client)).toMatchObject({
      participant_count: 0,
      requirement_count: 2,
      entries: [],
    });

    // A join: every reader's next board has the member (the board was cached for all).
    const a = await member(t);
    expect((await a.client.post(`/api/challenge/${c.id}/join`)).statusCode).toBe(200);
    const joined = await boardOf(reader.client);
    expect(joined.participant_count).toBe(1);
    expect(joined.entries.map((e) => [e.member.id, e.completed])).toEqual([[a.user.id, 0]]);

    // A review: the approved requirement counts at once, for the next reader too.
    const b = await member(t);
    expect((await b.client.post(`/api/challenge/${c.id}/join`)).statusCode).toBe(200);
    await boardOf(reader.client);
    await logWorkout(b.client, workoutB);
    const sent = await submit(b.client, c, 1, { signed_id: await proof(b.client) });
    expect(sent.statusCode, sent.body).toBe(200);
    await boardOf(reader.client);
    const approved = await review(coach.client, sent.json<OwnSubmission>().id, {
      decision: 'approve',
    });
    expect(approved.statusCode).toBe(200);
    const reviewed = await boardOf(reader.client);
    expect(reviewed.entries.map((e) => [e.member.id, e.completed])).toEqual([
      [b.user.id, 1],
      [a.user.id, 0],
    ]);
    expect(await boardOf(a.client)).toEqual(reviewed);

    // A rename shows on the next read (profile changes announce `renamed`).
    await t.database.db.execute(
      sql`update users set name = 'Renamed Racer' where id = ${b.user.id}`,
    );
    t.app.ctx.changes.emit({ kind: 'member', id: b.user.id, renamed: true });
    expect((await boardOf(reader.client)).entries[0]!.member.name).toBe('Renamed Racer');

    // Who may see a friends-only board is cached per member, until their friendships change.
    const author = await member(t);
    const later = await member(t);
    const friendsOnly = await create(author.client, { visibility: 'friends' });
    const path = `/api/challenge/${friendsOnly.id}/leaderboard`;
    expect((await later.client.get(path)).statusCode).toBe(404);
    await befriend(t, author.user.id, later.user.id);
    t.app.ctx.changes.emit({ kind: 'relationship', userIds: [author.user.id, later.user.id] });
    expect((await later.client.get(path)).statusCode).toBe(200);
  });
});
