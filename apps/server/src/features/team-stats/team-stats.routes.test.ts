import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEAM_OPEN_GAMES_MAX,
  type TeamGame,
  type TeamStatRow,
  type TeamStatRowInput,
  type TeamStatsAnswer,
} from '@fitcoach/shared/team-stats';
import type { TeamDetail } from '@fitcoach/shared/teams';
import { createTestApp, member, type TestApp, type TestClient } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Issues = { error: string; message: string; issues?: { path: string; message: string }[] };

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A basketball team: an owner, a coach, a scorer, two players (#23 Pat, #7 Quinn) and an
 * outsider.
 */
async function squad(sport = 'basketball') {
  const owner = await member(t, { name: 'Olivia Owner' });
  const coach = await member(t, { name: 'Carl Coach' });
  const scorer = await member(t, { name: 'Sam Scorer' });
  const player = await member(t, { name: 'Pat Player' });
  const player2 = await member(t, { name: 'Quinn Player' });
  const outsider = await member(t, { name: 'Otto Outsider' });
  const created = await owner.client.post('/api/team', { name: 'Hawks', sport, season: '2025' });
  expect(created.statusCode, created.body).toBe(201);
  const team = created.json<TeamDetail>();
  for (const [who, body] of [
    [coach, { role: 'coach' }],
    [scorer, { role: 'scorer' }],
    [player, { role: 'player', jersey_number: 23, alias_name: 'Patty' }],
    [player2, { role: 'player', jersey_number: 7, alias_name: 'Q' }],
  ] as const) {
    const res = await owner.client.post('/api/team/users', {
      team_id: team.id,
      user_id: who.user.id,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { owner, coach, scorer, player, player2, outsider, team };
}

const row = (playerId: number, values: Partial<TeamStatRowInput> = {}): TeamStatRowInput => ({
  vs_name: 'Eagles',
  game_date: today(),
  player_name: 'whatever the sheet showed',
  player_id: playerId,
  two_point_fg_attempted: 0,
  two_point_fg_made: 0,
  three_point_fg_attempted: 0,
  three_point_fg_made: 0,
  free_throws_attempted: 0,
  free_throws_made: 0,
  offensive_rebounds: 0,
  defensive_rebounds: 0,
  assists: 0,
  steals: 0,
  blocks: 0,
  turnovers: 0,
  personal_fouls: 0,
  total_points: 0,
  ...values,
});

const submit = (client: TestClient, body: Record<string, unknown>) =>
  client.post('/api/team/stats', body);

async function listOf(client: TestClient, teamId: number) {
  const res = await client.get(`/api/team/${teamId}/stats`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TeamStatsAnswer>();
}

describe('POST /api/team/stats (the spec call)', () => {
  it("records a final game with the rows, recomputing total_points and ignoring the client's", async () => {
    const { scorer, player, player2, team } = await squad();
    const res = await submit(scorer.client, {
      team_id: team.id,
      stats: [
        row(player.user.id, {
          two_point_fg_attempted: 10,
          two_point_fg_made: 5,
          three_point_fg_attempted: 4,
          three_point_fg_made: 2,
          free_throws_attempted: 5,
          free_throws_made: 4,
          total_points: 999,
        }),
        row(player2.user.id, { free_throws_attempted: 2, free_throws_made: 1, total_points: -4 }),
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const game = res.json<TeamGame>();
    expect(game).toMatchObject({
      team_id: team.id,
      vs_name: 'Eagles',
      game_date: today(),
      status: 'final',
      team_points: 21,
      created_by: { id: scorer.user.id, name: 'Sam Scorer' },
    });
    expect(game.finalized_at).toEqual(expect.any(String));
    // Jersey order; the roster's names, not the sheet's.
    expect(game.rows.map((r) => [r.player_name, r.jersey_number, r.total_points])).toEqual([
      ['Quinn Player', 7, 1],
      ['Pat Player', 23, 20],
    ]);
    const fetched = await scorer.client.get(`/api/team/${team.id}/stats/${game.id}`);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json<TeamGame>()).toEqual(game);
  });

  it('refuses made above attempted (400 on the made field), on the whole sheet', async () => {
    const { scorer, player, player2, team } = await squad();
    const res = await submit(scorer.client, {
      team_id: team.id,
      stats: [
        row(player.user.id, { two_point_fg_attempted: 3, two_point_fg_made: 3 }),
        row(player2.user.id, { three_point_fg_attempted: 2, three_point_fg_made: 3 }),
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<Issues>();
    expect(body.error).toBe('validation_failed');
    expect(body.issues).toEqual([
      {
        path: 'stats.1.three_point_fg_made',
        message: 'Made (3) cannot be more than attempted (2).',
      },
    ]);
    expect((await listOf(scorer.client, team.id)).games).toEqual([]);
  });

  it('refuses negative, fractional, huge and non-number counts, and bad rows', async () => {
    const { scorer, player, player2, team } = await squad();
    const bad: [Record<string, unknown>, string][] = [
      [{ stats: [row(player.user.id, { assists: -1 })] }, 'stats.0.assists'],
      [{ stats: [row(player.user.id, { steals: 1.5 })] }, 'stats.0.steals'],
      [{ stats: [row(player.user.id, { blocks: 201 })] }, 'stats.0.blocks'],
      [{ stats: [{ ...row(player.user.id), turnovers: '2' }] }, 'stats.0.turnovers'],
      [{ stats: [row(player.user.id, { vs_name: '  ' })] }, 'stats.0.vs_name'],
      [{ stats: [row(player.user.id, { game_date: '2025-02-30' })] }, 'stats.0.game_date'],
      [{ stats: [row(player.user.id, { game_date: '2999-01-01' })] }, 'stats.0.game_date'],
      [{ stats: [] }, 'stats'],
      [{ stats: 'rows' }, 'stats'],
      [
        { stats: [row(player.user.id), row(player2.user.id, { vs_name: 'Owls' })] },
        'stats.1.vs_name',
      ],
      [{ stats: [row(player.user.id), row(player.user.id)] }, 'stats.1.player_id'],
      [{ stats: [row(player.user.id)], game_id: 'x' }, 'game_id'],
    ];
    for (const [patch, path] of bad) {
      const res = await submit(scorer.client, { team_id: team.id, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json<Issues>().issues?.[0]?.path, JSON.stringify(patch)).toBe(path);
    }
    const many = Array.from({ length: 51 }, (_, i) => row(i + 1));
    const tooMany = await submit(scorer.client, { team_id: team.id, stats: many });
    expect(tooMany.statusCode).toBe(400);
    expect((await listOf(scorer.client, team.id)).games).toEqual([]);
  });

  it('saves all rows or none: a player not on the team fails the whole sheet', async () => {
    const { scorer, player, outsider, team } = await squad();
    const res = await submit(scorer.client, {
      team_id: team.id,
      stats: [row(player.user.id, { assists: 4 }), row(outsider.user.id, { assists: 2 })],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Issues>().issues).toEqual([
      { path: 'stats.1.player_id', message: 'This player is not on the team.' },
    ]);
    expect((await listOf(scorer.client, team.id)).games).toEqual([]);
  });

  it('refuses more than TEAM_OPEN_GAMES_MAX live games at once (409), until one is discarded', async () => {
    const { scorer, team } = await squad();
    const start = () =>
      scorer.client.post(`/api/team/${team.id}/stats/games`, {
        vs_name: 'Owls',
        game_date: today(),
      });
    const ids: number[] = [];
    for (let i = 0; i < TEAM_OPEN_GAMES_MAX; i++) {
      const res = await start();
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<TeamGame>().id);
    }
    const refused = await start();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'conflict' });
    expect((await scorer.client.delete(`/api/team/${team.id}/stats/${ids[0]}`)).statusCode).toBe(
      204,
    );
    expect((await start()).statusCode).toBe(201);
  });

  it('rolls back every row and the finalising when a write fails midway (one transaction)', async () => {
    const { scorer, player, player2, team } = await squad();
    const started = await scorer.client.post(`/api/team/${team.id}/stats/games`, {
      vs_name: 'Owls',
      game_date: today(),
    });
    expect(started.statusCode, started.body).toBe(201);
    const game = started.json<TeamGame>();
    const live = await scorer.client.put(
      `/api/team/${team.id}/stats/${game.id}/rows/${player2.user.id}`,
      { assists: 3 },
    );
    expect(live.statusCode, live.body).toBe(200);
    // The database refuses Pat's row (a fault injected for this test only): the header, the
    // status and Quinn's row, written before it in the same transaction, must not stay.
    const db = t.database.db;
    await db.execute(
      sql.raw(`
      CREATE FUNCTION test_refuse_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.player_id = ${player.user.id} THEN RAISE EXCEPTION 'injected failure'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_refuse_row BEFORE INSERT OR UPDATE ON team_game_stats
        FOR EACH ROW EXECUTE FUNCTION test_refuse_row();`),
    );
    try {
      const res = await submit(scorer.client, {
        team_id: team.id,
        game_id: game.id,
        stats: [
          row(player2.user.id, { vs_name: 'Renamed', assists: 9 }),
          row(player.user.id, { vs_name: 'Renamed', assists: 1 }),
        ],
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(
        sql.raw(
          'DROP TRIGGER test_refuse_row ON team_game_stats; DROP FUNCTION test_refuse_row();',
        ),
      );
    }
    const after = (
      await scorer.client.get(`/api/team/${team.id}/stats/${game.id}`)
    ).json<TeamGame>();
    expect(after).toMatchObject({ status: 'open', vs_name: 'Owls', version: 1 });
    expect(after.rows.map((r) => [r.player_id, r.assists, r.version])).toEqual([
      [player2.user.id, 3, 1],
    ]);
  });

  it('lets owners, coaches and scorers submit; players 403; outsiders and unknown teams 404', async () => {
    const { owner, coach, scorer, player, outsider, team } = await squad();
    const body = { team_id: team.id, stats: [row(player.user.id, { assists: 1 })] };
    for (const who of [owner, coach, scorer]) {
      expect((await submit(who.client, body)).statusCode).toBe(201);
    }
    const refused = await submit(player.client, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Issues>().message).toBe(
      "Only the team's owner, coaches and scorers enter stats.",
    );
    expect((await submit(outsider.client, body)).statusCode).toBe(404);
    expect((await submit(owner.client, { ...body, team_id: 2_000_000_000 })).statusCode).toBe(404);
    expect((await listOf(player.client, team.id)).games).toHaveLength(3);
    expect((await outsider.client.get(`/api/team/${team.id}/stats`)).statusCode).toBe(404);
  });

  it('refuses stats for a team of another sport (409), and a game of another team (404)', async () => {
    const soccer = await squad('soccer');
    const res = await submit(soccer.owner.client, {
      team_id: soccer.team.id,
      stats: [row(soccer.player.user.id)],
    });
    expect(res.statusCode).toBe(409);
    const a = await squad();
    const b = await squad();
    const started = await b.owner.client.post(`/api/team/${b.team.id}/stats/games`, {
      game_date: today(),
    });
    const otherGame = started.json<TeamGame>().id;
    const wrong = await submit(a.owner.client, {
      team_id: a.team.id,
      game_id: otherGame,
      stats: [row(a.player.user.id)],
    });
    expect(wrong.statusCode).toBe(404);
    expect((await a.owner.client.get(`/api/team/${a.team.id}/stats/${otherGame}`)).statusCode).toBe(
      404,
    );
  });

  it('needs a session and the CSRF token', async () => {
    const { scorer, player, team } = await squad();
    const body = { team_id: team.id, stats: [row(player.user.id)] };
    expect((await scorer.client.post('/api/team/stats', body, { csrf: false })).statusCode).toBe(
      403,
    );
    const anon = await t.app.inject({ method: 'GET', url: `/api/team/${team.id}/stats` });
    expect(anon.statusCode).toBe(401);
  });
});

describe('live scoring of an open game', () => {
  it('saves each row on its own (two scorers at once), then finalises with the submitted sheet', async () => {
    const { coach, scorer, player, player2, owner, team } = await squad();
    const started = await scorer.client.post(`/api/team/${team.id}/stats/games`, {
      vs_name: '',
      game_date: today(),
    });
    expect(started.statusCode, started.body).toBe(201);
    const game = started.json<TeamGame>();
    expect(game).toMatchObject({ status: 'open', vs_name: '', rows: [], version: 1 });

    const put = (client: TestClient, playerId: number, body: Record<string, unknown>) =>
      client.put(`/api/team/${team.id}/stats/${game.id}/rows/${playerId}`, body);
    // Two scorers, two players, at the same moment.
    const [a, b] = await Promise.all([
      put(scorer.client, player.user.id, { two_point_fg_attempted: 2, two_point_fg_made: 1 }),
      put(coach.client, player2.user.id, {
        three_point_fg_attempted: 1,
        three_point_fg_made: 1,
        total_points: 50,
      }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json<TeamStatRow>()).toMatchObject({ total_points: 2, version: 1 });
    expect(b.json<TeamStatRow>()).toMatchObject({ total_points: 3, version: 1 });
    const again = await put(scorer.client, player.user.id, {
      two_point_fg_attempted: 3,
      two_point_fg_made: 2,
    });
    expect(again.json<TeamStatRow>()).toMatchObject({ total_points: 4, version: 2 });

    const header = await scorer.client.put(`/api/team/${team.id}/stats/${game.id}`, {
      vs_name: 'Falcons',
      game_date: today(),
    });
    expect(header.json<TeamGame>()).toMatchObject({ vs_name: 'Falcons', version: 2 });

    const open = (await listOf(player.client, team.id)).games[0]!;
    expect(open).toMatchObject({ id: game.id, status: 'open', team_points: 7 });
    // Open games do not count in the season yet.
    expect((await listOf(player.client, team.id)).season.players).toEqual([]);

    // Made above attempted live: 400 on the field, nothing written.
    const over = await put(scorer.client, player.user.id, {
      free_throws_attempted: 1,
      free_throws_made: 2,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json<Issues>().issues?.[0]?.path).toBe('free_throws_made');
    // Someone not on the team has no row.
    const stranger = await member(t);
    expect((await put(scorer.client, stranger.user.id, { assists: 1 })).statusCode).toBe(404);
    // Players read but do not score.
    expect((await put(player.client, player.user.id, { assists: 1 })).statusCode).toBe(403);

    // The submitted sheet is the game: Quinn's live row is gone, Pat's is the sheet's.
    const done = await submit(scorer.client, {
      team_id: team.id,
      game_id: game.id,
      stats: [
        row(player.user.id, {
          vs_name: 'Falcons',
          two_point_fg_attempted: 3,
          two_point_fg_made: 2,
          assists: 5,
        }),
      ],
    });
    expect(done.statusCode, done.body).toBe(200);
    const final = done.json<TeamGame>();
    expect(final).toMatchObject({ status: 'final', version: 3, team_points: 4 });
    expect(final.rows).toEqual([
      expect.objectContaining({ player_id: player.user.id, assists: 5, version: 3 }),
    ]);

    // The cached season answer read before is stale now: it is built again.
    const after = await listOf(player.client, team.id);
    expect(after.games[0]).toMatchObject({ id: game.id, status: 'final', team_points: 4 });
    expect(after.season.players).toEqual([
      expect.objectContaining({ player_id: player.user.id, points: 4, assists: 5 }),
    ]);

    // Final is read-only.
    expect((await put(scorer.client, player.user.id, { assists: 1 })).statusCode).toBe(409);
    const headerLater = await scorer.client.put(`/api/team/${team.id}/stats/${game.id}`, {
      vs_name: 'X',
      game_date: today(),
    });
    expect(headerLater.statusCode).toBe(409);
    const twice = await submit(scorer.client, {
      team_id: team.id,
      game_id: game.id,
      stats: [row(player.user.id, { vs_name: 'Falcons' })],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<Issues>().message).toBe(
      'This game is final: its stats can no longer change.',
    );

    // A final game is the owner's or a coach's to delete; a scorer may not.
    const url = `/api/team/${team.id}/stats/${game.id}`;
    expect((await scorer.client.delete(url)).statusCode).toBe(403);
    expect((await player.client.delete(url)).statusCode).toBe(403);
    expect((await owner.client.delete(url)).statusCode).toBe(204);
    expect((await owner.client.get(url)).statusCode).toBe(404);
  });

  it('lets a scorer discard an open game; outsiders get 404 everywhere', async () => {
    const { owner, scorer, player, outsider, team } = await squad();
    const started = await scorer.client.post(`/api/team/${team.id}/stats/games`, {
      game_date: today(),
    });
    const game = started.json<TeamGame>();
    const base = `/api/team/${team.id}/stats/${game.id}`;
    expect((await outsider.client.get(base)).statusCode).toBe(404);
    expect((await outsider.client.put(base, { game_date: today() })).statusCode).toBe(404);
    expect(
      (await outsider.client.put(`${base}/rows/${player.user.id}`, { assists: 1 })).statusCode,
    ).toBe(404);
    expect((await outsider.client.delete(base)).statusCode).toBe(404);
    expect(
      (await outsider.client.post(`/api/team/${team.id}/stats/games`, { game_date: today() }))
        .statusCode,
    ).toBe(404);
    expect(
      (await player.client.post(`/api/team/${team.id}/stats/games`, { game_date: today() }))
        .statusCode,
    ).toBe(403);
    expect((await scorer.client.delete(base)).statusCode).toBe(204);
    expect((await listOf(scorer.client, team.id)).games).toEqual([]);

    // Read while on the team, then taken off it: the games are gone for them at once.
    expect((await listOf(player.client, team.id)).games).toEqual([]);
    const removed = await owner.client.delete(`/api/team/${team.id}/users/${player.user.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await player.client.get(`/api/team/${team.id}/stats`)).statusCode).toBe(404);
    // And one added reads them at once.
    const added = await owner.client.post('/api/team/users', {
      team_id: team.id,
      user_id: outsider.user.id,
      role: 'scorer',
    });
    expect(added.statusCode).toBe(200);
    expect((await outsider.client.get(`/api/team/${team.id}/stats`)).statusCode).toBe(200);
  });
});

describe('GET /api/team/:id/stats: season totals', () => {
  it('sums final games per player with FG (2P + 3P), 3P, FT, eFG and TS percentages', async () => {
    const { scorer, player, player2, team } = await squad();
    // Pat over two games: 2P 5/10, 3P 2/4, FT 4/5 in all; 20 points.
    const games = [
      [
        row(player.user.id, {
          two_point_fg_attempted: 6,
          two_point_fg_made: 3,
          three_point_fg_attempted: 1,
          three_point_fg_made: 1,
          free_throws_attempted: 2,
          free_throws_made: 2,
          offensive_rebounds: 2,
          defensive_rebounds: 3,
          assists: 4,
        }),
        // Quinn never shoots: every percentage is null.
        row(player2.user.id, { defensive_rebounds: 1 }),
      ],
      [
        row(player.user.id, {
          game_date: '2025-01-05',
          two_point_fg_attempted: 4,
          two_point_fg_made: 2,
          three_point_fg_attempted: 3,
          three_point_fg_made: 1,
          free_throws_attempted: 3,
          free_throws_made: 2,
          offensive_rebounds: 1,
          assists: 2,
        }),
        // On the sheet, never on the floor: not a game played.
        row(player2.user.id, { game_date: '2025-01-05' }),
      ],
    ];
    for (const stats of games) {
      const res = await submit(scorer.client, { team_id: team.id, stats });
      expect(res.statusCode, res.body).toBe(201);
    }
    // An open game does not count.
    const open = await scorer.client.post(`/api/team/${team.id}/stats/games`, {
      game_date: today(),
    });
    await scorer.client.put(
      `/api/team/${team.id}/stats/${open.json<TeamGame>().id}/rows/${player.user.id}`,
      { free_throws_attempted: 10, free_throws_made: 10 },
    );

    const answer = await listOf(scorer.client, team.id);
    expect(answer.games.map((g) => g.status)).toEqual(['open', 'final', 'final']);
    // Newest first after the open one.
    expect(answer.games[2]!.game_date).toBe('2025-01-05');
    const [pat, quinn] = answer.season.players;
    expect(pat).toMatchObject({
      player_id: player.user.id,
      player_name: 'Pat Player',
      jersey_number: 23,
      games: 2,
      points: 20,
      points_per_game: 10,
      rebounds: 6,
      assists: 6,
      field_goals_made: 7,
      field_goals_attempted: 14,
      fg_pct: 0.5,
      three_pct: 0.5,
      ft_pct: 0.8,
      // (7 + 0.5 × 2) / 14
      efg_pct: 0.5714,
      // 20 / (2 × (14 + 0.44 × 5)) = 20 / 32.4
      ts_pct: 0.6173,
    });
    expect(quinn).toMatchObject({
      games: 1,
      points: 0,
      rebounds: 1,
      fg_pct: null,
      three_pct: null,
      ft_pct: null,
      efg_pct: null,
      ts_pct: null,
    });
    expect(answer.season.team).toMatchObject({ games: 2, points: 20, rebounds: 7 });
  });
});
