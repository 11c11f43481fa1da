import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPage } from '@fitcoach/shared/notifications';
import type {
  TeamDetail,
  TeamList,
  TeamMember,
  TeamMemberAnswer,
  TeamMemberInput,
  TeamMemberUpdate,
  TeamWorkoutsAnswer,
} from '@fitcoach/shared/teams';
import { teams } from '../../db/schema/teams';
import { workoutLogs } from '../../db/schema/workout-logs';
import { sharedWorkouts, workouts } from '../../db/schema/workouts';
import {
  adminMember,
  libraryWorkoutIds,
  member,
  type TestApp,
  type TestClient,
} from '../../test/test-app';
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
      my_user_id: user.id,
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
    // An owner's row is not changed into another role by Add user (the roster's edit does it).
    expect((await addUser(coach.client, { ...body, user_id: owner.user.id })).statusCode).toBe(409);
  });
});

describe('DELETE /api/team/:id/users/:user_id', () => {
  it('lets managers remove members and members leave; an owner only by an owner', async () => {
    const { owner, coach, player, scorer, outsider, team } = await squad();
    const url = (id: number) => `/api/team/${team.id}/users/${id}`;
    expect((await player.client.delete(url(scorer.user.id))).statusCode).toBe(403);
    expect((await outsider.client.delete(url(player.user.id))).statusCode).toBe(404);
    // A coach may not remove an owner.
    const byCoach = await coach.client.delete(url(owner.user.id));
    expect(byCoach.statusCode).toBe(403);
    expect(byCoach.json<Issues & { message: string }>().message).toMatch(/Only an owner/);
    expect((await coach.client.delete(url(player.user.id), { csrf: false })).statusCode).toBe(403);
    expect((await coach.client.delete(url(player.user.id))).statusCode).toBe(204);
    expect((await player.client.get(`/api/team/${team.id}`)).statusCode).toBe(404);
    expect((await coach.client.delete(url(player.user.id))).statusCode).toBe(404);
    // A player or scorer leaves by removing themselves.
    expect((await scorer.client.delete(url(scorer.user.id))).statusCode).toBe(204);
    expect((await scorer.client.get('/api/team')).json<TeamList>().items).toEqual([]);
    expect((await owner.client.delete(`/api/team/${team.id}/users/01`)).statusCode).toBe(400);
  });

  it('never leaves a team without an owner: the last owner cannot leave; another can', async () => {
    const { owner, coach, player, team } = await squad();
    const url = (id: number) => `/api/team/${team.id}/users/${id}`;
    const alone = await owner.client.delete(url(owner.user.id));
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toMatchObject({
      error: 'conflict',
      message: expect.stringContaining('only owner'),
    });
    // Spanish for a Spanish reader.
    owner.client.headers['accept-language'] = 'es';
    expect((await owner.client.delete(url(owner.user.id))).json()).toMatchObject({
      message: expect.stringContaining('único propietario'),
    });
    delete owner.client.headers['accept-language'];

    await setRow(owner.client, team.id, coach.user.id, { role: 'owner' });
    expect((await owner.client.delete(url(owner.user.id))).statusCode).toBe(204);
    expect((await owner.client.get(`/api/team/${team.id}`)).statusCode).toBe(404);
    const seen = (await coach.client.get(`/api/team/${team.id}`)).json<TeamDetail>();
    expect(seen.my_role).toBe('owner');
    expect(seen.members.map((m) => m.user_id)).not.toContain(owner.user.id);
    // The team's recorded owner moved to the one who stays.
    expect(await ownerOfRecord(team.id)).toBe(coach.user.id);
    // And now they are the last: they cannot leave either, but may delete it.
    expect((await coach.client.delete(url(coach.user.id))).statusCode).toBe(409);
    expect((await player.client.delete(`/api/team/${team.id}`)).statusCode).toBe(403);
    expect((await coach.client.delete(`/api/team/${team.id}`)).statusCode).toBe(204);
  });

  it('lets an owner remove another owner', async () => {
    const { owner, coach, team } = await squad();
    await setRow(owner.client, team.id, coach.user.id, { role: 'owner' });
    expect(
      (await coach.client.delete(`/api/team/${team.id}/users/${owner.user.id}`)).statusCode,
    ).toBe(204);
    expect(await ownerOfRecord(team.id)).toBe(coach.user.id);
  });
});

async function ownerOfRecord(teamId: number) {
  const [row] = await t.database.db
    .select({ ownerId: teams.ownerId })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row?.ownerId;
}

const editRow = (client: TestClient, teamId: number, userId: number, body: unknown) =>
  client.put(`/api/team/${teamId}/users/${userId}`, body);

/** A non-player row by default, so the role alone may change. */
async function setRow(
  client: TestClient,
  teamId: number,
  userId: number,
  body: Partial<TeamMemberUpdate>,
) {
  const res = await editRow(client, teamId, userId, { role: 'coach', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TeamMember>();
}

describe('PUT /api/team/:id/users/:user_id (editing a roster row)', () => {
  it("changes a member's jersey number, alias names and role, and answers the row", async () => {
    const { coach, player, team } = await squad();
    const row = await setRow(coach.client, team.id, player.user.id, {
      role: 'player',
      jersey_number: 7,
      alias_name: '  Pat the Cat ',
      alias_depedent_name: 'PC',
    });
    expect(row).toEqual({
      user_id: player.user.id,
      name: 'Pat Player',
      avatar_url: null,
      role: 'player',
      jersey_number: 7,
      alias_name: 'Pat the Cat',
      alias_depedent_name: 'PC',
    });
    // A PUT replaces the row: a scorer without a jersey or an alias.
    expect(await setRow(coach.client, team.id, player.user.id, { role: 'scorer' })).toMatchObject({
      role: 'scorer',
      jersey_number: null,
      alias_name: '',
    });
    const roster = (await player.client.get(`/api/team/${team.id}`)).json<TeamDetail>();
    expect(roster.my_role).toBe('scorer');
  });

  it("applies the spec's player rules and answers field errors", async () => {
    const { owner, player, team } = await squad();
    const cases: [Record<string, unknown>, string][] = [
      [{ role: 'player', jersey_number: 5 }, 'alias_name'],
      [{ role: 'player', jersey_number: 5, alias_name: '  ' }, 'alias_name'],
      [{ role: 'player', alias_name: 'Ace' }, 'jersey_number'],
      [{ role: 'player', alias_name: 'Ace', jersey_number: null }, 'jersey_number'],
      [{ role: 'player', alias_name: 'Ace', jersey_number: -1 }, 'jersey_number'],
      [{ role: 'player', alias_name: 'Ace', jersey_number: 2.5 }, 'jersey_number'],
      [{ role: 'player', alias_name: 'Ace', jersey_number: 1000 }, 'jersey_number'],
      [{ role: 'player', alias_name: 'x'.repeat(61), jersey_number: 1 }, 'alias_name'],
      [{ role: 'player', alias_name: 'A\nB', jersey_number: 1 }, 'alias_name'],
      [{ role: 'captain', alias_name: 'Ace', jersey_number: 1 }, 'role'],
      [{ alias_name: 'Ace', jersey_number: 1 }, 'role'],
    ];
    for (const [body, path] of cases) {
      const res = await editRow(owner.client, team.id, player.user.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<Issues>().issues?.map((i) => i.path)).toContain(path);
    }
    const role = await editRow(owner.client, team.id, player.user.id, { role: 'captain' });
    expect(role.json<Issues>().issues).toContainEqual({
      path: 'role',
      message: 'Choose a team role: owner, coach, player or scorer.',
    });
    for (const bad of ['0', '01', 'x', '-3']) {
      const res = await owner.client.put(`/api/team/${team.id}/users/${bad}`, { role: 'coach' });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it("keeps a jersey number one member's within the team (400 on jersey_number)", async () => {
    const { owner, coach, player, team } = await squad();
    const taken = await editRow(owner.client, team.id, coach.user.id, {
      role: 'coach',
      jersey_number: 23,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json<Issues>().issues).toEqual([
      { path: 'jersey_number', message: 'Jersey number 23 is already worn on this team.' },
    ]);
    // Their own number stays theirs.
    await setRow(owner.client, team.id, player.user.id, {
      role: 'player',
      jersey_number: 23,
      alias_name: 'Pat',
    });
    // Two at once: one wins, the other is told which field.
    const both = await Promise.all(
      [owner, coach].map((m) =>
        editRow(owner.client, team.id, m.user.id, {
          role: m === owner ? 'owner' : 'coach',
          jersey_number: 4,
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('lets owners and coaches edit; players, scorers 403; outsiders and non-members 404', async () => {
    const { owner, coach, player, scorer, outsider, team } = await squad();
    const body = { role: 'scorer' };
    expect((await editRow(player.client, team.id, scorer.user.id, body)).statusCode).toBe(403);
    // Not even their own row.
    expect((await editRow(player.client, team.id, player.user.id, body)).statusCode).toBe(403);
    expect((await editRow(scorer.client, team.id, player.user.id, body)).statusCode).toBe(403);
    expect((await editRow(outsider.client, team.id, player.user.id, body)).statusCode).toBe(404);
    const missing = await editRow(owner.client, team.id, outsider.user.id, body);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'not_found' });
    expect((await editRow(owner.client, 999_999, player.user.id, body)).statusCode).toBe(404);
    expect(
      (
        await owner.client.put(`/api/team/${team.id}/users/${player.user.id}`, body, {
          csrf: false,
        })
      ).statusCode,
    ).toBe(403);
    expect((await editRow(coach.client, team.id, player.user.id, body)).statusCode).toBe(200);
  });

  it('lets only owners give or take the owner role, and keeps one owner', async () => {
    const { owner, coach, player, team } = await squad();
    // A coach can neither make an owner (themselves included) nor change an owner's role…
    for (const [id, role] of [
      [coach.user.id, 'owner'],
      [player.user.id, 'owner'],
      [owner.user.id, 'coach'],
    ] as const) {
      const res = await editRow(coach.client, team.id, id, { role });
      expect(res.statusCode, `${id} ${role}`).toBe(403);
    }
    // …but may change an owner's jersey and alias.
    expect(
      await setRow(coach.client, team.id, owner.user.id, { role: 'owner', jersey_number: 1 }),
    ).toMatchObject({ role: 'owner', jersey_number: 1 });
    // The only owner cannot step down.
    const last = await editRow(owner.client, team.id, owner.user.id, { role: 'coach' });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({
      error: 'conflict',
      message: 'A team needs at least one owner: make another member an owner first.',
    });
    // With a second owner, the first may step down; the recorded owner follows.
    await setRow(owner.client, team.id, coach.user.id, { role: 'owner' });
    await setRow(owner.client, team.id, owner.user.id, { role: 'coach' });
    expect(await ownerOfRecord(team.id)).toBe(coach.user.id);
    const seen = (await owner.client.get(`/api/team/${team.id}`)).json<TeamDetail>();
    expect(seen).toMatchObject({ my_role: 'coach', can_manage: true });
    // Now a coach, they may not delete the team.
    expect((await owner.client.delete(`/api/team/${team.id}`)).statusCode).toBe(403);
  });

  it('does not let two owners step down at once and leave none', async () => {
    const { owner, coach, team } = await squad();
    await setRow(owner.client, team.id, coach.user.id, { role: 'owner' });
    const both = await Promise.all(
      [owner, coach].map((m) => editRow(m.client, team.id, m.user.id, { role: 'coach' })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const roster = (await owner.client.get(`/api/team/${team.id}`)).json<TeamDetail>().members;
    expect(roster.filter((m) => m.role === 'owner')).toHaveLength(1);
    // Nor leave at once.
    const other = await squad();
    await setRow(other.owner.client, other.team.id, other.coach.user.id, { role: 'owner' });
    const leaving = await Promise.all(
      [other.owner, other.coach].map((m) =>
        m.client.delete(`/api/team/${other.team.id}/users/${m.user.id}`),
      ),
    );
    expect(leaving.map((r) => r.statusCode).sort()).toEqual([204, 409]);
  });

  it("passes a co-owned team to the other owner when an owner's account is deleted", async () => {
    const { owner, coach, player, team } = await squad();
    const solo = await createTeam(owner.client, { name: 'Solo' });
    await setRow(owner.client, team.id, coach.user.id, { role: 'owner' });
    const boss = await adminMember(t, { name: 'Ada Admin' });
    const res = await boss.client.request('DELETE', `/api/admin/users/${owner.user.id}`, {
      confirm_email: owner.user.email,
    });
    expect(res.statusCode, res.body).toBe(204);
    const seen = await player.client.get(`/api/team/${team.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<TeamDetail>().members.map((m) => m.user_id)).not.toContain(owner.user.id);
    expect(await ownerOfRecord(team.id)).toBe(coach.user.id);
    // The team they owned alone went with them.
    expect(await ownerOfRecord(solo.id)).toBeUndefined();
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
      expect.objectContaining({ id: player.user.id, name: 'Pat Player', times: 1 }),
    ]);
    expect(seenByCoach.workouts[0]!.logged_by![0]!.last_logged_on).toBe(
      new Date().toISOString().slice(0, 10),
    );
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

  it("refuses to give the team someone else's private workout that was only shared with the manager", async () => {
    const { owner, player, outsider, team } = await squad();
    const [row] = await t.database.db
      .insert(workouts)
      .values({ ownerId: outsider.user.id, title: 'Shared with the owner only', goal: 'hiit' })
      .returning({ id: workouts.id });
    const id = row!.id;
    await t.database.db
      .insert(sharedWorkouts)
      .values({ workoutId: id, fromUserId: outsider.user.id, toUserId: owner.user.id });
    expect((await owner.client.get(`/api/workout/${id}`)).statusCode).toBe(200);
    for (const body of [
      { team_id: team.id, workout_ids: [id] },
      { team_id: team.id, workout_id: id },
    ]) {
      const res = await owner.client.post('/api/team/workouts', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
    // Its author shared it with one member, not with the team.
    expect((await player.client.get(`/api/workout/${id}`)).statusCode).toBe(404);
  });

  it('gives no library workout an admin retired; one given before stays and can be taken off', async () => {
    const { owner, team } = await squad();
    const [kept, retired] = await libraryWorkoutIds(owner.client, 2);
    await owner.client.post('/api/team/workouts', { team_id: team.id, workout_ids: [kept] });
    await t.database.db
      .update(workouts)
      .set({ retiredAt: new Date() })
      .where(sql`${workouts.id} in (${kept}, ${retired})`);
    for (const body of [
      { team_id: team.id, workout_ids: [retired] },
      { team_id: team.id, workout_id: retired },
    ]) {
      const res = await owner.client.post('/api/team/workouts', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(
        'The library no longer offers this workout: choose another.',
      );
    }
    const off = await owner.client.post('/api/team/workouts', {
      team_id: team.id,
      workout_id: kept,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<TeamWorkoutsAnswer>().workouts).toEqual([]);
    await t.database.db
      .update(workouts)
      .set({ retiredAt: null })
      .where(sql`${workouts.id} in (${kept}, ${retired})`);
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

  it('says what is wrong with the list on its field, not only "Invalid input"', async () => {
    const { owner, team } = await squad();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [
        { team_id: team.id, workout_ids: Array.from({ length: 101 }, (_, i) => i + 1) },
        'workout_ids',
        /At most 100 workouts/,
      ],
      [{ team_id: team.id, workout_ids: [] }, 'workout_ids', /workout/i],
      [{ team_id: team.id }, 'workout_ids', /workout/i],
      [{ team_id: team.id, workout_ids: [1], workout_id: 2 }, 'workout_ids', /workout/i],
      [{ team_id: team.id, workout_id: 'x' }, 'workout_id', /./],
    ];
    for (const [body, path, message] of cases) {
      const res = await owner.client.post('/api/team/workouts', body);
      expect(res.statusCode).toBe(400);
      const { issues = [] } = res.json<{ issues?: { path: string; message: string }[] }>();
      const issue = issues.find((i) => i.path === path);
      expect(issue?.message, res.body.slice(0, 200)).toMatch(message);
      expect(issue?.message).not.toBe('Invalid input');
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

  it("refuses an upload already attached to another team, so removing one team's photo cannot delete another's", async () => {
    const { owner, team } = await squad();
    const other = await createTeam(owner.client, { name: 'Second team' });
    const bytes = imageBytes(1024);
    const upload = await uploadFile(t, owner.client, bytes, { purpose: 'team_photo' });
    const first = await owner.client.put(`/api/team/${team.id}/photo`, {
      signed_id: upload.signed_id,
    });
    expect(first.statusCode, first.body).toBe(200);
    // Attaching it again to the same team changes nothing.
    expect(
      (await owner.client.put(`/api/team/${team.id}/photo`, { signed_id: upload.signed_id }))
        .statusCode,
    ).toBe(200);
    const second = await owner.client.put(`/api/team/${other.id}/photo`, {
      signed_id: upload.signed_id,
    });
    expect(second.statusCode, second.body).toBe(422);
    expect(second.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    await owner.client.delete(`/api/team/${other.id}/photo`);
    const url = first.json<TeamDetail>().photo_url!;
    expect((await owner.client.get(url)).statusCode).toBe(200);
  });
});
