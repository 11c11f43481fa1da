// Today's session and a big challenge's leaderboard (issue 13): `GET /api/program/today` and
// `GET /api/challenge/:id/leaderboard` for a challenge of 10,000 participants. Targets, at 50
// connections on PostgreSQL: ≥ 0.5× the req/s of a bare Fastify route (bench/bare-fastify.mjs,
// GET /bare) measured in the same run, and p99 ≤ 25 ms.
//
// How: the BUILT app (NODE_ENV=production, default log level, logged to a file) twice:
//   1. on PostgreSQL: a fresh database on BENCH_DATABASE_ADMIN_URL's server (created for the run,
//      dropped at the end), with REDIS_URL=BENCH_REDIS_URL (fan-out and limits through Redis);
//   2. on the embedded default (no DATABASE_URL, no REDIS_URL; its own PostgreSQL in a temporary
//      DATA_DIR, demo data included), seeded through the embedded server's socket.
// Data, written straight into the database: 10,000 + 1 members; a coach's public 8-week
// program with a library workout every day; the first 50 members read: the odd ones follow the
// coach's program (started 3 days ago: 3 queries a read), the even ones follow a program of
// their own (started today: the readiness check reads their recent logs too, 5 queries a read);
// the coach's public challenge (started 2 days ago, 30 days, 3 requirements) joined by the other
// 10,000, each with 0–3 approved submissions (completed_count and finished_at as the app keeps
// them), and a pending submission for each who has not finished.
// Each connection is signed in as its own reader (a session row; its cookie). Per app, each
// route runs flat out, then again while writes make what it serves stale:
//   - today: the readers log their day's workout through the API (`POST /api/workout/:id/log`),
//     one every BENCH_WRITE_MS, in turn; each write changes one reader's answer (done);
//   - leaderboard: the coach approves a pending submission through the API
//     (`POST /api/challenge/submissions/:id/review`) every BENCH_WRITE_MS; each changes the board
//     everyone reads.
// Afterwards it checks that every reader who logged sees "done", and that the board the app
// serves is the one the database holds (the write runs would show a stale cache there).
// The bare route runs before and after each app; ratios use the mean of the two. Between the two
// routes, a reference line (not a target): the app's cached workout page (`GET /api/workout/:id`,
// a prepared answer per member since issue 3), read the same way, i.e. what any cached read
// costs in this app on this machine in the same run. Every measured run follows an unmeasured
// warm-up.
//
// Env: BENCH_PC_MEMBERS (10000), BENCH_WRITE_MS (100), BENCH_DURATION (s, 10), BENCH_WARMUP (s, 3),
// BENCH_CONNECTIONS (50), BENCH_ONLY (postgres|embedded), BENCH_DATABASE_ADMIN_URL,
// BENCH_REDIS_URL (redis://127.0.0.1:6379), BENCH_LOG_LEVEL, BENCH_BUILD=1, BENCH_APP_NODE_ARGS.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import {
  builtServer,
  freshDatabase,
  insertMembers,
  load,
  loadAverage,
  loadRow,
  sessionsFor,
  signedIn,
  sleep,
  startApp,
  startBareFastify,
  startEmbeddedApp,
  stopAll,
  type Child,
  type Load,
} from './friends-support';
import { machine } from './support';

const MEMBERS = Number(process.env.BENCH_PC_MEMBERS ?? 10_000);
const WRITE_MS = Number(process.env.BENCH_WRITE_MS ?? 100);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ONLY = process.env.BENCH_ONLY ?? '';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 25;
const REQUIREMENTS = 3;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

interface Seeded {
  coachToken: string;
  readerTokens: string[];
  readerIds: number[];
  challengeId: number;
  pending: number[];
  participants: number;
}

/** Everything the two routes read, written in a few INSERT … SELECTs. */
async function seed(pool: pg.Pool): Promise<Seeded & { seconds: number }> {
  const t0 = Date.now();
  const today = isoDay(new Date());
  const ids = await insertMembers(pool, MEMBERS + 1, `pc${randomBytes(2).toString('hex')}`);
  const coach = ids[0]!;
  const participants = ids.slice(1);
  const readers = participants.slice(0, CONNECTIONS);
  await pool.query(`update users set role = 'coach' where id = $1`, [coach]);
  const library = (
    await pool.query<{ id: number; title: string }>(
      `select id, title from workouts where slug is not null and is_public order by id limit 7`,
    )
  ).rows;
  if (library.length < REQUIREMENTS) throw new Error('no library workouts: reference seed missing');
  const workoutIds = library.map((w) => w.id);

  // The coach's public program and one of each even reader's own, every day a workout.
  const owners = [coach, ...readers.filter((_, i) => i % 2 === 0)];
  const programs = await pool.query<{ id: number; owner_id: number }>(
    `insert into programs (owner_id, title, goal, weeks, visibility)
     select o, 'Bench programme ' || o, 'hiit', 8, case when o = $2 then 'public' else 'private' end
     from unnest($1::int[]) o
     returning id, owner_id`,
    [owners, coach],
  );
  const programOf = new Map(programs.rows.map((p) => [p.owner_id, p.id]));
  await pool.query(
    `insert into program_entries (program_id, week, weekday, workout_id)
     select p, w, d, ($2::int[])[1 + (w * 7 + d) % cardinality($2::int[])]
     from unnest($1::int[]) p, generate_series(1, 8) w, generate_series(1, 7) d`,
    [programs.rows.map((p) => p.id), workoutIds],
  );
  // Followers of the coach's program started 3 days ago; owners start their own today (no
  // missed days, so the readiness check finds nothing to ease and runs on every read).
  await pool.query(
    `insert into program_follows (user_id, program_id, starts_on)
     select r, case when i % 2 = 0 then ($2::int[])[i / 2 + 1] else $3 end,
            case when i % 2 = 0 then $4::date else $4::date - 3 end
     from unnest($1::int[]) with ordinality t(r, n), lateral (select (n - 1)::int as i) x`,
    [
      readers,
      readers.filter((_, i) => i % 2 === 0).map((r) => programOf.get(r)!),
      programOf.get(coach)!,
      today,
    ],
  );

  // The challenge: public, started 2 days ago, 30 days, 3 requirements.
  const challenge = await pool.query<{ id: number }>(
    `insert into challenges (creator_id, title, description, prize, duration_days, start_date,
                             visibility, published_at)
     values ($1, 'Bench: ten thousand', 'Three sessions', 'A medal', 30, $2::date - 2, 'public', now())
     returning id`,
    [coach, today],
  );
  const challengeId = challenge.rows[0]!.id;
  await pool.query(
    `insert into challenge_requirements (challenge_id, position, workout_id, workout_title)
     select $1, g, ($2::int[])[g], ($3::text[])[g] from generate_series(1, $4::int) g`,
    [challengeId, workoutIds, library.map((w) => w.title), REQUIREMENTS],
  );
  await pool.query(
    `insert into challenge_participants (challenge_id, user_id, joined_at)
     select $1, u, now() - interval '2 days' + (n || ' seconds')::interval
     from unnest($2::int[]) with ordinality t(u, n)`,
    [challengeId, participants],
  );
  // 0–3 approved submissions each (spread by a multiplicative hash), each at its own time.
  await pool.query(
    `insert into challenge_submissions (participant_id, requirement_id, status, reviewer_id,
                                        submitted_at, reviewed_at)
     select p.id, r.id, 'approved', $2,
            now() - interval '40 hours' + ((p.id % 100000) * 1.3 + r.position * 3600 || ' seconds')::interval,
            now() - interval '1 hour'
     from challenge_participants p
     join challenge_requirements r on r.challenge_id = p.challenge_id
      and r.position <= (p.id::bigint * 7919) % ($3 + 1)
     where p.challenge_id = $1`,
    [challengeId, coach, REQUIREMENTS],
  );
  await pool.query(
    `update challenge_participants p
        set completed_count = s.n, finished_at = case when s.n >= $2 then s.last end
       from (select participant_id, count(*)::int as n, max(submitted_at) as last
               from challenge_submissions where status = 'approved' group by participant_id) s
      where s.participant_id = p.id and p.challenge_id = $1`,
    [challengeId, REQUIREMENTS],
  );
  const pending = await pool.query<{ id: number }>(
    `insert into challenge_submissions (participant_id, requirement_id, status, submitted_at)
     select p.id, r.id, 'pending', now() - interval '30 minutes'
     from challenge_participants p
     join challenge_requirements r on r.challenge_id = p.challenge_id
      and r.position = p.completed_count + 1
     where p.challenge_id = $1 and p.completed_count < $2
     order by p.id
     returning id`,
    [challengeId, REQUIREMENTS],
  );
  const [coachToken, ...readerTokens] = await sessionsFor(pool, [coach, ...readers]);
  await pool.query('analyze');
  return {
    coachToken: coachToken!,
    readerTokens,
    readerIds: readers,
    challengeId,
    pending: pending.rows.map((r) => r.id),
    participants: participants.length,
    seconds: (Date.now() - t0) / 1000,
  };
}

/** The top of the board as the database holds it (the repository's order). */
async function boardInDatabase(pool: pg.Pool, challengeId: number) {
  const rows = await pool.query<{ user_id: number; completed_count: number }>(
    `select user_id, completed_count from challenge_participants where challenge_id = $1
     order by completed_count desc, finished_at asc nulls last, id asc limit 100`,
    [challengeId],
  );
  return rows.rows.map((r) => `${r.user_id}:${r.completed_count}`).join(',');
}

interface Board {
  participant_count: number;
  entries: { member: { id: number }; completed: number }[];
}

interface AppRuns {
  label: string;
  bare1: Load;
  today: Load;
  todayWrites: Load & { writes: number };
  reference: Load;
  board: Load;
  boardWrites: Load & { writes: number };
  bare2: Load;
  checks: string[];
  seeded: Seeded & { seconds: number };
}

async function measure(label: string, app: Child, pool: pg.Pool): Promise<AppRuns> {
  const bare = await startBareFastify();
  const seeded = await seed(pool);
  const headersOf = (token: string) => ({
    cookie: `fitcoach_session=${token}`,
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br',
  });
  const todayPath = '/api/program/today';
  const boardPath = `/api/challenge/${seeded.challengeId}/leaderboard`;

  // Every reader has a session today and can see the board.
  const todayWorkout = new Map<number, number>();
  for (const [i, token] of seeded.readerTokens.entries()) {
    const res = await fetch(`${app.base}${todayPath}`, {
      headers: { cookie: headersOf(token).cookie },
    });
    if (!res.ok) throw new Error(`${todayPath}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as {
      entry: { workout: { id: number }; status: string };
    } | null;
    if (!body || body.entry.status !== 'today') throw new Error(`today: ${JSON.stringify(body)}`);
    todayWorkout.set(i, body.entry.workout.id);
  }
  const probe = await fetch(`${app.base}${boardPath}`, {
    headers: { cookie: headersOf(seeded.readerTokens[0]!).cookie },
  });
  if (!probe.ok) throw new Error(`${boardPath}: ${probe.status} ${await probe.text()}`);
  const board = (await probe.json()) as Board;
  if (board.participant_count !== seeded.participants || board.entries.length !== 100) {
    throw new Error(`board: ${board.participant_count} participants, ${board.entries.length} rows`);
  }

  const readerRequests = (p: string) => (i: number) => [
    { path: p, headers: headersOf(seeded.readerTokens[i % seeded.readerTokens.length]!) },
  ];
  const bareRequests = () => [{ path: '/bare', headers: headersOf(seeded.readerTokens[0]!) }];
  const opts = { connections: CONNECTIONS, seconds: DURATION };
  const warm = { connections: CONNECTIONS, seconds: WARMUP };

  await load('warm-up', bare.base, warm, bareRequests);
  const bare1 = await load('bare Fastify GET /bare (before)', bare.base, opts, bareRequests);

  await load('warm-up', app.base, warm, readerRequests(todayPath));
  const today = await load('GET /api/program/today', app.base, opts, readerRequests(todayPath));

  // Writes that make a reader's answer stale, one every WRITE_MS, readers in turn.
  const writers = await Promise.all(seeded.readerTokens.map((t) => signedIn(app.base, t)));
  const logged = new Set<number>();
  const writeLoop = async (
    write: (n: number) => Promise<Response>,
    flag: { on: boolean },
  ): Promise<number> => {
    let n = 0;
    while (flag.on) {
      const res = await write(n);
      const body = await res.text();
      if (!res.ok) throw new Error(`write ${n}: ${res.status} ${body}`);
      n += 1;
      await sleep(WRITE_MS);
    }
    return n;
  };
  const todayFlag = { on: true };
  const todayWriting = writeLoop((n) => {
    const i = n % writers.length;
    logged.add(i);
    return fetch(`${app.base}/api/workout/${todayWorkout.get(i)!}/log`, {
      method: 'POST',
      headers: {
        cookie: writers[i]!.cookie,
        'x-csrf-token': writers[i]!.csrf,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ energy_level: 5, sleep_quality: 5, note: `bench ${n}` }),
    });
  }, todayFlag);
  const todayRun = await load(
    `today, a reader's log every ${WRITE_MS} ms`,
    app.base,
    opts,
    readerRequests(todayPath),
  );
  todayFlag.on = false;
  const todayWrites = { ...todayRun, writes: await todayWriting };

  // A reference line, not a target: the app's own cached workout page (a prepared answer per
  // member since issue 3), read the same way: what any cached read costs in this app today.
  const workoutPath = `/api/workout/${todayWorkout.get(0)!}`;
  await load('warm-up', app.base, warm, readerRequests(workoutPath));
  const reference = await load(
    'reference: GET /api/workout/:id (cached)',
    app.base,
    opts,
    readerRequests(workoutPath),
  );

  await load('warm-up', app.base, warm, readerRequests(boardPath));
  const boardLoad = await load(
    `GET /api/challenge/:id/leaderboard`,
    app.base,
    opts,
    readerRequests(boardPath),
  );
  const coach = await signedIn(app.base, seeded.coachToken);
  const boardFlag = { on: true };
  const boardWriting = writeLoop((n) => {
    const id = seeded.pending[n];
    if (id === undefined) throw new Error('out of pending submissions');
    return fetch(`${app.base}/api/challenge/submissions/${id}/review`, {
      method: 'POST',
      headers: {
        cookie: coach.cookie,
        'x-csrf-token': coach.csrf,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ decision: 'approve' }),
    });
  }, boardFlag);
  const boardRun = await load(
    `board, an approval every ${WRITE_MS} ms`,
    app.base,
    opts,
    readerRequests(boardPath),
  );
  boardFlag.on = false;
  const boardWrites = { ...boardRun, writes: await boardWriting };

  await load('warm-up', bare.base, warm, bareRequests);
  const bare2 = await load('bare Fastify GET /bare (after)', bare.base, opts, bareRequests);

  // What the writes changed is what the app serves now.
  const checks: string[] = [];
  let stale = 0;
  for (const i of logged) {
    const res = await fetch(`${app.base}${todayPath}`, {
      headers: { cookie: headersOf(seeded.readerTokens[i]!).cookie },
    });
    const body = (await res.json()) as { entry: { status: string } };
    if (body.entry.status !== 'done') stale += 1;
  }
  checks.push(
    `today after the writes: ${logged.size - stale} of ${logged.size} readers who logged see "done"` +
      (stale ? ` — ${stale} STALE` : ''),
  );
  const served = (await (
    await fetch(`${app.base}${boardPath}`, {
      headers: { cookie: headersOf(seeded.readerTokens[1]!).cookie },
    })
  ).json()) as Board;
  const servedTop = served.entries.map((e) => `${e.member.id}:${e.completed}`).join(',');
  const dbTop = await boardInDatabase(pool, seeded.challengeId);
  checks.push(
    `board after ${boardWrites.writes} approvals: ${servedTop === dbTop ? 'the same as the database' : 'STALE (differs from the database)'}`,
  );
  return {
    label,
    bare1,
    today,
    todayWrites,
    reference,
    board: boardLoad,
    boardWrites,
    bare2,
    checks,
    seeded,
  };
}

function report(r: AppRuns) {
  const bareMean = (r.bare1.rps + r.bare2.rps) / 2;
  const verdict = (l: Load) => {
    const ratio = l.rps / bareMean;
    const ok = ratio >= TARGET_RATIO && l.p99 <= TARGET_P99_MS;
    return `${ratio.toFixed(2)}× bare, p99 ${l.p99} ms${ok ? '' : ' (below target)'}`;
  };
  console.log('');
  console.log(`${r.label}:`);
  for (const l of [r.bare1, r.today, r.todayWrites, r.reference, r.board, r.boardWrites, r.bare2]) {
    console.log(loadRow(l));
  }
  console.log(
    `  data: ${r.seeded.participants.toLocaleString('en')} participants, ${r.seeded.pending.length.toLocaleString('en')} pending submissions, ${r.seeded.readerIds.length} readers; seeded in ${r.seeded.seconds.toFixed(1)} s`,
  );
  console.log(`  reference, workout page:  ${verdict(r.reference)} (not a target)`);
  console.log(`  program/today:            ${verdict(r.today)}`);
  console.log(
    `  program/today + writes:   ${verdict(r.todayWrites)} (${r.todayWrites.writes} logs)`,
  );
  console.log(`  leaderboard:              ${verdict(r.board)}`);
  console.log(
    `  leaderboard + approvals:  ${verdict(r.boardWrites)} (${r.boardWrites.writes} approvals)`,
  );
  for (const c of r.checks) console.log(`  check: ${c}`);
}

async function main() {
  console.log(`program/today and challenge leaderboard — ${machine()}`);
  console.log(`  date: ${new Date().toISOString()}; load average at start ${loadAverage()}`);
  console.log(
    `  ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s warm-up; writes every ${WRITE_MS} ms in the write runs`,
  );
  builtServer();
  const results: AppRuns[] = [];
  if (ONLY !== 'embedded') {
    const db = await freshDatabase('pc');
    try {
      const app = await startApp('pc-postgres', db.url, randomBytes(32).toString('hex'), {
        REDIS_URL,
      });
      results.push(await measure(`PostgreSQL (external, REDIS_URL set)`, app, db.pool));
      report(results.at(-1)!);
    } finally {
      await stopAll();
      await db.drop();
    }
  }
  if (ONLY !== 'postgres') {
    const { app, pool, close } = await startEmbeddedApp('pc-embedded');
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
  console.log(`summary (target ≥ ${TARGET_RATIO}× bare and p99 ≤ ${TARGET_P99_MS} ms):`);
  for (const r of results) report(r);
}

if (!process.env.BENCH_NO_MAIN)
  main().catch(async (err: unknown) => {
    console.error(err);
    await stopAll().catch(() => {});
    process.exit(1);
  });
