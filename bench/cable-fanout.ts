// Realtime at scale (issue 4): one app node holds 5,000 authenticated /cable connections, each
// subscribed to NotificationsChannel; an admin's announcement (POST
// /api/notifications/announcements) is broadcast to all of them. Targets: the broadcast reaches
// every connection with p99 ≤ 250 ms; resident memory per idle connection ≤ 30 KB.
//
// How: the BUILT app (NODE_ENV=production) runs as a child process on a fresh PostgreSQL
// database (BENCH_CABLE_DATABASE_URL's server; the database is dropped at the end). 5,000
// members and their sessions are written straight into it (a session cookie is a random token
// whose SHA-256 is the row id, as sign-in makes it); each socket carries its member's cookie and
// the app's Origin, as a browser tab would. This process is the clients (the `ws` library):
// latency is the time from sending the announcement request to each client receiving the
// frame, so it includes the HTTP request, the database insert, pub/sub and this process's own
// reading of 5,000 frames. Memory is the app's VmRSS (from /proc) with all sockets idle and
// subscribed, minus its VmRSS before they opened, divided by the count.
// Baseline in the same run: bench/bare-ws.mjs, bare `ws` holding the same number of sockets and
// writing one frame of the same size to each on request.
//
// Env: BENCH_CABLE_CONNECTIONS (5000), BENCH_CABLE_BROADCASTS (20), BENCH_CABLE_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/postgres: where to create the database), BENCH_BUILD=1.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { freePort, machine } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const N = Number(process.env.BENCH_CABLE_CONNECTIONS ?? 5000);
const BROADCASTS = Number(process.env.BENCH_CABLE_BROADCASTS ?? 20);
const ADMIN_URL =
  process.env.BENCH_CABLE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_P99_MS = 250;
const TARGET_KB_PER_CONN = 30;
const OPEN_BATCH = 250;
const IDENTIFIER = JSON.stringify({ channel: 'NotificationsChannel' });

const children: ChildProcess[] = [];

function start(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitUntil(check: () => Promise<boolean>, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

interface Client {
  ws: WebSocket;
  /** Called with each text frame. */
  onFrame: ((text: string) => void) | null;
}

/** Opens `count` sockets, `OPEN_BATCH` at a time; `ready` says when one counts as open. */
async function openAll(
  count: number,
  open: (i: number) => WebSocket,
  ready: (text: string) => boolean,
): Promise<Client[]> {
  const clients: Client[] = [];
  for (let start = 0; start < count; start += OPEN_BATCH) {
    const batch = Array.from({ length: Math.min(OPEN_BATCH, count - start) }, (_, k) => {
      const ws = open(start + k);
      const client: Client = { ws, onFrame: null };
      clients.push(client);
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('socket did not get ready')), 30_000);
        ws.once('error', reject);
        client.onFrame = (text) => {
          if (ready(text)) {
            clearTimeout(timer);
            client.onFrame = null;
            resolve();
          }
        };
        ws.on('message', (data) => client.onFrame?.((data as Buffer).toString('utf8')));
      });
    });
    await Promise.all(batch);
  }
  return clients;
}

/** Fires `trigger` and times each client's first frame matching `match`. */
async function timeBroadcast(
  clients: Client[],
  match: (text: string) => boolean,
  trigger: () => Promise<void>,
): Promise<number[]> {
  const latencies: number[] = [];
  let resolveAll!: () => void;
  const all = new Promise<void>((r) => (resolveAll = r));
  const t0 = performance.now();
  for (const c of clients) {
    c.onFrame = (text) => {
      if (!match(text)) return;
      c.onFrame = null;
      latencies.push(performance.now() - t0);
      if (latencies.length === clients.length) resolveAll();
    };
  }
  await trigger();
  await Promise.race([
    all,
    sleep(30_000).then(() => {
      throw new Error(`only ${latencies.length} of ${clients.length} clients got the broadcast`);
    }),
  ]);
  return latencies;
}

function summary(all: number[]) {
  const sorted = [...all].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
  };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const dist = path.join(root, 'apps/server/dist/server.js');
  if (process.env.BENCH_BUILD === '1' || !existsSync(dist)) {
    execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });
  }
  const dbName = `fitcoach_bench_cable_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fitcoach-cable-bench-'));
  const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 });
  try {
    const appPort = await freePort();
    const barePort = await freePort();
    const app = start([dist], {
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl.toString(),
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
    });
    const bare = start(['bench/bare-ws.mjs'], { PORT: String(barePort) });
    const base = `http://127.0.0.1:${appPort}`;
    await waitUntil(async () => (await fetch(`${base}/health`)).ok, 'the app');
    await waitUntil(
      async () => (await fetch(`http://127.0.0.1:${barePort}/`)).status === 404,
      'the bare server',
    );

    // Members and sessions, written as sign-in would write them.
    const tokens = Array.from({ length: N }, () => randomBytes(32).toString('base64url'));
    const ids = (
      await db.query<{ id: number }>(
        `insert into users (name, email, password_hash, gender, birth_date, weight_kg, height_cm,
                            workout_goal, meal_preference, created_at)
         select 'Cable Member ' || g, 'cable-' || g || '@bench.fitcoach.test', 'not-a-hash',
                'other', '1990-01-01', 70, 175, 'hiit', 'omnivore', now() - interval '1 day'
         from generate_series(1, $1::int) g
         returning id`,
        [N],
      )
    ).rows.map((r) => r.id);
    await db.query(
      `insert into sessions (id, user_id, expires_at)
       select unnest($1::text[]), unnest($2::int[]), now() + interval '30 days'`,
      [tokens.map((t) => createHash('sha256').update(t).digest('hex')), ids],
    );

    // The admin who announces, signed in through the API.
    const jar = new Map<string, string>();
    const keep = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const [k, ...v] = pair!.split('=');
        jar.set(k!, v.join('='));
      }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const me = await fetch(`${base}/api/auth/me`);
    keep(me);
    const anon = ((await me.json()) as { csrf_token: string }).csrf_token;
    const signIn = await fetch(`${base}/api/auth/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookie(), 'x-csrf-token': anon },
      body: JSON.stringify({ email: 'admin@example.com', password: 'fitcoach-demo' }),
    });
    if (!signIn.ok) throw new Error(`admin sign-in: ${signIn.status} ${await signIn.text()}`);
    keep(signIn);
    const csrf = ((await signIn.json()) as { csrf_token: string }).csrf_token;
    const announce = async (i: number) => {
      const res = await fetch(`${base}/api/notifications/announcements`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookie(), 'x-csrf-token': csrf },
        body: JSON.stringify({ title: `Bench announcement ${i}`, body: 'x'.repeat(40) }),
      });
      if (res.status !== 201) throw new Error(`announce: ${res.status} ${await res.text()}`);
    };
    // Warm the route and the pool before anything is measured.
    for (let i = 0; i < 5; i += 1) await announce(-1 - i);
    await sleep(2000);

    const appPid = app.pid!;
    const barePid = bare.pid!;
    const appIdle = rssBytes(appPid);
    const bareIdle = rssBytes(barePid);

    // The app: N tabs, each signed in, subscribed to NotificationsChannel.
    const opened0 = performance.now();
    const appClients = await openAll(
      N,
      (i) => {
        const ws = new WebSocket(`ws://127.0.0.1:${appPort}/cable`, ['actioncable-v1-json'], {
          headers: { cookie: `fitcoach_session=${tokens[i]}`, origin: base },
          perMessageDeflate: false,
        });
        ws.once('message', () =>
          ws.send(JSON.stringify({ command: 'subscribe', identifier: IDENTIFIER })),
        );
        return ws;
      },
      (text) => text.includes('confirm_subscription'),
    );
    const openSeconds = (performance.now() - opened0) / 1000;
    const bareClients = await openAll(
      N,
      () => {
        const ws = new WebSocket(`ws://127.0.0.1:${barePort}/`, { perMessageDeflate: false });
        // The bare server says nothing on connect: count it ready once open.
        ws.once('open', () => ws.emit('message', Buffer.from('open')));
        return ws;
      },
      (text) => text === 'open',
    );
    await sleep(7000); // idle: a couple of pings go by
    const appHeld = rssBytes(appPid);
    const bareHeld = rssBytes(barePid);

    // Broadcasts: the app's announcement, then the bare server's write of a same-size frame.
    const appLatencies: number[] = [];
    const bareLatencies: number[] = [];
    let frameBytes = 0;
    for (let i = 0; i < BROADCASTS; i += 1) {
      const title = `Bench announcement ${i}`;
      appLatencies.push(
        ...(await timeBroadcast(
          appClients,
          (text) => {
            if (!text.includes(title)) return false;
            frameBytes = Buffer.byteLength(text);
            return true;
          },
          () => announce(i),
        )),
      );
      await sleep(300);
      const marker = `bare ${i} `;
      bareLatencies.push(
        ...(await timeBroadcast(
          bareClients,
          (text) => text.startsWith(marker),
          async () => {
            const res = await fetch(`http://127.0.0.1:${barePort}/broadcast`, {
              method: 'POST',
              body: marker.padEnd(frameBytes || 400, 'x'),
            });
            if (res.status !== 204) throw new Error(`bare broadcast: ${res.status}`);
          },
        )),
      );
      await sleep(300);
    }
    const appStats = summary(appLatencies);
    const bareStats = summary(bareLatencies);
    const appPerConn = (appHeld - appIdle) / N;
    const barePerConn = (bareHeld - bareIdle) / N;
    const stillOpen = appClients.filter((c) => c.ws.readyState === WebSocket.OPEN).length;

    console.log('');
    console.log(`cable fan-out benchmark — ${machine()}`);
    console.log(`  date: ${new Date().toISOString()}`);
    console.log(
      `  app: node apps/server/dist/server.js, NODE_ENV=production, PostgreSQL, in-process fan-out (no REDIS_URL); clients: this process (ws)`,
    );
    console.log(
      `  ${N} connections, each its own member with a session cookie, subscribed to NotificationsChannel (opened in ${openSeconds.toFixed(1)} s, ${OPEN_BATCH} at a time); ${stillOpen} still open at the end`,
    );
    console.log(`  ${BROADCASTS} broadcasts; frame ${frameBytes} B`);
    console.log('');
    console.log('                                   p50        p99        max     RSS/conn');
    console.log(
      `  app: announcement → all ${N}`.padEnd(33) +
        `${fmt(appStats.p50).padStart(9)}  ${fmt(appStats.p99).padStart(9)}  ${fmt(appStats.max).padStart(9)}  ${kb(appPerConn).padStart(9)}`,
    );
    console.log(
      `  baseline: bare ws → all ${N}`.padEnd(33) +
        `${fmt(bareStats.p50).padStart(9)}  ${fmt(bareStats.p99).padStart(9)}  ${fmt(bareStats.max).padStart(9)}  ${kb(barePerConn).padStart(9)}`,
    );
    console.log(
      `  app RSS: ${kb(appIdle)} before the sockets, ${kb(appHeld)} with ${N} idle subscribed sockets`,
    );
    console.log('');
    console.log(
      `targets: p99 ≤ ${TARGET_P99_MS} ms: ${appStats.p99 <= TARGET_P99_MS ? 'PASS' : 'FAIL'} (${fmt(appStats.p99)}, ${(appStats.p99 / Math.max(bareStats.p99, 0.001)).toFixed(1)}× the bare ws p99); RSS per idle connection ≤ ${TARGET_KB_PER_CONN} KB: ${appPerConn <= TARGET_KB_PER_CONN * 1024 ? 'PASS' : 'FAIL'} (${kb(appPerConn)}; bare ws ${kb(barePerConn)})`,
    );
    for (const c of [...appClients, ...bareClients]) c.ws.terminate();
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await sleep(1500);
    await db.end();
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
});
