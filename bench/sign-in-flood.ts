// A credential-stuffing flood beside the requests that must stay fast (issue 9): the app at its
// defaults on the embedded database, behind a proxy (TRUST_PROXY=true, so every request may come
// from its own address, as from a botnet: the per-address limits do not stop it), takes wrong
// sign-ins for addresses that have no account, each of which costs an argon2 verify. Measured in
// the same run: `/health` and a cached read with no flood (the baseline), then the same beside
// the flood, for PASSWORD_HASH_CONCURRENCY at its default and at the other setting.
// Env: BENCH_DURATION (s, default 10), BENCH_FLOOD_CONNECTIONS (64).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
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
const FLOOD = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 64);
const server = path.join(root, 'apps/server/dist/server.js');

interface Latency {
  rps: number;
  p50: number;
  p99: number;
  max: number;
}

async function measure(base: string, path: string, headers: Record<string, string> = {}) {
  const result = await autocannon({
    url: base,
    connections: 4,
    duration: DURATION,
    requests: [{ method: 'GET', path, headers }],
  });
  return {
    rps: result.requests.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  } satisfies Latency;
}

/** A visitor's session: the CSRF token and cookie every sign-in needs. */
async function visitor(base: string) {
  const jar = new Map<string, string>();
  const me = await fetch(`${base}/api/auth/me`);
  cookiesOf(me, jar);
  const { csrf_token } = (await me.json()) as { csrf_token: string };
  return { cookie: cookieHeader(jar), csrf: csrf_token };
}

/** Signs the demo member in, for the cached read measured beside the flood. */
async function member(base: string) {
  const v = await visitor(base);
  const res = await fetch(`${base}/api/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: v.cookie, 'x-csrf-token': v.csrf },
    body: JSON.stringify({ email: 'maya@example.com', password: 'fitcoach-demo' }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status}`);
  const jar = new Map<string, string>();
  cookiesOf(res, jar);
  return { cookie: cookieHeader(jar) };
}

const randomAddress = () =>
  `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 254)}`;

/** Wrong sign-ins from everywhere; answers the count of each status it got back. */
async function flood(base: string, v: { cookie: string; csrf: string }) {
  const result = await autocannon({
    url: base,
    connections: FLOOD,
    duration: 2 * DURATION + 2,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          headers: {
            'content-type': 'application/json',
            cookie: v.cookie,
            'x-csrf-token': v.csrf,
            'x-forwarded-for': randomAddress(),
          },
          body: JSON.stringify({
            email: `nobody-${randomBytes(6).toString('hex')}@example.com`,
            password: 'guess-123456',
          }),
        }),
        path: '/api/auth/sign_in',
      },
    ],
  });
  return Object.entries(result.statusCodeStats ?? {}).map(
    ([status, s]) => `${status}: ${s.count ?? 0}`,
  );
}

async function run(concurrency: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fitcoach-bench-flood-'));
  try {
    const app = await startServer(server, {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      TRUST_PROXY: 'true',
      ...(concurrency === 'default' ? {} : { PASSWORD_HASH_CONCURRENCY: concurrency }),
    });
    const signedIn = await member(app.base);
    const workout = `/api/workout?scope=library&limit=10`;
    await measure(app.base, '/health'); // warm-up
    const quiet = {
      health: await measure(app.base, '/health'),
      read: await measure(app.base, workout, signedIn),
    };
    // The flood runs as long as both measurements beside it, and a second longer on each side.
    const flooding = flood(app.base, await visitor(app.base));
    await new Promise((r) => setTimeout(r, 1_000));
    const health = await measure(app.base, '/health');
    const read = await measure(app.base, workout, signedIn);
    const statuses = await flooding;
    await stopServer(app);
    return { concurrency, quiet, flooded: { health, read }, statuses };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  console.log(`Sign-in flood beside /health and a cached read — ${new Date().toISOString()}`);
  console.log(machine(), `(${os.availableParallelism()} cores available)`);
  const line = (label: string, l: Latency) =>
    `${label.padEnd(28)} ${l.rps.toFixed(0).padStart(6)} req/s  p50 ${l.p50} ms  p99 ${l.p99} ms  max ${l.max} ms`;
  for (const setting of ['default', process.env.BENCH_OTHER_CONCURRENCY ?? '2']) {
    const r = await run(setting);
    console.log('');
    console.log(`PASSWORD_HASH_CONCURRENCY=${r.concurrency}, ${FLOOD} flooding connections`);
    console.log(line('/health, no flood', r.quiet.health));
    console.log(line('/health, flood', r.flooded.health));
    console.log(line('cached read, no flood', r.quiet.read));
    console.log(line('cached read, flood', r.flooded.read));
    console.log(
      `  p99 under flood / p99 quiet: /health ${(r.flooded.health.p99 / Math.max(1, r.quiet.health.p99)).toFixed(1)}×, ` +
        `read ${(r.flooded.read.p99 / Math.max(1, r.quiet.read.p99)).toFixed(1)}×; ` +
        `sign-in answers ${r.statuses.join(', ')}`,
    );
  }
} finally {
  await stopAllServers();
}
