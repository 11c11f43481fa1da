// The feed's first page (issue 11): `GET /api/feed` for a member with 200 friends, with
// 1,000,000 workout logs in the database. Target: ≥ 0.3× a bare Fastify route's req/s
// (bench/bare-fastify.mjs, GET /bare) measured in the same run.
//
// How: the BUILT app (NODE_ENV=production, default log level, logged to a file) on a fresh
// PostgreSQL database (dropped at the end). 5,000 members (one INSERT … SELECT generate_series);
// the reader is befriended by 200 of them (both friendships rows accepted); 1,000,000 logs spread
// evenly over the 5,000 (200 each, one a day going back from today), so the reader's friends
// hold 40,000 of them; then ANALYZE. autocannon at 50 connections, every one signed in as the
// reader (a session row; its cookie), asks for the first page; the bare route gets the same
// headers and runs before and after, the ratio against the mean of the two. Every measured run
// follows an unmeasured warm-up.
//
// The first page is cached per reader (feed.service.ts, feedAnswer) until a friend logs a
// workout, gets kudos or a comment, or changes name, photo or who sees their activity: a second
// app run has one of the reader's friends log a workout through the API every
// BENCH_FEED_WRITE_MS (1000), each making the reader's cached page stale.
//
// Env: BENCH_FEED_MEMBERS (5000), BENCH_FEED_FRIENDS (200), BENCH_FEED_LOGS (1000000),
// BENCH_FEED_WRITE_MS (1000), BENCH_DURATION (s, 10), BENCH_WARMUP (s, 3), BENCH_CONNECTIONS (50), BENCH_DATABASE_ADMIN_URL,
// BENCH_LOG_LEVEL, BENCH_BUILD=1.
import { randomBytes } from 'node:crypto';
import {
  befriend,
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
  stopAll,
} from './friends-support';
import { machine } from './support';

const MEMBERS = Number(process.env.BENCH_FEED_MEMBERS ?? 5000);
const FRIENDS = Number(process.env.BENCH_FEED_FRIENDS ?? 200);
const LOGS = Number(process.env.BENCH_FEED_LOGS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WRITE_MS = Number(process.env.BENCH_FEED_WRITE_MS ?? 1000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET_RATIO = 0.3;

async function main() {
  const db = await freshDatabase('feed');
  try {
    const app = await startApp('feed-app', db.url, randomBytes(32).toString('hex'));
    const bare = await startBareFastify();
    const t0 = Date.now();
    const ids = await insertMembers(db.pool, MEMBERS, 'feed');
    const reader = ids[0]!;
    await befriend(db.pool, reader, ids.slice(1, 1 + FRIENDS));
    await db.pool.query(
      `insert into workout_logs (user_id, title, source, performed_on, duration_seconds,
                                 energy_level, sleep_quality, total_volume_kg, total_reps, created_at)
       select m.ids[1 + g % m.n],
              (array['Push day','Pull day','Leg day','Full body','Morning run','HIIT circuit'])[1 + g % 6],
              case when g % 7 = 0 then 'manual' else 'workout' end,
              current_date - (g / m.n)::int, 1200 + g % 3000, 1 + g % 5, 1 + (g / 3) % 5,
              (g % 9000)::float, g % 300, now() - ((g / m.n) || ' days')::interval
       from generate_series(0, $2::int - 1) g,
            (select $1::int[] as ids, cardinality($1::int[]) as n) m`,
      [ids, LOGS],
    );
    const [token, writerToken] = await sessionsFor(db.pool, [reader, ids[1]!]);
    await db.pool.query('analyze');
    const dataSeconds = (Date.now() - t0) / 1000;
    const counts = await db.pool.query<{ logs: number; friend_logs: number }>(
      `select (select count(*)::int from workout_logs) as logs,
              (select count(*)::int from workout_logs l join friendships f
                 on f.user_id = $1 and f.friend_id = l.user_id and f.status = 'accepted') as friend_logs`,
      [reader],
    );
    // The first page's query, as feed.repository.ts (feedPage) writes it.
    const explain = await db.pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers)
       with members as (
         select f.friend_id as id
         from friendships f
         join friendships b on b.user_id = f.friend_id and b.friend_id = f.user_id
           and b.status = 'accepted'
         join users u on u.id = f.friend_id and u.activity_visibility = 'friends'
         where f.user_id = $1 and f.status = 'accepted'
           and not exists (
             select 1 from member_blocks mb
             where (mb.blocker_id = $1 and mb.blocked_id = f.friend_id)
                or (mb.blocker_id = f.friend_id and mb.blocked_id = $1)
           )
         union
         select $1::integer
       )
       select l.id, l.user_id, l.workout_id, l.title, l.performed_on::text,
         l.duration_seconds, l.total_volume_kg, l.total_reps, u.name
       from members m
       cross join lateral (
         select * from workout_logs l where l.user_id = m.id
         order by l.performed_on desc, l.id desc limit 11
       ) l
       join users u on u.id = l.user_id
       order by l.performed_on desc, l.id desc
       limit 11`,
      [reader],
    );
    const plan = explain.rows.map((r) => r['QUERY PLAN']);
    const headers = {
      cookie: `fitcoach_session=${token}`,
      accept: 'application/json',
      'accept-encoding': 'gzip, deflate, br',
    };
    const probe = await fetch(`${app.base}/api/feed`, { headers: { cookie: headers.cookie } });
    if (!probe.ok) throw new Error(`feed: ${probe.status} ${await probe.text()}`);
    const page = (await probe.json()) as { items: { member: { id: number } }[] };
    const pageBytes = JSON.stringify(page).length;
    const members = new Set(page.items.map((i) => i.member.id)).size;

    const appRequests = () => [{ path: '/api/feed', headers }];
    const bareRequests = () => [{ path: '/bare', headers }];
    const opts = { connections: CONNECTIONS, seconds: DURATION };
    const warm = { connections: CONNECTIONS, seconds: WARMUP };
    const load0 = loadAverage();
    await load('warm-up', bare.base, warm, bareRequests);
    const bare1 = await load(
      'baseline: bare Fastify GET /bare (before)',
      bare.base,
      opts,
      bareRequests,
    );
    await load('warm-up', app.base, warm, appRequests);
    const appRun = await load('app: GET /api/feed (first page)', app.base, opts, appRequests);
    const writer = await signedIn(app.base, writerToken!);
    const exercise = await db.pool.query<{ id: number }>(
      `select id from exercises where kind = 'reps' order by id limit 1`,
    );
    let writes = 0;
    let writeFailures = 0;
    let writing = true;
    const writeLoop = (async () => {
      while (writing) {
        const res = await fetch(`${app.base}/api/workout_log/manual`, {
          method: 'POST',
          headers: {
            cookie: writer.cookie,
            'x-csrf-token': writer.csrf,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            title: `Bench log ${writes}`,
            performed_on: new Date().toISOString().slice(0, 10),
            duration_minutes: 30,
            completedExercises: [{ exercise_id: exercise.rows[0]!.id, reps: [5], weights: [60] }],
          }),
        });
        await res.arrayBuffer();
        if (res.ok) writes += 1;
        else writeFailures += 1;
        await sleep(WRITE_MS);
      }
    })();
    const writtenRun = await load(
      `app, a friend's log every ${WRITE_MS} ms`,
      app.base,
      opts,
      appRequests,
    );
    writing = false;
    await writeLoop;
    if (writeFailures > 0) throw new Error(`${writeFailures} logs failed`);

    await load('warm-up', bare.base, warm, bareRequests);
    const bare2 = await load(
      'baseline: bare Fastify GET /bare (after)',
      bare.base,
      opts,
      bareRequests,
    );
    const bareMean = (bare1.rps + bare2.rps) / 2;
    const ratio = appRun.rps / bareMean;

    console.log('');
    console.log(`feed benchmark — ${machine()}`);
    console.log(
      `  date: ${new Date().toISOString()}; load average at start ${load0}, at end ${loadAverage()}`,
    );
    console.log(
      `  app: node apps/server/dist/server.js, NODE_ENV=production, default log level (to a file), PostgreSQL; load: autocannon in this process`,
    );
    console.log(
      `  ${MEMBERS.toLocaleString('en')} members, the reader with ${FRIENDS} friends; ${counts.rows[0]!.logs.toLocaleString('en')} workout logs (${counts.rows[0]!.friend_logs.toLocaleString('en')} the friends'), written and analysed in ${dataSeconds.toFixed(1)} s`,
    );
    console.log(
      `  first page: ${page.items.length} entries from ${members} members, ${pageBytes.toLocaleString('en')} B of JSON; ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s warm-up`,
    );
    console.log('');
    for (const r of [bare1, appRun, writtenRun, bare2]) console.log(loadRow(r));
    console.log('');
    console.log(
      `target ≥ ${TARGET_RATIO}× bare req/s: ${ratio >= TARGET_RATIO ? 'PASS' : 'FAIL'} (${ratio.toFixed(2)}× the mean of the bare runs, ${Math.round(bareMean).toLocaleString('en')} req/s); app p99 ${appRun.p99} ms`,
    );
    console.log('');
    console.log('EXPLAIN (ANALYZE, BUFFERS) of the first page query (feedPage):');
    for (const line of plan) console.log(`  ${line}`);
    console.log(
      `reads under writes (${writes} logs in the run, each making the reader's page stale): ${(writtenRun.rps / bareMean).toFixed(2)}× bare, p99 ${writtenRun.p99} ms`,
    );
  } finally {
    await stopAll();
    await db.drop();
  }
}

main().catch(async (err: unknown) => {
  console.error(err);
  await stopAll().catch(() => {});
  process.exit(1);
});
