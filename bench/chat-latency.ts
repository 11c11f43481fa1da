// Chat latency (issue 11): a chat message from one member's send to the friend's socket
// receiving it, with 2,000 other members connected and idle. Target: p99 ≤ 50 ms, (a) on one
// app node and (b) across two nodes through Redis (REDIS_URL): A's HTTP on node 1, B's socket
// on node 2, the idle sockets split between them.
//
// How: the BUILT app (NODE_ENV=production, default log level, logged to a file) on a fresh
// PostgreSQL database (dropped at the end). Members A and B are friends (both friendships rows
// accepted); 2,000 other members each hold a signed-in /cable socket (session cookie, the app's
// Origin) subscribed to their own NotificationsChannel, idle. B's socket subscribes to
// `{ channel: 'ChatChannel', friend_id: A }`. A sends as the product does: an HTTP
// `POST /api/chat/:friend_id/messages` with its session cookie and CSRF token (from GET
// /api/auth/me, as the web app). Latency: from issuing the POST to B's socket receiving the
// `message` event carrying that message's text; messages are sent one after another (the next
// once the previous is both answered and received), after an unmeasured warm-up. So it
// includes the HTTP request, the CSRF/session checks, the friendship check and insert in one
// transaction, the broadcast (and Redis pub/sub in (b)) and this process's reading of the frame.
// Member ids start at a random high number so that the Redis streams (shared with other users of
// the same Redis) cannot be another test's.
//
// Baselines in the same run (bench/bare-relay.mjs, bare `ws`, holding the same 2,000 idle
// sockets): a frame of the same size sent on socket 1 and relayed to socket 2 (the issue's
// "bare ws echo between two sockets"), and the same frame sent as an HTTP POST and written to
// socket 2 (the same shape as the app's send).
//
// Env: BENCH_CHAT_IDLE (2000), BENCH_CHAT_MESSAGES (500), BENCH_CHAT_WARMUP (30),
// BENCH_REDIS_URL (redis://127.0.0.1:6379; '' skips the two-node run), BENCH_DATABASE_ADMIN_URL,
// BENCH_LOG_LEVEL (the app's LOG_LEVEL; unset = its default), BENCH_BUILD=1.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import {
  befriend,
  freshDatabase,
  insertMembers,
  loadAverage,
  percentile,
  sessionsFor,
  signedIn,
  sleep,
  startApp,
  startChild,
  stopAll,
  type Child,
} from './friends-support';
import { machine } from './support';

const IDLE = Number(process.env.BENCH_CHAT_IDLE ?? 2000);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 500);
const WARMUP = Number(process.env.BENCH_CHAT_WARMUP ?? 30);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TARGET_P99_MS = 50;
const OPEN_BATCH = 250;
const NOTIFICATIONS = JSON.stringify({ channel: 'NotificationsChannel' });

/** A socket and the handler its next text frames go to. */
interface Sock {
  ws: WebSocket;
  onFrame: ((text: string) => void) | null;
}

function open(url: string, headers: Record<string, string>, protocols: string[]): Sock {
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

/** A signed-in /cable socket subscribed to `identifier`, once confirmed. */
async function cable(app: Child, token: string, identifier: string): Promise<Sock> {
  const sock = open(
    `ws://127.0.0.1:${app.port}/cable`,
    { cookie: `fitcoach_session=${token}`, origin: app.base },
    ['actioncable-v1-json'],
  );
  await until(sock, (t) => t.includes('"welcome"'), 'welcome');
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

async function inBatches<T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let s = 0; s < count; s += OPEN_BATCH) {
    out.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(OPEN_BATCH, count - s) }, (_, k) => make(s + k)),
      )),
    );
  }
  return out;
}

/** Times `count` sends one after another: `send(marker)` starts one, `receiver` must see it. */
async function timeSequential(
  receiver: Sock,
  count: number,
  label: string,
  send: (marker: string) => Promise<void>,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const marker = `${label}-${i}-${randomBytes(4).toString('hex')}`;
    let t0 = 0;
    const got = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${label}: ${marker} never arrived`)),
        10_000,
      );
      receiver.onFrame = (text) => {
        if (!text.includes(marker)) return;
        clearTimeout(timer);
        receiver.onFrame = null;
        resolve(performance.now() - t0);
      };
    });
    t0 = performance.now();
    const [ms] = await Promise.all([got, send(marker)]);
    times.push(ms);
  }
  return times;
}

interface Stats {
  label: string;
  p50: number;
  p99: number;
  max: number;
  n: number;
}

function stats(label: string, times: number[]): Stats {
  const s = [...times].sort((a, b) => a - b);
  return {
    label,
    p50: percentile(s, 50),
    p99: percentile(s, 99),
    max: s[s.length - 1] ?? 0,
    n: s.length,
  };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`.padStart(10);
const row = (s: Stats) => `  ${s.label}`.padEnd(58) + `${fmt(s.p50)} ${fmt(s.p99)} ${fmt(s.max)}`;

interface Setup {
  a: number;
  b: number;
  tokenA: string;
  tokenB: string;
  idleTokens: string[];
}

/** A's sends through `appA`, received on B's socket on `appB`; idle sockets spread over `apps`. */
async function measureApp(
  label: string,
  setup: Setup,
  appA: Child,
  appB: Child,
  apps: Child[],
): Promise<{ stats: Stats; frameBytes: number; idleOpen: number }> {
  const idle = await inBatches(IDLE, (i) =>
    cable(apps[i % apps.length]!, setup.idleTokens[i]!, NOTIFICATIONS),
  );
  const bSock = await cable(
    appB,
    setup.tokenB,
    JSON.stringify({ channel: 'ChatChannel', friend_id: setup.a }),
  );
  const a = await signedIn(appA.base, setup.tokenA);
  let frameBytes = 0;
  const send = async (marker: string) => {
    const res = await fetch(`${appA.base}/api/chat/${setup.b}/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: a.cookie,
        'x-csrf-token': a.csrf,
        origin: appA.base,
      },
      body: JSON.stringify({ body: `Bench message ${marker}, see you at the gym at six?` }),
    });
    if (res.status !== 201) throw new Error(`send: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  // The frame's size, for the baselines.
  const sizeProbe = new Promise<void>((resolve) => {
    bSock.onFrame = (text) => {
      if (!text.includes('size-probe')) return;
      frameBytes = Buffer.byteLength(text);
      bSock.onFrame = null;
      resolve();
    };
  });
  await send('size-probe');
  await sizeProbe;
  await timeSequential(bSock, WARMUP, `${label}-warm`, send);
  await sleep(1000);
  const times = await timeSequential(bSock, MESSAGES, label, send);
  const idleOpen = idle.filter((s) => s.ws.readyState === WebSocket.OPEN).length;
  for (const s of [...idle, bSock]) s.ws.terminate();
  return { stats: stats(label, times), frameBytes, idleOpen };
}

async function measureBare(frameBytes: number): Promise<Stats[]> {
  const bare = await startChild('bare-relay', 'bench/bare-relay.mjs', {}, '/');
  const url = `ws://127.0.0.1:${bare.port}`;
  const opened = (path: string) =>
    new Promise<Sock>((resolve, reject) => {
      const sock = open(`${url}${path}`, {}, []);
      sock.ws.once('open', () => resolve(sock));
      sock.ws.once('error', reject);
    });
  const idle = await inBatches(IDLE, () => opened('/idle'));
  const sender = await opened('/send');
  const receiver = await opened('/receive');
  const frame = (marker: string) =>
    `{"identifier":"bench","message":{"marker":"${marker}"`.padEnd(frameBytes - 2, 'x') + '"}';
  const viaWs = async (marker: string) => {
    sender.ws.send(frame(marker));
  };
  const viaHttp = async (marker: string) => {
    const res = await fetch(`${bare.base}/relay`, { method: 'POST', body: frame(marker) });
    if (res.status !== 204) throw new Error(`bare relay: ${res.status}`);
  };
  await timeSequential(receiver, WARMUP, 'bare-ws-warm', viaWs);
  const ws = await timeSequential(receiver, MESSAGES, 'bare-ws', viaWs);
  await timeSequential(receiver, WARMUP, 'bare-http-warm', viaHttp);
  const http = await timeSequential(receiver, MESSAGES, 'bare-http', viaHttp);
  for (const s of [...idle, sender, receiver]) s.ws.terminate();
  return [
    stats('baseline: bare ws, socket 1 → relay → socket 2', ws),
    stats('baseline: bare HTTP POST → relay → socket 2', http),
  ];
}

async function main() {
  const db = await freshDatabase('chat');
  const secret = randomBytes(32).toString('hex');
  const lines: string[] = [];
  try {
    // Node 1 alone first: it migrates and seeds the database.
    let node1 = await startApp('chat-node1', db.url, secret);
    const firstId = 10_000_000 + Math.floor(Math.random() * 1_000_000_000);
    await db.pool.query(`alter table users alter column id restart with ${firstId}`);
    const ids = await insertMembers(db.pool, IDLE + 2, `chat-${firstId}`);
    const [a, b] = ids as [number, number];
    await befriend(db.pool, a, [b]);
    const tokens = await sessionsFor(db.pool, ids);
    await db.pool.query('analyze');
    const setup: Setup = {
      a,
      b,
      tokenA: tokens[0]!,
      tokenB: tokens[1]!,
      idleTokens: tokens.slice(2),
    };
    const load0 = loadAverage();

    const one = await measureApp('app, one node: POST → B’s socket', setup, node1, node1, [node1]);
    await new Promise<void>((resolve) => {
      node1.proc.once('exit', () => resolve());
      node1.proc.kill('SIGTERM');
    });

    let two: typeof one | null = null;
    if (REDIS_URL) {
      node1 = await startApp('chat-redis-node1', db.url, secret, { REDIS_URL });
      const node2 = await startApp('chat-redis-node2', db.url, secret, { REDIS_URL });
      two = await measureApp(
        'app, two nodes via Redis: POST on 1 → B’s socket on 2',
        setup,
        node1,
        node2,
        [node1, node2],
      );
    }
    const bare = await measureBare(one.frameBytes);

    lines.push(`chat latency benchmark — ${machine()}`);
    lines.push(
      `  date: ${new Date().toISOString()}; load average at start ${load0}, at end ${loadAverage()}`,
    );
    lines.push(
      `  app: node apps/server/dist/server.js, NODE_ENV=production, default log level (to a file), PostgreSQL; clients: this process (ws, fetch)`,
    );
    lines.push(
      `  ${IDLE} other members connected and idle (NotificationsChannel); ${MESSAGES} messages sent one after another after ${WARMUP} unmeasured; frame ${one.frameBytes} B`,
    );
    lines.push(
      `  idle sockets still open at the end: one node ${one.idleOpen}/${IDLE}${two ? `, two nodes ${two.idleOpen}/${IDLE}` : ''}`,
    );
    lines.push('');
    lines.push('  '.padEnd(58) + '       p50        p99        max');
    lines.push(row(one.stats));
    if (two) lines.push(row(two.stats));
    for (const s of bare) lines.push(row(s));
    lines.push('');
    const bareWs = bare[0]!;
    const verdict = (s: Stats) =>
      `${s.p99 <= TARGET_P99_MS ? 'PASS' : 'FAIL'} (${s.p99.toFixed(1)} ms, ${(s.p99 / Math.max(bareWs.p99, 0.001)).toFixed(1)}× the bare ws p99)`;
    lines.push(`target p99 ≤ ${TARGET_P99_MS} ms: one node ${verdict(one.stats)}`);
    if (two)
      lines.push(`target p99 ≤ ${TARGET_P99_MS} ms: two nodes via Redis ${verdict(two.stats)}`);
    else lines.push('two nodes via Redis: skipped (BENCH_REDIS_URL empty)');
    console.log(['', ...lines].join('\n'));
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
