// Member search (issue 11): `GET /api/members/search?q=<3+ letters>` over 100,000 members on
// PostgreSQL at 50 connections. Targets: p99 ≤ 20 ms and ≥ 0.3× a bare Fastify route's req/s
// (bench/bare-fastify.mjs, GET /bare) measured in the same run.
//
// How: the BUILT app (NODE_ENV=production, default log level, logged to a file) on a fresh
// PostgreSQL database (dropped at the end). 100,000 members are inserted with one INSERT …
// SELECT generate_series, named "<first> <last>" from lists of 80 first and 90 last names
// (bench/friends-support.ts), then ANALYZE. Every connection is signed in as the same member (a
// session row; its cookie) and cycles through name fragments of 3 to 6 letters (rotated per
// connection, so the queries vary): common ones that match thousands of members ("son", "mar")
// and rare ones that match a few. The bare route gets the same headers; it runs before and
// after the app and the ratio uses the mean of the two. Every measured run follows an
// unmeasured warm-up. The EXPLAIN (ANALYZE) of one search, written as the repository builds it,
// shows whether the trigram index (users_name_trgm_idx) is used.
// Searches answer from cached matches (friends.service, firstPageFromDirectory) that any join,
// rename or photo change makes stale: a second app run renames a member through the API every
// BENCH_SEARCH_RENAME_MS (1000) meanwhile, so every fragment's matches are rebuilt once a second.
//
// Env: BENCH_SEARCH_MEMBERS (100000), BENCH_DURATION (s, 10), BENCH_WARMUP (s, 3),
// BENCH_CONNECTIONS (50), BENCH_DATABASE_ADMIN_URL, BENCH_LOG_LEVEL, BENCH_BUILD=1.
import { randomBytes } from 'node:crypto';
import {
  freshDatabase,
  insertMembers,
  load,
  loadAverage,
  loadRow,
  sessionsFor,
  startApp,
  signedIn,
  sleep,
  startBareFastify,
  stopAll,
  type Load,
} from './friends-support';
import { machine } from './support';

const MEMBERS = Number(process.env.BENCH_SEARCH_MEMBERS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET_P99_MS = 20;
const TARGET_RATIO = 0.3;
const RENAME_MS = Number(process.env.BENCH_SEARCH_RENAME_MS ?? 1000);

/** What people type: parts of first and last names, common and rare. */
const FRAGMENTS = [
  'son',
  'mar',
  'jam',
  'john',
  'will',
  'ell',
  'ber',
  'chri',
  'ann',
  'dav',
  'sar',
  'tho',
  'lee',
  'gar',
  'mil',
  'ric',
  'tan',
  'kowa',
  'nov',
  'schm',
  'ross',
  'dub',
  'naka',
  'oka',
  'men',
  'had',
  'kha',
  'pat',
  'iva',
  'pet',
  'sil',
  'san',
  'cos',
  'bia',
  'jen',
  'lar',
  'kim',
  'par',
  'che',
  'wan',
  'sin',
  'coh',
  'mur',
  'fis',
  'web',
  'bec',
  'hor',
  'var',
  'pop',
  'yil',
  'dem',
  'fer',
  'mor',
  'aiko',
  'mat',
  'sof',
  'luc',
  'ama',
  'noa',
  'chl',
  'rav',
  'pri',
  'olg',
  'sven',
  'ing',
  'kwa',
  'fat',
  'yus',
  'lei',
  'hir',
  'mei',
  'die',
  'val',
  'pie',
  'cam',
  'frey',
  'tom',
  'zof',
  'oma',
  'nad',
  'feli',
  'gre',
  'ashley',
  'kevin',
  'smith',
  'rez',
  'ton',
  'tin',
  'ams',
  'ez',
  'ova',
  'sson',
].filter((f) => f.length >= 3);

async function main() {
  const db = await freshDatabase('search');
  try {
    const app = await startApp('search-app', db.url, randomBytes(32).toString('hex'));
    const bare = await startBareFastify();
    const t0 = Date.now();
    const ids = await insertMembers(db.pool, MEMBERS, 'search');
    const viewer = ids[0]!;
    const [token, writerToken] = await sessionsFor(db.pool, [viewer, ids[1]!]);
    await db.pool.query('analyze');
    const insertSeconds = (Date.now() - t0) / 1000;
    const headers = {
      cookie: `fitcoach_session=${token}`,
      accept: 'application/json',
      'accept-encoding': 'gzip, deflate, br',
    };

    // One search, as the repository writes it (friends.repository.ts, searchMembers).
    const explain = await db.pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers)
       select u.id, u.name, lower(u.name), avatar.blob_id, mine.status, theirs.status
       from users u
       left join friendships mine on mine.user_id = $1 and mine.friend_id = u.id
       left join friendships theirs on theirs.user_id = u.id and theirs.friend_id = $1
       left join storage_attachments avatar
         on avatar.record_type = 'user' and avatar.name = 'avatar' and avatar.record_id = u.id
       where lower(u.name) like $2 and u.id <> $1
         and not exists (select 1 from member_blocks mb
                         where (mb.blocker_id = $1 and mb.blocked_id = u.id)
                            or (mb.blocker_id = u.id and mb.blocked_id = $1))
       order by lower(u.name), u.id
       limit 21`,
      [viewer, '%kowa%'],
    );
    const plan = explain.rows.map((r) => r['QUERY PLAN']);
    const matchCounts = await db.pool.query<{ q: string; n: number }>(
      `select q, (select count(*)::int from users where lower(name) like '%' || q || '%') as n
       from unnest($1::text[]) q`,
      [['son', 'mar', 'kowa', 'sven']],
    );

    const probe = await fetch(`${app.base}/api/members/search?q=son`, { headers });
    if (!probe.ok) throw new Error(`search: ${probe.status} ${await probe.text()}`);
    const probeItems = ((await probe.json()) as { items: unknown[] }).items.length;

    const appRequests = (i: number) =>
      FRAGMENTS.map((_, k) => ({
        path: `/api/members/search?q=${encodeURIComponent(FRAGMENTS[(i * 7 + k) % FRAGMENTS.length]!)}`,
        headers,
      }));
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
    const appRun = await load('app: GET /api/members/search?q=…', app.base, opts, appRequests);
    const writer = await signedIn(app.base, writerToken!);
    const profile = (await (
      await fetch(`${app.base}/api/profile`, { headers: { cookie: writer.cookie } })
    ).json()) as Record<string, unknown>;
    let renames = 0;
    let renameFailures = 0;
    let renaming = true;
    const renameLoop = (async () => {
      while (renaming) {
        const name = `${FRAGMENTS[renames % FRAGMENTS.length]} Renamed ${renames}`;
        const res = await fetch(`${app.base}/api/profile`, {
          method: 'PUT',
          headers: {
            cookie: writer.cookie,
            'x-csrf-token': writer.csrf,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            name,
            email: profile.email,
            gender: profile.gender,
            birth_date: profile.birth_date,
            measurement_type: profile.measurement_type,
            weight: profile.weight,
            height: profile.height,
            workout_goal: profile.workout_goal,
            sport_type: profile.sport_type,
            meal_preference: profile.meal_preference,
          }),
        });
        await res.arrayBuffer();
        if (res.ok) renames += 1;
        else renameFailures += 1;
        await sleep(RENAME_MS);
      }
    })();
    const renamedRun = await load(
      `app, a rename every ${RENAME_MS} ms`,
      app.base,
      opts,
      appRequests,
    );
    renaming = false;
    await renameLoop;
    if (renameFailures > 0) throw new Error(`${renameFailures} renames failed`);

    await load('warm-up', bare.base, warm, bareRequests);
    const bare2 = await load(
      'baseline: bare Fastify GET /bare (after)',
      bare.base,
      opts,
      bareRequests,
    );
    const bareMean = (bare1.rps + bare2.rps) / 2;
    const ratio = appRun.rps / bareMean;

    const rows: Load[] = [bare1, appRun, renamedRun, bare2];
    console.log('');
    console.log(`member search benchmark — ${machine()}`);
    console.log(
      `  date: ${new Date().toISOString()}; load average at start ${load0}, at end ${loadAverage()}`,
    );
    console.log(
      `  app: node apps/server/dist/server.js, NODE_ENV=production, default log level (to a file), PostgreSQL; load: autocannon in this process`,
    );
    console.log(
      `  ${MEMBERS.toLocaleString('en')} members (+ the demo seed) inserted and analysed in ${insertSeconds.toFixed(1)} s; ${FRAGMENTS.length} name fragments; ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s warm-up`,
    );
    console.log(
      `  members matching: ${matchCounts.rows.map((r) => `"${r.q}" ${r.n}`).join(', ')}; "son" answered ${probeItems} items (a page)`,
    );
    console.log('');
    for (const r of rows) console.log(loadRow(r));
    console.log('');
    console.log(
      `targets: p99 ≤ ${TARGET_P99_MS} ms: ${appRun.p99 <= TARGET_P99_MS ? 'PASS' : 'FAIL'} (${appRun.p99} ms); ≥ ${TARGET_RATIO}× bare req/s: ${ratio >= TARGET_RATIO ? 'PASS' : 'FAIL'} (${ratio.toFixed(2)}× the mean of the bare runs, ${Math.round(bareMean).toLocaleString('en')} req/s)`,
    );
    console.log(
      `with renames (${renames} in the run, each making every fragment's cached matches stale): p99 ${renamedRun.p99} ms, ${(renamedRun.rps / bareMean).toFixed(2)}× bare`,
    );
    console.log('');
    console.log(`EXPLAIN (ANALYZE, BUFFERS) of a search for "kowa":`);
    for (const line of plan) console.log(`  ${line}`);
    console.log(
      `trigram index used: ${plan.some((l) => l.includes('users_name_trgm_idx')) ? 'yes' : 'NO'}`,
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
