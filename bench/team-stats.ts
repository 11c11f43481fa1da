// Team game stats (issue 14). Two targets:
//   1. A scorer's change reaching 50 watching sockets: p99 ≤ 50 ms, beside bare `ws` broadcasting
//      a frame of the same size to 50 sockets (bench/bare-ws.mjs) in the same run.
//   2. A season box score (`GET /api/team/:id/stats`) for a 15-player team with 40 games, at 50
//      connections: ≥ 0.5× the req/s of a bare Fastify route (bench/bare-fastify.mjs) in the same
//      run, flat out and again while a scorer's live changes make the answer stale.
//
// How: the BUILT app (NODE_ENV=production, default log level, logged to a file) twice:
//   1. on PostgreSQL: a fresh database on BENCH_DATABASE_ADMIN_URL's server (created for the run,
//      dropped at the end), with REDIS_URL=BENCH_REDIS_URL (broadcasts through Redis);
//   2. on the embedded default (no DATABASE_URL, no REDIS_URL; its own PostgreSQL in a temporary
//      DATA_DIR), seeded through the embedded server's socket.
// Data, written straight into the database: a basketball team "Box" (an owner who scores, 15
// players with jerseys) with 40 final games of 15 rows each (made ≤ attempted, the spec's total)
// and one open game; a team "Watch" (an owner who scores, 50 players). Sessions as sign-in writes
// them.
// Part 1: each of Watch's 50 players holds a signed-in /cable socket subscribed to
// `{ channel: 'TeamChannel', team_id }`. The owner changes one player's row of an open game as the
// sheet does (`PUT /api/team/:id/stats/:game_id/rows/:player_id`, its session cookie and CSRF
// token), one change after another (the next once the answer and all 50 deliveries are in), after
// an unmeasured warm-up. Latency per delivery: from issuing the PUT to that socket receiving the
// `stat_row` event with the row's new version. The baseline does the same with a POST of a frame
// of the same size to bare `ws`, written to 50 sockets.
// Part 2: the 15 players read their team's stats on 50 connections (in turn), flat out, then while
// the owner changes a row of the open game every BENCH_WRITE_MS (each change alters the answer);
// afterwards the answer served must hold the last version written. The bare route runs before and
// after; ratios use the mean of the two.
//
// Env: BENCH_TS_CHANGES (300), BENCH_TS_WARMUP_CHANGES (20), BENCH_WRITE_MS (100),
// BENCH_DURATION (s, 10), BENCH_WARMUP (s, 3), BENCH_CONNECTIONS (50), BENCH_ONLY
// (postgres|embedded), BENCH_DATABASE_ADMIN_URL, BENCH_REDIS_URL (redis://127.0.0.1:6379),
// BENCH_LOG_LEVEL, BENCH_BUILD=1.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import WebSocket from 'ws';
import {
  builtServer,
  freshDatabase,
  insertMembers,
  load,
  loadAverage,
  loadRow,
  percentile,
  sessionsFor,
  signedIn,
  sleep,
  startApp,
  startBareFastify,
  startChild,
  startEmbeddedApp,
  stopAll,
  type Child,
  type Load,
} from './friends-support';
import { machine } from './support';

const CHANGES = Number(process.env.BENCH_TS_CHANGES ?? 300);
const WARMUP_CHANGES = Number(process.env.BENCH_TS_WARMUP_CHANGES ?? 20);
const WRITE_MS = Number(process.env.BENCH_WRITE_MS ?? 100);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ONLY = process.env.BENCH_ONLY ?? '';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WATCHERS = 50;
const PLAYERS = 15;
const GAMES = 40;
const TARGET_P99_MS = 50;
const TARGET_RATIO = 0.5;

interface Seeded {
  boxTeam: number;
  boxOpenGame: number;
  boxOwnerToken: string;
  boxPlayers: number[];
  boxPlayerTokens: string[];
  watchTeam: number;
  watchOpenGame: number;
  watchOwnerToken: string;
  watchPlayers: number[];
  watchTokens: string[];
  seconds: number;
}

/** A team, its owner (who scores) and `players` players with jerseys; answers their ids. */
async function team(pool: pg.Pool, name: string, ids: number[]): Promise<number> {
  const [owner, ...players] = ids;
  const made = await pool.query<{ id: number }>(
    `insert into teams (name, sport, season, owner_id) values ($1, 'basketball', '2026', $2)
     returning id`,
    [name, owner],
  );
  const teamId = made.rows[0]!.id;
  await pool.query(`insert into team_members (team_id, user_id, role) values ($1, $2, 'owner')`, [
    teamId,
    owner,
  ]);
  await pool.query(
    `insert into team_members (team_id, user_id, role, jersey_number, alias_name)
     select $1, p, 'player', n::int, 'Player ' || n from unnest($2::int[]) with ordinality t(p, n)`,
    [teamId, players],
  );
  return teamId;
}

/** `count` final games (and one open one) of `players`, each row valid by the table's checks. */
async function games(pool: pg.Pool, teamId: number, owner: number, count: number) {
  await pool.query(
    `insert into team_games (team_id, vs_name, game_date, status, finalized_at, created_by)
     select $1, 'Opponent ' || g, current_date - (count_games - g + 1) * 3, 'final', now(), $2
     from generate_series(1, $3::int) g, (select $3::int as count_games) c`,
    [teamId, owner, count],
  );
  const open = await pool.query<{ id: number }>(
    `insert into team_games (team_id, vs_name, game_date, status, created_by)
     values ($1, 'Tonight', current_date, 'open', $2) returning id`,
    [teamId, owner],
  );
  // Counts from a multiplicative hash of (game, player): attempted first, made below it.
  await pool.query(
    `insert into team_game_stats (game_id, player_id, player_name, jersey_number,
        two_point_fg_attempted, two_point_fg_made, three_point_fg_attempted, three_point_fg_made,
        free_throws_attempted, free_throws_made, offensive_rebounds, defensive_rebounds, assists,
        steals, blocks, turnovers, personal_fouls, total_points)
     select g.id, m.user_id, u.name, m.jersey_number,
            a2, m2, a3, m3, af, mf, h % 4, h % 7, h % 6, h % 3, h % 2, h % 4, h % 5,
            2 * m2 + 3 * m3 + mf
     from team_games g
     join team_members m on m.team_id = g.team_id and m.role = 'player'
     join users u on u.id = m.user_id,
     lateral (select ((g.id::bigint * 7919 + m.user_id::bigint * 104729) % 1000)::int as h) x,
     lateral (select 2 + h % 12 as a2, 2 + h % 6 as a3, h % 8 as af) y,
     lateral (select a2 * (h % 5) / 5 as m2, a3 * (h % 3) / 3 as m3, af * (h % 4) / 4 as mf) z
     where g.team_id = $1`,
    [teamId],
  );
  return open.rows[0]!.id;
}

async function seed(pool: pg.Pool): Promise<Seeded> {
  const t0 = Date.now();
  const ids = await insertMembers(
    pool,
    2 + PLAYERS + WATCHERS,
    `ts${randomBytes(2).toString('hex')}`,
  );
  const boxIds = ids.slice(0, 1 + PLAYERS);
  const watchIds = ids.slice(1 + PLAYERS);
  const boxTeam = await team(pool, 'Box', boxIds);
  const watchTeam = await team(pool, 'Watch', watchIds);
  const boxOpenGame = await games(pool, boxTeam, boxIds[0]!, GAMES);
  const watchOpenGame = await games(pool, watchTeam, watchIds[0]!, 0);
  const tokens = await sessionsFor(pool, ids);
  await pool.query('analyze');
  return {
    boxTeam,
    boxOpenGame,
    boxOwnerToken: tokens[0]!,
    boxPlayers: boxIds.slice(1),
    boxPlayerTokens: tokens.slice(1, 1 + PLAYERS),
    watchTeam,
    watchOpenGame,
    watchOwnerToken: tokens[1 + PLAYERS]!,
    watchPlayers: watchIds.slice(1),
    watchTokens: tokens.slice(2 + PLAYERS),
    seconds: (Date.now() - t0) / 1000,
  };
}

/** A socket whose text frames go to `onFrame`. */
interface Sock {
  ws: WebSocket;
  onFrame: ((text: string) => void) | null;
}

function open(url: string, headers: Record<string, string>, protocols: string[] = []): Sock {
  const ws = new WebSocket(url, protocols, { headers, perMessageDeflate: false });
  const sock: Sock = { ws, onFrame: null };
  ws.on('message', (data) => sock.onFrame?.((data as Buffer).toString('utf8')));
  ws.on('error', () => {});
  return sock;
}

function until(sock: Sock, ready: (text: string) => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), 30_000);
    sock.onFrame = (text) => {
      if (!ready(text)) return;
      clearTimeout(timer);
      sock.onFrame = null;
      resolve();
    };
  });
}

async function teamSocket(app: Child, token: string, teamId: number): Promise<Sock> {
  const sock = open(
    `ws://127.0.0.1:${app.port}/cable`,
    { cookie: `fitcoach_session=${token}`, origin: app.base },
    ['actioncable-v1-json'],
  );
  await until(sock, (t) => t.includes('"welcome"'), 'welcome');
  const identifier = JSON.stringify({ channel: 'TeamChannel', team_id: teamId });
  sock.ws.send(JSON.stringify({ command: 'subscribe', identifier }));
  await until(
    sock,
    (t) => {
      if (t.includes('reject_subscription')) throw new Error(`rejected: ${identifier}`);
      return t.includes('confirm_subscription');
    },
    `confirm ${identifier}`,
  );
  return sock;
}

/**
 * Times `count` changes one after another: `send(n)` starts change n, and every socket must see
 * the frame `seen(text, n)` accepts. Answers each delivery's latency.
 */
async function timeDeliveries(
  sockets: Sock[],
  count: number,
  send: (n: number) => Promise<void>,
  seen: (text: string, n: number) => boolean,
): Promise<number[]> {
  const times: number[] = [];
  for (let n = 0; n < count; n += 1) {
    let t0 = 0;
    const arrivals = sockets.map(
      (sock) =>
        new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`change ${n} never arrived`)), 10_000);
          sock.onFrame = (text) => {
            if (!seen(text, n)) return;
            clearTimeout(timer);
            sock.onFrame = null;
            resolve(performance.now() - t0);
          };
        }),
    );
    t0 = performance.now();
    const [all] = await Promise.all([Promise.all(arrivals), send(n)]);
    times.push(...all);
  }
  return times;
}

interface Latency {
  label: string;
  p50: number;
  p99: number;
  max: number;
  n: number;
  frameBytes: number;
}

function latency(label: string, times: number[], frameBytes: number): Latency {
  const s = [...times].sort((a, b) => a - b);
  return {
    label,
    p50: percentile(s, 50),
    p99: percentile(s, 99),
    max: s.at(-1) ?? 0,
    n: s.length,
    frameBytes,
  };
}

const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);
const latencyRow = (l: Latency) =>
  `  ${l.label}`.padEnd(56) +
  `p50 ${ms(l.p50)}  p99 ${ms(l.p99)}  max ${ms(l.max)}  (${l.n} deliveries, ${l.frameBytes} B frames)`;

/** One row's counts as the sheet sends them: the k-th change of a player. */
function rowBody(k: number) {
  const attempted = 1 + (k % 100);
  return {
    two_point_fg_attempted: attempted,
    two_point_fg_made: Math.floor(attempted / 2),
    three_point_fg_attempted: 0,
    three_point_fg_made: 0,
    free_throws_attempted: 0,
    free_throws_made: 0,
    offensive_rebounds: 0,
    defensive_rebounds: k % 10,
    assists: k % 7,
    steals: 0,
    blocks: 0,
    turnovers: 0,
    personal_fouls: 0,
  };
}

/** A scorer's live change, as the sheet makes it; answers the row's new version. */
async function putRow(
  app: Child,
  who: { cookie: string; csrf: string },
  teamId: number,
  gameId: number,
  playerId: number,
  k: number,
): Promise<number> {
  const res = await fetch(`${app.base}/api/team/${teamId}/stats/${gameId}/rows/${playerId}`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      cookie: who.cookie,
      'x-csrf-token': who.csrf,
      origin: app.base,
    },
    body: JSON.stringify(rowBody(k)),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`PUT row: ${res.status} ${text}`);
  return (JSON.parse(text) as { version: number }).version;
}

interface AppRuns {
  label: string;
  broadcast: Latency;
  bareBroadcast: Latency;
  bare1: Load;
  box: Load;
  boxWrites: Load & { writes: number };
  bare2: Load;
  checks: string[];
  seeded: Seeded;
}

async function measureBroadcast(app: Child, s: Seeded) {
  const sockets = await Promise.all(s.watchTokens.map((t) => teamSocket(app, t, s.watchTeam)));
  const owner = await signedIn(app.base, s.watchOwnerToken);
  const changes = new Map<number, number>();
  const versions: number[] = [];
  let frameBytes = 0;
  const change = async (n: number) => {
    const player = s.watchPlayers[n % s.watchPlayers.length]!;
    const k = (changes.get(player) ?? 0) + 1;
    changes.set(player, k);
    versions[n] = await putRow(app, owner, s.watchTeam, s.watchOpenGame, player, k);
  };
  // The event names the player and carries the row's version; the version is only known once
  // the PUT answers, so a frame is matched by player and a version above that player's last one.
  const lastVersion = new Map<number, number>();
  const playerOf = (index: number) => s.watchPlayers[index % s.watchPlayers.length]!;
  const seen = (index: number) => (text: string) => {
    if (!text.includes('"stat_row"')) return false;
    const frame = JSON.parse(text) as {
      message?: { row?: { player_id: number; version: number } };
    };
    const row = frame.message?.row;
    const player = playerOf(index);
    if (row?.player_id !== player || row.version <= (lastVersion.get(player) ?? 0)) return false;
    frameBytes = Math.max(frameBytes, text.length);
    return true;
  };
  // One change at a time, all its deliveries in before the next: a late frame of an earlier
  // change cannot be taken for this one.
  const runChanges = async (count: number, offset: number) => {
    const all: number[] = [];
    for (let n = offset; n < offset + count; n += 1) {
      all.push(...(await timeDeliveries(sockets, 1, () => change(n), seen(n))));
      lastVersion.set(playerOf(n), versions[n]!);
    }
    return all;
  };
  await runChanges(WARMUP_CHANGES, 0);
  const times = await runChanges(CHANGES, WARMUP_CHANGES);
  for (const sock of sockets) sock.ws.close();
  return latency(`app: a scorer's PUT to ${sockets.length} TeamChannel sockets`, times, frameBytes);
}

async function measureBareBroadcast(frameBytes: number): Promise<Latency> {
  const bare = await startChild('bare-ws', 'bench/bare-ws.mjs', { DATABASE_URL: '' }, '/');
  const sockets = await Promise.all(
    Array.from({ length: WATCHERS }, async () => {
      const sock = open(`ws://127.0.0.1:${bare.port}/`, {});
      await new Promise<void>((resolve, reject) => {
        sock.ws.once('open', () => resolve());
        sock.ws.once('error', reject);
      });
      return sock;
    }),
  );
  const filler = 'x'.repeat(Math.max(0, frameBytes - 40));
  const send = async (n: number) => {
    const res = await fetch(`${bare.base}/broadcast`, {
      method: 'POST',
      body: JSON.stringify({ n, marker: `m${n}`, filler }),
    });
    await res.arrayBuffer();
  };
  const seen = (text: string, n: number) => text.includes(`"marker":"m${n}"`);
  await timeDeliveries(sockets, WARMUP_CHANGES, send, seen);
  const times = await timeDeliveries(
    sockets,
    CHANGES,
    (n) => send(n + WARMUP_CHANGES),
    (text, n) => seen(text, n + WARMUP_CHANGES),
  );
  for (const sock of sockets) sock.ws.close();
  return latency(`bare ws: a POST to ${sockets.length} sockets`, times, frameBytes);
}

interface StatsAnswer {
  games: { id: number; rows: { player_id: number; version: number }[] }[];
  season: unknown[];
}

async function measure(label: string, app: Child, pool: pg.Pool): Promise<AppRuns> {
  const seeded = await seed(pool);
  const broadcast = await measureBroadcast(app, seeded);
  const bareBroadcast = await measureBareBroadcast(broadcast.frameBytes);

  const bare = await startBareFastify();
  const headersOf = (token: string) => ({
    cookie: `fitcoach_session=${token}`,
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br',
  });
  const boxPath = `/api/team/${seeded.boxTeam}/stats`;
  const probe = await fetch(`${app.base}${boxPath}`, {
    headers: { cookie: headersOf(seeded.boxPlayerTokens[0]!).cookie },
  });
  const probeText = await probe.text();
  if (!probe.ok) throw new Error(`${boxPath}: ${probe.status} ${probeText}`);
  const answer = JSON.parse(probeText) as StatsAnswer;
  const finals = answer.games.filter((g) => g.id !== seeded.boxOpenGame);
  if (finals.length !== GAMES || finals.some((g) => g.rows.length !== PLAYERS)) {
    throw new Error(
      `box score: ${finals.length} games, rows ${finals.map((g) => g.rows.length).join(',')}`,
    );
  }

  const readers = (i: number) => [
    {
      path: boxPath,
      headers: headersOf(seeded.boxPlayerTokens[i % seeded.boxPlayerTokens.length]!),
    },
  ];
  const bareRequests = () => [{ path: '/bare', headers: headersOf(seeded.boxPlayerTokens[0]!) }];
  const opts = { connections: CONNECTIONS, seconds: DURATION };
  const warm = { connections: CONNECTIONS, seconds: WARMUP };

  await load('warm-up', bare.base, warm, bareRequests);
  const bare1 = await load('bare Fastify GET /bare (before)', bare.base, opts, bareRequests);
  await load('warm-up', app.base, warm, readers);
  const box = await load(
    `GET /api/team/:id/stats (${answer.games.length} games, ${(probeText.length / 1024).toFixed(0)} KB)`,
    app.base,
    opts,
    readers,
  );

  const owner = await signedIn(app.base, seeded.boxOwnerToken);
  const flag = { on: true };
  let lastWrite = { player: 0, version: 0 };
  const writing = (async () => {
    let n = 0;
    while (flag.on) {
      const player = seeded.boxPlayers[n % seeded.boxPlayers.length]!;
      const version = await putRow(app, owner, seeded.boxTeam, seeded.boxOpenGame, player, n + 1);
      lastWrite = { player, version };
      n += 1;
      await sleep(WRITE_MS);
    }
    return n;
  })();
  const boxRun = await load(
    `box score, a live change every ${WRITE_MS} ms`,
    app.base,
    opts,
    readers,
  );
  flag.on = false;
  const boxWrites = { ...boxRun, writes: await writing };

  await load('warm-up', bare.base, warm, bareRequests);
  const bare2 = await load('bare Fastify GET /bare (after)', bare.base, opts, bareRequests);

  const served = (await (
    await fetch(`${app.base}${boxPath}`, {
      headers: { cookie: headersOf(seeded.boxPlayerTokens[3]!).cookie },
    })
  ).json()) as StatsAnswer;
  const openRows = served.games.find((g) => g.id === seeded.boxOpenGame)?.rows ?? [];
  const servedVersion = openRows.find((r) => r.player_id === lastWrite.player)?.version;
  const checks = [
    `box score after ${boxWrites.writes} live changes: ${servedVersion === lastWrite.version ? 'holds the last version written' : `STALE (version ${servedVersion}, written ${lastWrite.version})`}`,
  ];
  return { label, broadcast, bareBroadcast, bare1, box, boxWrites, bare2, checks, seeded };
}

function report(r: AppRuns) {
  const bareMean = (r.bare1.rps + r.bare2.rps) / 2;
  const ratio = (l: Load) => {
    const v = l.rps / bareMean;
    return `${v.toFixed(2)}× bare, p99 ${l.p99} ms${v >= TARGET_RATIO ? '' : ' (below target)'}`;
  };
  console.log('');
  console.log(`${r.label}:`);
  console.log(latencyRow(r.bareBroadcast));
  console.log(latencyRow(r.broadcast));
  console.log(
    `  a scorer's change to ${WATCHERS} sockets: p99 ${r.broadcast.p99.toFixed(1)} ms (bare ws ${r.bareBroadcast.p99.toFixed(1)} ms)` +
      (r.broadcast.p99 <= TARGET_P99_MS ? '' : ' (above target)'),
  );
  for (const l of [r.bare1, r.box, r.boxWrites, r.bare2]) console.log(loadRow(l));
  console.log(
    `  data: ${PLAYERS} players × ${GAMES} final games + 1 open; ${WATCHERS} watchers; seeded in ${r.seeded.seconds.toFixed(1)} s`,
  );
  console.log(`  season box score:           ${ratio(r.box)}`);
  console.log(
    `  box score + live changes:   ${ratio(r.boxWrites)} (${r.boxWrites.writes} changes)`,
  );
  for (const c of r.checks) console.log(`  check: ${c}`);
}

async function main() {
  console.log(`team game stats — ${machine()}`);
  console.log(`  date: ${new Date().toISOString()}; load average at start ${loadAverage()}`);
  console.log(
    `  ${CHANGES} changes after ${WARMUP_CHANGES} warm-up; ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s warm-up; live changes every ${WRITE_MS} ms in the write run`,
  );
  builtServer();
  const results: AppRuns[] = [];
  if (ONLY !== 'embedded') {
    const db = await freshDatabase('ts');
    try {
      const app = await startApp('ts-postgres', db.url, randomBytes(32).toString('hex'), {
        REDIS_URL,
      });
      results.push(await measure('PostgreSQL (external, REDIS_URL set)', app, db.pool));
      report(results.at(-1)!);
    } finally {
      await stopAll();
      await db.drop();
    }
  }
  if (ONLY !== 'postgres') {
    const { app, pool, close } = await startEmbeddedApp('ts-embedded');
    try {
      results.push(await measure('embedded default (no DATABASE_URL, no REDIS_URL)', app, pool));
      report(results.at(-1)!);
    } finally {
      await close();
      await stopAll();
    }
  }
  console.log('');
  console.log(`load average at end ${loadAverage()}`);
  console.log(
    `summary (targets: p99 ≤ ${TARGET_P99_MS} ms to ${WATCHERS} sockets; box score ≥ ${TARGET_RATIO}× bare):`,
  );
  for (const r of results) report(r);
}

if (!process.env.BENCH_NO_MAIN)
  main().catch(async (err: unknown) => {
    console.error(err);
    await stopAll().catch(() => {});
    process.exit(1);
  });
