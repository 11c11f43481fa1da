import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameStat, GameStatInput, GameStatsPage } from '@fitcoach/shared/game-stats';
import type { ProgramToday } from '@fitcoach/shared/programs';
import { notificationsIdentifier, openCable } from '../../plugins/cable/cable-test-client';
import { createTestApp, member, type TestApp, type TestClient } from '../../test/test-app';
import { generateProgram } from '../programs/programs.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The live-refresh test opens a real socket.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 86_400_000;
const dayFromToday = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

function game(overrides: Partial<GameStatInput> = {}): GameStatInput {
  return {
    vs_name: 'Eastside Eagles',
    game_date: dayFromToday(-3),
    sport: 'basketball',
    points: 18,
    rebounds: 7,
    assists: 4,
    notes: 'Good first half.',
    ...overrides,
  };
}

async function record(client: TestClient, overrides: Partial<GameStatInput> = {}) {
  const res = await client.post('/api/game_stats', game(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<GameStat>();
}

describe('POST /api/game_stats', () => {
  it('records a game, trimmed, with unset stats at 0 and the sport defaulting to other', async () => {
    const { client } = await member(t);
    const created = await record(client, { vs_name: '  Westside  ', notes: '  ok  ' });
    expect(created).toMatchObject({
      vs_name: 'Westside',
      sport: 'basketball',
      points: 18,
      kills: 0,
      game_errors: 0,
      notes: 'ok',
    });
    const bare = await client.post('/api/game_stats', {
      vs_name: 'Spec fields only',
      game_date: dayFromToday(-1),
    });
    expect(bare.statusCode).toBe(201);
    expect(bare.json<GameStat>()).toMatchObject({ sport: 'other', points: 0, notes: '' });
  });

  it('refuses a missing or blank opponent, a long one, and one on two lines', async () => {
    const { client } = await member(t);
    for (const vs_name of [undefined, '', '   ', '\u200b', 'x'.repeat(101), 'A\nB']) {
      const res = await client.post('/api/game_stats', { ...game(), vs_name });
      expect(res.statusCode, String(vs_name)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
      expect(res.json<{ issues: { path: string }[] }>().issues[0]!.path).toBe('vs_name');
    }
    expect(
      (await client.post('/api/game_stats', game({ vs_name: 'x'.repeat(100) }))).statusCode,
    ).toBe(201);
  });

  it('refuses negative, fractional, huge or non-numeric stats', async () => {
    const { client } = await member(t);
    const bad: Record<string, unknown>[] = [
      { points: -1 },
      { rebounds: 2.5 },
      { assists: 101 },
      { points: 301 },
      { digs: 1e12 },
      { kills: '5' },
      { aces: null },
      { game_errors: Number.MAX_SAFE_INTEGER },
    ];
    for (const body of bad) {
      const res = await client.post('/api/game_stats', { ...game(), ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ issues: { path: string }[] }>().issues[0]!.path).toBe(Object.keys(body)[0]);
    }
    const most = await record(client, { points: 300, rebounds: 100, kills: 150, digs: 150 });
    expect(most.points).toBe(300);
  });

  it('refuses a sport it does not know, and notes over 2000 characters', async () => {
    const { client } = await member(t);
    const sport = await client.post('/api/game_stats', { ...game(), sport: 'curling' });
    expect(sport.statusCode).toBe(400);
    const notes = await client.post('/api/game_stats', game({ notes: 'n'.repeat(2001) }));
    expect(notes.statusCode).toBe(400);
    expect(notes.json()).toMatchObject({ issues: [{ path: 'notes' }] });
  });

  it('takes dates up to tomorrow; refuses later ones, malformed ones and very old ones', async () => {
    const { client } = await member(t);
    expect(
      (await client.post('/api/game_stats', game({ game_date: dayFromToday(0) }))).statusCode,
    ).toBe(201);
    expect(
      (await client.post('/api/game_stats', game({ game_date: dayFromToday(1) }))).statusCode,
    ).toBe(201);
    for (const game_date of [dayFromToday(3), '2025-02-30', '21-11-2025', '', '1949-12-31']) {
      const res = await client.post('/api/game_stats', game({ game_date }));
      expect(res.statusCode, game_date).toBe(400);
      expect(res.json()).toMatchObject({ issues: [{ path: 'game_date' }] });
    }
    const future = await client.post('/api/game_stats', game({ game_date: dayFromToday(5) }));
    expect(future.json<{ issues: { message: string }[] }>().issues[0]!.message).toBe(
      'That date is in the future.',
    );
  });

  it('refuses NUL characters anywhere, in the error shape, and answers in Spanish', async () => {
    const { client } = await member(t);
    for (const body of [game({ vs_name: 'Ea\u0000gles' }), game({ notes: 'a\u0000' })]) {
      const res = await client.post('/api/game_stats', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
    const es = await client.request('POST', '/api/game_stats', game({ points: -2 }), {
      headers: { 'accept-language': 'es' },
    });
    expect(es.statusCode).toBe(400);
    expect(es.json<{ issues: { message: string }[] }>().issues[0]!.message).toBe(
      'No puede ser menor que 0.',
    );
  });

  it('needs a signed-in member and the CSRF token', async () => {
    const { client } = await member(t);
    const noCsrf = await client.post('/api/game_stats', game(), { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/game_stats' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({
      error: expect.any(String),
      message: expect.any(String),
    });
  });
});

describe('GET /api/game_stats', () => {
  it('lists only the member’s games, newest first, a page at a time', async () => {
    const { client } = await member(t);
    const other = await member(t);
    await record(other.client, { vs_name: 'Not mine' });
    const older = await record(client, { vs_name: 'Older', game_date: dayFromToday(-10) });
    const newer = await record(client, { vs_name: 'Newer', game_date: dayFromToday(-1) });
    const sameDay = await record(client, { vs_name: 'Same day', game_date: dayFromToday(-10) });

    const first = (await client.get('/api/game_stats?limit=2')).json<GameStatsPage>();
    expect(first.items.map((g) => g.id)).toEqual([newer.id, sameDay.id]);
    expect(first.next_cursor).not.toBeNull();
    const second = (
      await client.get(`/api/game_stats?limit=2&cursor=${first.next_cursor}`)
    ).json<GameStatsPage>();
    expect(second.items.map((g) => g.id)).toEqual([older.id]);
    expect(second.next_cursor).toBeNull();

    const stale = await client.get('/api/game_stats?cursor=not-a-cursor');
    expect(stale.statusCode).toBe(400);
  });

  it('answers season and all-time totals and per-game averages, and the chart oldest first', async () => {
    const { client } = await member(t);
    const year = new Date().getUTCFullYear();
    const empty = (await client.get('/api/game_stats')).json<GameStatsPage>();
    expect(empty.items).toEqual([]);
    expect(empty.all_time).toMatchObject({ games: 0, averages: { points: 0 } });
    expect(empty.season.year).toBe(year);

    await record(client, { game_date: `${year - 1}-06-01`, points: 30, rebounds: 10 });
    await record(client, { game_date: dayFromToday(-2), points: 10, rebounds: 5, assists: 1 });
    await record(client, {
      game_date: dayFromToday(-1),
      sport: 'volleyball',
      points: 11,
      rebounds: 0,
      assists: 0,
      kills: 9,
      digs: 4,
    });
    const page = (await client.get('/api/game_stats')).json<GameStatsPage>();
    expect(page.all_time.games).toBe(3);
    expect(page.all_time.totals).toMatchObject({ points: 51, rebounds: 15, kills: 9 });
    expect(page.all_time.averages).toMatchObject({ points: 17, rebounds: 5, assists: 1.7 });
    // Last year's game is not this season's (unless "two days ago" was last year too).
    const thisYear = [dayFromToday(-2), dayFromToday(-1)].filter((d) => d.startsWith(`${year}`));
    expect(page.season.games).toBe(thisYear.length);
    expect(page.sports).toEqual(['basketball', 'volleyball']);
    expect(page.chart.map((p) => p.game_date)).toEqual([
      `${year - 1}-06-01`,
      dayFromToday(-2),
      dayFromToday(-1),
    ]);
  });
});

describe('PUT and DELETE /api/game_stats/:id', () => {
  it('edit every field of the member’s own game and delete it', async () => {
    const { client } = await member(t);
    const created = await record(client);
    const res = await client.put(
      `/api/game_stats/${created.id}`,
      game({ vs_name: 'Renamed', sport: 'soccer', points: 2, rebounds: 0, assists: 1, notes: '' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<GameStat>()).toMatchObject({
      id: created.id,
      vs_name: 'Renamed',
      sport: 'soccer',
      points: 2,
      notes: '',
    });
    expect(
      (await client.put(`/api/game_stats/${created.id}`, game({ points: -1 }))).statusCode,
    ).toBe(400);

    const gone = await client.delete(`/api/game_stats/${created.id}`);
    expect(gone.statusCode).toBe(204);
    expect((await client.delete(`/api/game_stats/${created.id}`)).statusCode).toBe(404);
    expect((await client.get('/api/game_stats')).json<GameStatsPage>().items).toEqual([]);
  });

  it('answer 404 for another member’s game, changing nothing, and 400 for a bad id', async () => {
    const owner = await member(t);
    const other = await member(t);
    const mine = await record(owner.client);
    const put = await other.client.put(`/api/game_stats/${mine.id}`, game({ points: 99 }));
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ error: 'not_found', message: 'That game could not be found.' });
    expect((await other.client.delete(`/api/game_stats/${mine.id}`)).statusCode).toBe(404);
    const still = (await owner.client.get('/api/game_stats')).json<GameStatsPage>();
    expect(still.items).toEqual([mine]);
    expect((await owner.client.put('/api/game_stats/0x10', game())).statusCode).toBe(400);
    expect((await owner.client.delete('/api/game_stats/99999999999')).statusCode).toBe(400);
  });
});

describe('live refresh and training load', () => {
  it('tells the member’s other tabs that their games changed', async () => {
    const { client } = await member(t);
    const cable = await openCable(t.app, client);
    await cable.ofType('welcome');
    cable.send({ command: 'subscribe', identifier: notificationsIdentifier });
    await cable.next(
      (f) => f.identifier === notificationsIdentifier && f.type === 'confirm_subscription',
    );
    await record(client);
    const frame = await cable.next(
      (f) => (f.message as { type?: string } | undefined)?.type === 'game_stats.changed',
    );
    expect(frame.message).toEqual({ type: 'game_stats.changed' });
    cable.close();
  });

  it('eases today’s program session after a game yesterday (a hard session)', async () => {
    const m = await member(t);
    await generateProgram(
      t.app.ctx,
      { id: m.user.id, role: 'member', measurementType: 'metric', locale: 'en' },
      {
        trainer_action: 'workout',
        gender: 'female',
        age: 30,
        workout_frequency: 7,
        workout_plan_length: 4,
        workout_length: 40,
        workout_goal: 'hiit',
        seed: 42,
      },
    );
    await record(m.client, { game_date: dayFromToday(-1) });
    const today = (await m.client.get(`/api/program/today?date=${dayFromToday(0)}`)).json<
      NonNullable<ProgramToday>
    >();
    expect(today.adjusted).toBe(true);
    expect(today.entry.note).toMatch(/played a game yesterday/);
  });
});
