// The embedded default as a newcomer runs it (`npm start`'s server, default settings and log
// level, demo data), beside its baselines measured in the same run:
//   - cached reads (a library workout, signed in) against a bare Fastify route: target ≥ 0.5×;
//   - a 100-connection mixed load (4 reads : 1 workout log, i.e. 20 % writes; connections take
//     turns over BENCH_MEMBERS (20) members, so five share each member's logs and caches) against
//     the same app on the external PostgreSQL at BENCH_DATABASE_URL: target p99 ≤ 50 ms and
//     ≥ 0.8× its throughput. Run twice: flat out (every connection sends its next request the
//     moment the last is answered, so the latency is mostly queueing: Little's law) and paced:
//     100 members on their own connections, each pausing a random while between requests, at
//     about BENCH_MIX_RATE req/s in all (`paced`), so the latency is the app's own;
//   - memory: PSS summed over the app's process tree (Node and every PostgreSQL process), idle
//     after the load, with demo data: target ≤ 250 MB.
// `npm start` to /health is bench/startup.ts.
// Env: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, 3), BENCH_CONNECTIONS (100),
// BENCH_MIX_RATE (req/s, 400: above the 348 req/s the in-process PGlite managed flat out),
// BENCH_ONLY=mix, BENCH_APP_NODE_ARGS, BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres: a fresh database is
// created on it and dropped after).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  cookieHeader,
  cookiesOf,
  machine,
  startServer,
  stopAllServers,
  stopServer,
} from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const MIX_RATE = Number(process.env.BENCH_MIX_RATE ?? 400);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20);
const DEMO_EMAIL = 'maya@example.com';
const DEMO_PASSWORD = 'fitcoach-demo';

interface Member {
  cookie: string;
  csrf: string;
}

async function signIn(base: string, email: string): Promise<Member> {
  const jar = new Map<string, string>();
  const me = await fetch(`${base}/api/auth/me`);
  cookiesOf(me, jar);
  const { csrf_token } = (await me.json()) as { csrf_token: string };
  const res = await fetch(`${base}/api/auth/sign_in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookieHeader(jar),
      'x-csrf-token': csrf_token,
    },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  cookiesOf(res, jar);
  const body = (await res.json()) as { csrf_token: string };
  return { cookie: cookieHeader(jar), csrf: body.csrf_token };
}

/** MEMBERS members with the demo password: copies of the demo member's row (same hash). */
async function addMembers(url: string): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const columns = (
      await pool.query<{ name: string }>(
        `select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = 'users'
            and column_name not in ('id', 'email', 'name') order by ordinal_position`,
      )
    ).rows.map((c) => `"${c.name}"`);
    await pool.query(
      `insert into users (email, name, ${columns.join(', ')})
       select 'bench' || g || '@bench.local', 'Bench ' || g, ${columns.map((c) => `u.${c}`).join(', ')}
         from users u, generate_series(1, $1) g where u.email = $2
       on conflict do nothing`,
      [MEMBERS, DEMO_EMAIL],
    );
  } finally {
    await pool.end();
  }
  return Array.from({ length: MEMBERS }, (_, i) => `bench${i + 1}@bench.local`);
}

/** The embedded server's own connection string, read from DATA_DIR as the app reads it. */
function embeddedUrl(dataDir: string): string {
  const password = readFileSync(path.join(dataDir, 'postgres/password'), 'utf8').trim();
  const url = new URL('postgresql://postgres@localhost:5432/fitcoach');
  url.password = password;
  url.searchParams.set('host', path.join(dataDir, 'postgres/run'));
  return url.toString();
}

async function libraryWorkout(base: string, m: Member) {
  const headers = { cookie: m.cookie };
  const list = (await (
    await fetch(`${base}/api/workout?scope=library&limit=1`, { headers })
  ).json()) as {
    items: { id: number }[];
  };
  const id = list.items[0]!.id;
  const detail = (await (await fetch(`${base}/api/workout/${id}`, { headers })).json()) as {
    exercise_groups?: { exercises: { exercise_id: number }[] }[];
  };
  const exerciseIds = JSON.stringify(detail)
    .match(/"exercise_id":(\d+)/g)!
    .map((m) => Number(m.split(':')[1]));
  return { id, exerciseIds: [...new Set(exerciseIds)].slice(0, 3) };
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  failures: number;
}

async function load(
  base: string,
  seconds: number,
  connections: number,
  requestsFor: (i: number) => autocannon.Request[],
): Promise<Figures> {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 20,
    setupClient: (client) => {
      client.setRequests(requestsFor(next));
      next += 1;
    },
  });
  return {
    rps: result.requests.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Members as they use the app: USERS members, each on its own keep-alive connection, each
 * sending its next request after a random pause (exponential, mean users / rate seconds), so
 * requests arrive spread out at about `rate` a second instead of in step. autocannon's own
 * `overallRate` fires every connection on the same tick: 100 requests at once, four times a
 * second, which measures the queue behind each burst rather than the app.
 */
async function paced(
  base: string,
  seconds: number,
  users: number,
  rate: number,
  requestsFor: (i: number) => autocannon.Request[],
): Promise<Figures> {
  const url = new URL(base);
  const latencies: number[] = [];
  let failures = 0;
  const deadline = Date.now() + seconds * 1000;
  const meanPauseMs = (users / rate) * 1000;
  const send = (agent: http.Agent, r: autocannon.Request) =>
    new Promise<number>((resolve) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          agent,
          method: r.method,
          path: r.path,
          headers: r.headers,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(r.body);
    });
  const user = async (i: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const cycle = requestsFor(i);
    for (let n = 0; ; n += 1) {
      await new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * meanPauseMs));
      if (Date.now() >= deadline) break;
      const started = performance.now();
      const status = await send(agent, cycle[n % cycle.length]!);
      latencies.push(performance.now() - started);
      if (status < 200 || status >= 300) failures += 1;
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: users }, (_, i) => user(i)));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.floor(q * (latencies.length - 1))] ?? 0);
  return {
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
    failures,
  };
}

function headersOf(m: Member, json = false): Record<string, string> {
  return {
    cookie: m.cookie,
    'x-csrf-token': m.csrf,
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br',
    ...(json ? { 'content-type': 'application/json' } : {}),
  };
}

/** Reads a member makes on the workout and history pages, then one log of the workout. */
function mixCycle(m: Member, workout: { id: number; exerciseIds: number[] }): autocannon.Request[] {
  const read = (p: string): autocannon.Request => ({
    method: 'GET',
    path: p,
    headers: headersOf(m),
  });
  const body = JSON.stringify({
    note: 'bench-embedded-default',
    liked_or_disliked: 'liked',
    energy_level: 4,
    sleep_quality: 3,
    completedExercises: workout.exerciseIds.map((id) => ({
      exercise_id: id,
      reps: [10, 8, 6],
      weights: [60, 65, 70],
    })),
  });
  return [
    read(`/api/workout/${workout.id}`),
    read('/api/workout_log?limit=20'),
    read(`/api/workout/${workout.id}`),
    read('/api/profile'),
    { method: 'POST', path: `/api/workout/${workout.id}/log`, headers: headersOf(m, true), body },
  ];
}

/** The fields of /proc/<pid>/stat after the command name (field 3, `state`, is index 0). */
function statFields(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // gone meanwhile
  }
}

/** A process and all its descendants (the embedded PostgreSQL's processes included). */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = Number(statFields(entry)?.[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** CPU seconds used so far by a process (utime + stime), 0 once it is gone. */
function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  const tick = 100; // USER_HZ on Linux
  return fields ? (Number(fields[11]) + Number(fields[12])) / tick : 0;
}

/** CPU seconds used so far by a process, and by its descendants (the database's processes). */
function treeCpu(pid: number): { app: number; rest: number } {
  const rest = processTree(pid)
    .slice(1)
    .reduce((sum, p) => sum + cpuSeconds(p), 0);
  return { app: cpuSeconds(pid), rest };
}

/** PSS of a process and all its descendants, in MB. */
function treePssMb(pid: number): { mb: number; processes: number } {
  const tree = processTree(pid);
  let kb = 0;
  for (const p of tree) {
    try {
      const rollup = readFileSync(`/proc/${p}/smaps_rollup`, 'utf8');
      kb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return { mb: kb / 1024, processes: tree.length };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const server = path.join(root, 'apps/server/dist/server.js');
// The app as a newcomer runs it; sign-ins are the only limit raised (20 bench members sign in
// from one address before the load starts).
const appEnv = {
  SIGN_IN_RATE_LIMIT: '10000',
  SIGN_UP_RATE_LIMIT: '10000',
  SIGN_IN_ADDRESS_RATE_LIMIT: '10000',
};

async function measureApp(label: string, env: NodeJS.ProcessEnv, dbUrl: () => string) {
  const app = await startServer(server, env);
  const emails = await addMembers(dbUrl());
  const members: Member[] = [];
  for (const email of emails) members.push(await signIn(app.base, email));
  const workout = await libraryWorkout(app.base, members[0]!);
  // Idle after warm-up: every member signed in and a few pages read, then a pause.
  for (const m of members) {
    for (const p of [`/api/workout/${workout.id}`, '/api/workout_log?limit=20', '/api/profile']) {
      await (await fetch(`${app.base}${p}`, { headers: headersOf(m) })).arrayBuffer();
    }
  }
  await new Promise((r) => setTimeout(r, 5_000));
  const idle = treePssMb(app.child.pid!);
  const read = (i: number): autocannon.Request[] => [
    {
      method: 'GET',
      path: `/api/workout/${workout.id}`,
      headers: headersOf(members[i % MEMBERS]!),
    },
  ];
  // BENCH_ONLY=mix skips the reads-only run (to profile the mix alone).
  const readsOnly = process.env.BENCH_ONLY !== 'mix';
  if (readsOnly) await load(app.base, WARMUP, 50, read);
  const reads = readsOnly
    ? await load(app.base, DURATION, 50, read)
    : { rps: 0, p50: 0, p99: 0, max: 0, failures: 0 };
  const mix = (i: number) => mixCycle(members[i % MEMBERS]!, workout);
  await load(app.base, WARMUP, CONNECTIONS, mix);
  // Backends exit with their connections: the database's share is read while the load runs.
  const before = treeCpu(app.child.pid!);
  const mixedRun = load(app.base, DURATION, CONNECTIONS, mix);
  await new Promise((r) => setTimeout(r, (DURATION - 0.5) * 1000));
  const after = treeCpu(app.child.pid!);
  const mixed = await mixedRun;
  const cpu = {
    app: (after.app - before.app) / DURATION,
    db: (after.rest - before.rest) / DURATION,
  };
  const spread = await paced(app.base, DURATION, CONNECTIONS, MIX_RATE, mix);
  await new Promise((r) => setTimeout(r, 5_000));
  const afterLoad = treePssMb(app.child.pid!);
  await stopServer(app);
  return { label, reads, mixed, paced: spread, idle, afterLoad, cpu };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'fitcoach-bench-embedded-'));
const externalDb = `fitcoach_bench_ext_${randomBytes(4).toString('hex')}`;
try {
  console.log(
    `Embedded default vs bare route and external PostgreSQL — ${new Date().toISOString()}`,
  );
  console.log(machine());

  const bare = await startServer(path.join(root, 'bench/bare-fastify.mjs'), { DATABASE_URL: '' });
  await load(bare.base, WARMUP, 50, () => [{ method: 'GET', path: '/bare' }]);
  const bareReads = await load(bare.base, DURATION, 50, () => [{ method: 'GET', path: '/bare' }]);
  await stopServer(bare);

  const embedded = await measureApp(
    'embedded default',
    { ...appEnv, DATA_DIR: dataDir, DATABASE_URL: '' },
    () => embeddedUrl(dataDir),
  );
  await adminQuery(`create database ${externalDb}`);
  const externalUrl = new URL(ADMIN_URL);
  externalUrl.pathname = `/${externalDb}`;
  const external = await measureApp(
    'external PostgreSQL',
    {
      ...appEnv,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fitcoach-bench-ext-')),
      DATABASE_URL: externalUrl.toString(),
    },
    () => externalUrl.toString(),
  );

  const f = (n: number) => n.toFixed(0);
  console.log('');
  console.log(
    `bare Fastify GET                 ${f(bareReads.rps)} req/s  p50 ${bareReads.p50} ms  p99 ${bareReads.p99} ms`,
  );
  for (const r of [embedded, external]) {
    console.log(
      `${r.label.padEnd(20)} cached read  ${f(r.reads.rps)} req/s  p99 ${r.reads.p99} ms  ` +
        `= ${(r.reads.rps / bareReads.rps).toFixed(2)}× bare  (failures ${r.reads.failures})`,
    );
    console.log(
      `${r.label.padEnd(20)} mixed ${CONNECTIONS} conn  ${f(r.mixed.rps)} req/s  p50 ${r.mixed.p50} ms  ` +
        `p99 ${r.mixed.p99} ms  max ${r.mixed.max} ms  (failures ${r.mixed.failures}); CPU: app ` +
        `${r.cpu.app.toFixed(2)} cores, its database ${r.cpu.db.toFixed(2)}`,
    );
    console.log(
      `${r.label.padEnd(20)} mixed ${CONNECTIONS} conn paced at ${MIX_RATE} req/s  ` +
        `${f(r.paced.rps)} req/s  p50 ${r.paced.p50} ms  p99 ${r.paced.p99} ms  max ${r.paced.max} ms  ` +
        `(failures ${r.paced.failures})`,
    );
    console.log(
      `${r.label.padEnd(20)} memory  idle after warm-up ${r.idle.mb.toFixed(0)} MB PSS over ` +
        `${r.idle.processes} processes; 5 s after the load ${r.afterLoad.mb.toFixed(0)} MB`,
    );
  }
  const ratio = embedded.mixed.rps / external.mixed.rps;
  console.log('');
  console.log(
    `targets (embedded): cached reads ${(embedded.reads.rps / bareReads.rps).toFixed(2)}× bare (≥ 0.5); ` +
      `mixed p99 ${embedded.mixed.p99} ms flat out, ${embedded.paced.p99} ms paced (≤ 50); mixed throughput ${ratio.toFixed(2)}× external (≥ 0.8); ` +
      `idle ${embedded.idle.mb.toFixed(0)} MB (≤ 250)`,
  );
} finally {
  await stopAllServers();
  await adminQuery(`drop database if exists ${externalDb} with (force)`).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
