import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPage } from '@fitcoach/shared/notifications';
import type {
  TeamDetail,
  TeamList,
  TeamMemberAnswer,
  TeamMemberInput,
  TeamWorkoutsAnswer,
} from '@fitcoach/shared/teams';
import { workoutLogs } from '../../db/schema/workout-logs';
import { workouts } from '../../db/schema/workouts';
import { libraryWorkoutIds, member, type TestApp, type TestClient } from '../../test/test-app';
import { createDiskTestApp, imageBytes, uploadFile } from '../../test/uploads';

let t: TestApp;
let closeApp: () => Promise<void>;
beforeAll(async () => {
  ({ t, close: closeApp } = await createDiskTestApp());
});
afterAll(() => closeApp());

type Issues = { error: string; issues?: { path: string; message: string }[] };

async function createTeam(client: TestClient, body: Record<string, unknown> = {}) {
  const res = await client.post('/api/team', {
    name: 'Riverside Hawks',
    sport: 'basketball',
    season: '2025–26',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TeamDetail>();
}

const addUser = (client: TestClient, body: Partial<TeamMemberInput>) =>
  client.post('/api/team/users', body);

/** An owner with a team, a coach, a player and a scorer on it, and an outsider. */
async function squad() {
  const owner = await member(t, { name: 'Olivia Owner' });
  const coach = await member(t, { name: 'Carl Coach' });
  const player = await member(t, { name: 'Pat Player' });
  const scorer = await member(t, { name: 'Sam Scorer' });
  const outsider = await member(t, { name: 'Otto Outsider' });
  const team = await createTeam(owner.client);
  for (const [who, body] of [
    [coach, { role: 'coach' }],
    [player, { role: 'player', jersey_number: 23, alias_name: 'Patty' }],
    [scorer, { role: 'scorer' }],
  ] as const) {
    const res = await addUser(owner.client, { team_id: team.id, user_id: who.user.id, ...body });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { owner, coach, player, scorer, outsider, team };
}

describe('POST /api/team and GET /api/team', () => {
  it('creates a team with its creator as owner, listed as theirs only', async () => {
    const { client, user } = await member(t);
    const team = await createTeam(client, { name: '  Hawks  ', season: '' });
    expect(team).toMatchObject({
      name: 'Hawks',
      sport: 'basketball',
      season: '',
      my_role: 'owner',
      can_manage: true,
      member_count: 1,
      photo_url: null,
      workouts: [],
    });
    expect(team.members).toEqual([expect.objectContaining({ user_id: user.id, role: 'owner' })]);
    const list = (await client.get('/api/team')).json<TeamList>();
    expect(list.items.map((i) => i.id)).toEqual([team.id]);
    const other = await member(t);
    expect((await other.client.get('/api/team')).json<TeamList>().items).toEqual([]);
  });

  it('refuses a blank, long, multi-line or NUL name, an unknown sport and a long season', async () => {
    const { client } = await member(t);
    const bad: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'A\nB' }, 'name'],
      [{ name: 'a\u0000b' }, 'name'],
      [{ sport: 'cricket' }, 'sport'],
      [{ sport: undefined }, 'sport'],
      [{ season: 'y'.repeat(41) }, 'season'],
    ];
    for (const [patch, path] of bad) {
      const res = await client.post('/api/team', { name: 'Ok', sport: 'soccer', ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      const body = res.json<Issues>();
      expect(body.error).toBe('validation_failed');
      expect(body.issues?.[0]?.path).toBe(path);
    }
  });

  it('refuses a huge body without a 500', async () => {
    const { client } = await member(t);
    const res = await client.post('/api/team', {
      name: 'x'.repeat(3_000_000),
      sport: 'other',
    });
    expect([400, 413]).toContain(res.statusCode);
  });

  it('needs a session and the CSRF token', async () => {
    const { client } = await member(t);
    const res = await client.post(
      '/api/team',
      { name: 'No token', sport: 'other' },
      { csrf: false },
    );
    expect(res.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: '/api/team' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('GET, PUT and DELETE /api/team/:id', () => {
  it('shows the team to every member and 404 to anyone else', async () => {
    const { owner, coach, player, scorer, outsider, team } = await squad();
    for (const [who, manage] of [
      [owner, true],
      [coach, true],
      [player, false],
      [scorer, false],
    ] as const) {
      const res = await who.client.get(`/api/team/${team.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<TeamDetail>().can_manage).toBe(manage);
    }
    const hidden = await outsider.client.get(`/api/team/${team.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ error: 'not_found' });
    expect((await outsider.client.get('/api/team/999999')).statusCode).toBe(404);
    const roster = (await owner.client.get(`/api/team/${team.id}`)).json<TeamDetail>().members;
    expect(roster.map((m) => m.role)).toEqual(['owner', 'coach', 'scorer', 'player']);
    expect(roster[3]).toMatchObject({
      name: 'Pat Player',
      jersey_number: 23,
      alias_name: 'Patty',
      alias_depedent_name: '',
    });
  });

  it('refuses non-canonical ids', async () => {
    const { owner, team } = await squad();
    for (const id of ['01', '0x1', '1e1', '-1', '0', 'abc', '99999999999', ` ${team.id}`]) {
      const res = await owner.client.get(`/api/team/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(400);
    }
    const res = await addUser(owner.client, {
      team_id: `0${team.id}`,
      user_id: owner.user.id,
    });
    expect(res.statusCode).toBe(400);
  });

  it('lets owners and coaches edit; players and scorers get 403; outsiders 404', async () => {
    const { owner, coach, player, scorer, outsider, team } = await squad();
    const body = { name: 'Hawks B', sport: 'volleyball', season: 'Spring' };
    expect((await coach.client.put(`/api/team/${team.id}`, body)).json<TeamDetail>()).toMatchObject(
      body,
    );
    expect((await owner.client.put(`/api/team/${team.id}`, body)).statusCode).toBe(200);
    expect((await player.client.put(`/api/team/${team.id}`, body)).statusCode).toBe(403);
    expect((await scorer.client.put(`/api/team/${team.id}`, body)).statusCode).toBe(403);
    expect((await outsider.client.put(`/api/team/${team.id}`, body)).statusCode).toBe(404);
  });

  it('lets only the owner delete', async () => {
    const { owner, coach, player, outsider, team } = await squad();
    expect((await coach.client.delete(`/api/team/${team.id}`)).statusCode).toBe(403);
    expect((await player.client.delete(`/api/team/${team.id}`)).statusCode).toBe(403);
    expect((await outsider.client.delete(`/api/team/${team.id}`)).statusCode).toBe(404);
    expect((await owner.client.delete(`/api/team/${team.id}`, { csrf: false })).statusCode).toBe(
      403,
    );
    expect((await owner.client.delete(`/api/team/${team.id}`)).statusCode).toBe(204);
    expect((await player.client.get(`/api/team/${team.id}`)).statusCode).toBe(404);
    expect((await player.client.get('/api/team')).json<TeamList>().items).toEqual([]);
  });
});

describe('POST /api/team/users (Add user)', () => {
  it('adds a member, answers their name, and tells them live', async () => {
    const owner = await member(t, { name: 'Owner One' });
    const newcomer = await member(t, { name: 'Nina Newcomer' });
    const team = await createTeam(owner.client);
    const res = await addUser(owner.client, {
      team_id: team.id,
      user_id: newcomer.user.id,
      jersey_number: 0,
      alias_name: ' Nin ',
      alias_depedent_name: 'Little Nin',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TeamMemberAnswer>()).toMatchObject({
      name: 'Nina Newcomer',
      member: {
        role: 'player',
        jersey_number: 0,
        alias_name: 'Nin',
        alias_depedent_name: 'Little Nin',
      },
    });
    const page = (await newcomer.client.get('/api/notifications')).json<NotificationPage>();
    expect(page.items[0]).toMatchObject({ kind: 'team_added', link: `/teams/${team.id}` });
    expect((await newcomer.client.get(`/api/team/${team.id}`)).statusCode).toBe(200);
  });

  it('needs an alias name and a jersey number of at least 0 for a player (the spec)', async () => {
    const owner = await member(t);
    const p = await member(t);
    const team = await createTeam(owner.client);
    const base = { team_id: team.id, user_id: p.user.id };
    const cases: [Partial<TeamMemberInput>, string][] = [
      [{ jersey_number: 5 }, 'alias_name'],
      [{ jersey_number: 5, alias_name: '   ' }, 'alias_name'],
      [{ alias_name: 'Ace' }, 'jersey_number'],
      [{ alias_name: 'Ace', jersey_number: -1 }, 'jersey_number'],
      [{ alias_name: 'Ace', jersey_number: 1.5 }, 'jersey_number'],
      [{ alias_name: 'Ace', jersey_number: 1000 }, 'jersey_number'],
      [{ alias_name: 'Ace', jersey_number: '7' as unknown as number }, 'jersey_number'],
      [{ alias_name: 'A\u0000ce', jersey_number: 7 }, 'alias_name'],
      [{ alias_name: 'x'.repeat(61), jersey_number: 7 }, 'alias_name'],
      [
        { alias_name: 'Ace', jersey_number: 7, alias_depedent_name: 'y'.repeat(61) },
        'alias_depedent_name',
      ],
      [{ alias_name: 'Ace', jersey_number: 7, role: 'owner' as 'coach' }, 'role'],
    ];
    for (const [body, path] of cases) {
      const res = await addUser(owner.client, { ...base, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<Issues>().issues?.map((i) => i.path)).toContain(path);
    }
    // Coaches and scorers need neither.
    expect((await addUser(owner.client, { ...base, role: 'scorer' })).statusCode).toBe(200);
  });

  it('keeps a jersey number unique within a team (400 on jersey_number), not across teams', async () => {
    const owner = await member(t);
    const [a, b] = [await member(t), await member(t)];
    const team = await createTeam(owner.client);
    const other = await createTeam(owner.client, { name: 'Other' });
    expect(
      (
        await addUser(owner.client, {
          team_id: team.id,
          user_id: a.user.id,
          jersey_number: 9,
          alias_name: 'A',
        })
      ).statusCode,
    ).toBe(200);
    const dup = await addUser(owner.client, {
      team_id: team.id,
      user_id: b.user.id,
      jersey_number: 9,
      alias_name: 'B',
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json<Issues>().issues).toEqual([
      { path: 'jersey_number', message: expect.stringContaining('9') },
    ]);
    // The same member keeps their own number when their row changes.
    expect(
      (
        await addUser(owner.client, {
          team_id: team.id,
          user_id: a.user.id,
          jersey_number: 9,
          alias_name: 'A2',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await addUser(owner.client, {
          team_id: other.id,
          user_id: b.user.id,
          jersey_number: 9,
          alias_name: 'B',
        })
      ).statusCode,
    ).toBe(200);
    // Two at once: one wins, the other is told which field.
    const c = await member(t);
    const d = await member(t);
    const both = await Promise.all(
      [c, d].map((m) =>
        addUser(owner.client, {
          team_id: team.id,
          user_id: m.user.id,
          jersey_number: 11,
          alias_name: 'X',
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('lets owners and coaches add; players, scorers 403; outsiders 404; unknown members 404', async () => {
    const { owner, coach, player, scorer, outsider, team } = await squad();
    const x = await member(t);
    const body = { team_id: team.id, user_id: x.user.id, role: 'scorer' as const };
    expect((await addUser(player.client, body)).statusCode).toBe(403);
    expect((await addUser(scorer.client, body)).statusCode).toBe(403);
    expect((await addUser(outsider.client, body)).statusCode).toBe(404);
    expect((await addUser(coach.client, body)).statusCode).toBe(200);
    expect((await addUser(owner.client, { ...body, user_id: 2_000_000_000 })).statusCode).toBe(404);
    expect((await addUser(owner.client, body)).statusCode).toBe(200);
    expect((await owner.client.post('/api/team/users', body, { csrf: false })).statusCode).toBe(
      403,
    );
    // The owner's own row is not changed into another role.
    expect((await addUser(coach.client, { ...body, user_id: owner.user.id })).statusCode).toBe(409);
  });
});

describe('DELETE /api/team/:id/users/:user_id', () => {
  it('lets managers remove members, members leave, never the owner', async () => {
    const { owner, coach, player, scorer, outsider, team } = await squad();
    const url = (id: number) => `/api/team/${team.id}/users/${id}`;
    expect((await player.client.delete(url(scorer.user.id))).statusCode).toBe(403);
    expect((await outsider.client.delete(url(player.user.id))).statusCode).toBe(404);
    expect((await coach.client.delete(url(owner.user.id))).statusCode).toBe(409);
    expect((await owner.client.delete(url(owner.user.id))).statusCode).toBe(409);
    expect((await coach.client.delete(url(player.user.id), { csrf: false })).statusCode).toBe(403);
    expect((await coach.client.delete(url(player.user.id))).statusCode).toBe(204);
    expect((await player.client.get(`/api/team/${team.id}`)).statusCode).toBe(404);
    expect((await coach.client.delete(url(player.user.id))).statusCode).toBe(404);
    expect((await scorer.client.delete(url(scorer.user.id))).statusCode).toBe(204);
    expect((await owner.client.delete(`/api/team/${team.id}/users/01`)).statusCode).toBe(400);
  });
});

describe('POST /api/team/workouts', () => {
  it('adds workouts (answering titles), toggles one, and shows who logged each to managers', async () => {
    const { owner, coach, player, scorer, outsider, team } = await squad();
    const [w1, w2] = await libraryWorkoutIds(owner.client, 2);
    const added = await owner.client.post('/api/team/workouts', {
      team_id: team.id,
      workout_ids: [w1, w2, w1],
    });
    expect(added.statusCode, added.body).toBe(200);
    const list = added.json<TeamWorkoutsAnswer>().workouts;
    expect(list.map((w) => w.id)).toEqual([w1, w2]);
    expect(list[0]!.title).toEqual(expect.any(String));
    // The second call: toggles one off and on again.
    const off = await coach.client.post('/api/team/workouts', { team_id: team.id, workout_id: w2 });
    expect(off.json<TeamWorkoutsAnswer>().workouts.map((w) => w.id)).toEqual([w1]);
    const on = await coach.client.post('/api/team/workouts', { team_id: team.id, workout_id: w2 });
    expect(on.json<TeamWorkoutsAnswer>().workouts.map((w) => w.id)).toEqual([w1, w2]);

    await t.database.db.insert(workoutLogs).values({
      userId: player.user.id,
      workoutId: w1!,
      title: 'Team session',
      source: 'manual',
      performedOn: new Date().toISOString().slice(0, 10),
      energyLevel: 4,
      sleepQuality: 3,
    });
    const seenByCoach = (await coach.client.get(`/api/team/${team.id}`)).json<TeamDetail>();
    expect(seenByCoach.workouts[0]!.logged_by).toEqual([
      expect.objectContaining({ id: player.user.id, name: 'Pat Player' }),
    ]);
    expect(seenByCoach.workouts[1]!.logged_by).toEqual([]);
    const seenByPlayer = (await player.client.get(`/api/team/${team.id}`)).json<TeamDetail>();
    expect(seenByPlayer.workouts.map((w) => [w.logged_by, w.logged_by_me])).toEqual([
      [null, true],
      [null, false],
    ]);

    for (const who of [player, scorer]) {
      expect(
        (await who.client.post('/api/team/workouts', { team_id: team.id, workout_id: w1 }))
          .statusCode,
      ).toBe(403);
    }
    expect(
      (await outsider.client.post('/api/team/workouts', { team_id: team.id, workout_ids: [w1] }))
        .statusCode,
    ).toBe(404);
  });

  it("gives a coach's private workout to the team: players may open it; others may not", async () => {
    const { owner, player, outsider, team } = await squad();
    const [row] = await t.database.db
      .insert(workouts)
      .values({ ownerId: owner.user.id, title: 'Private drills', goal: 'hiit' })
      .returning({ id: workouts.id });
    const id = row!.id;
    expect((await player.client.get(`/api/workout/${id}`)).statusCode).toBe(404);
    await owner.client.post('/api/team/workouts', { team_id: team.id, workout_ids: [id] });
    expect((await player.client.get(`/api/workout/${id}`)).statusCode).toBe(200);
    expect((await outsider.client.get(`/api/workout/${id}`)).statusCode).toBe(404);
    // And log it: the log is written by the database's own visibility check (migration 0023).
    const log = { energy_level: 3, sleep_quality: 3, completedExercises: [] };
    const logged = await player.client.post(`/api/workout/${id}/log`, log);
    expect(logged.statusCode, logged.body).toBe(201);
    expect((await outsider.client.post(`/api/workout/${id}/log`, log)).statusCode).toBe(404);
  });

  it('refuses workouts the manager cannot see, empty or huge lists, and bad ids', async () => {
    const { owner, team } = await squad();
    const bad: Record<string, unknown>[] = [
      { team_id: team.id, workout_ids: [] },
      { team_id: team.id, workout_ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      { team_id: team.id, workout_ids: ['01'] },
      { team_id: team.id, workout_id: 0 },
      { team_id: team.id },
      { team_id: team.id, workout_ids: [2_000_000_000] },
    ];
    for (const body of bad) {
      const res = await owner.client.post('/api/team/workouts', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });
});

describe('team photo', () => {
  it('is attached by managers (purpose team_photo) and served to members only', async () => {
    const { owner, player, outsider, team } = await squad();
    const bytes = imageBytes(1024);
    const wrong = await uploadFile(t, owner.client, bytes, { contentType: 'image/png' });
    expect(
      (await owner.client.put(`/api/team/${team.id}/photo`, { signed_id: wrong.signed_id }))
        .statusCode,
    ).toBe(422);
    const upload = await uploadFile(t, owner.client, bytes, { purpose: 'team_photo' });
    const playerUpload = await uploadFile(t, player.client, bytes, { purpose: 'team_photo' });
    expect(
      (await player.client.put(`/api/team/${team.id}/photo`, { signed_id: playerUpload.signed_id }))
        .statusCode,
    ).toBe(403);
    const res = await owner.client.put(`/api/team/${team.id}/photo`, {
      signed_id: upload.signed_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<TeamDetail>().photo_url!;
    expect(url).toMatch(new RegExp(`^/api/team/${team.id}/photo\\?v=\\d+$`));
    const seen = await player.client.get(url);
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.equals(bytes)).toBe(true);
    expect((await outsider.client.get(url)).statusCode).toBe(404);
    // Teammates see each other's photos (the roster shows them).
    expect(
      (await owner.client.delete(`/api/team/${team.id}/photo`)).json<TeamDetail>().photo_url,
    ).toBe(null);
  });
});
