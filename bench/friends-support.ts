// Shared by the issue 11 (Friends) benches: bench/chat-latency.ts, bench/member-search.ts and
// bench/feed.ts. A fresh PostgreSQL database per run (dropped at the end), the BUILT app as a
// child process at its defaults (NODE_ENV=production, LOG_LEVEL unset = info, logged to a file
// as a deployment would), members and sessions written straight into the database (a session
// cookie is a random token whose SHA-256 is `sessions.id`, as sign-in makes it), a CSRF token
// fetched as the web app does (GET /api/auth/me), and autocannon runs.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { cookieHeader, cookiesOf, freePort } from './support';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN_URL =
  process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
}

/** Builds apps/server when asked (BENCH_BUILD=1) or when dist is missing. */
export function builtServer(): string {
  const dist = path.join(root, 'apps/server/dist/server.js');
  if (process.env.BENCH_BUILD === '1' || !existsSync(dist)) {
    execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });
  }
  return dist;
}

export interface FreshDb {
  name: string;
  url: string;
  pool: pg.Pool;
  drop: () => Promise<void>;
}

export async function freshDatabase(prefix: string): Promise<FreshDb> {
  const name = `fitcoach_bench_${prefix}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => {});
  return {
    name,
    url,
    pool,
    drop: async () => {
      await pool.end().catch(() => {});
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end().catch(() => {});
    },
  };
}

export interface Child {
  name: string;
  proc: ChildProcess;
  base: string;
  port: number;
  logFile: string;
}

const children: Child[] = [];
const tempDirs: string[] = [];

export function tempDir(prefix: string): string {
  const d = mkdtempSync(path.join(tmpdir(), `fitcoach-${prefix}-`));
  tempDirs.push(d);
  return d;
}

/** Starts a Node server script on a free port, output to a file; waits until `readyPath` answers. */
export async function startChild(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  readyPath: string,
): Promise<Child> {
  const port = await freePort();
  const dir = tempDir(name);
  const logFile = path.join(dir, `${name}.log`);
  const out = openSync(logFile, 'a');
  // BENCH_APP_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") goes to the app's Node.
  const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const proc = spawn(process.execPath, [...nodeArgs, script], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const child: Child = { name, proc, base: `http://127.0.0.1:${port}`, port, logFile };
  children.push(child);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (proc.exitCode !== null) {
      throw new Error(`${name} exited: ${readFileSync(logFile, 'utf8').slice(-3000)}`);
    }
    if (Date.now() > deadline) throw new Error(`${name} did not answer ${readyPath}`);
    try {
      const res = await fetch(`${child.base}${readyPath}`);
      if (res.ok || res.status === 404) break;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  return child;
}

/** The built app at its defaults on `dbUrl`; `env` adds e.g. REDIS_URL. */
export async function startApp(
  name: string,
  dbUrl: string,
  secret: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Child> {
  return startChild(
    name,
    builtServer(),
    {
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl,
      DATA_DIR: tempDir(`${name}-data`),
      SESSION_SECRET: secret,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? '',
      REDIS_URL: '',
      ...env,
    },
    '/health',
  );
}

/**
 * A connection url to the embedded PostgreSQL the app started in `dataDir` (its generated
 * password and socket folder), for a bench to seed and check what the app wrote.
 */
export function embeddedUrl(dataDir: string): string {
  const password = readFileSync(path.join(dataDir, 'postgres/password'), 'utf8').trim();
  const url = new URL('postgresql://postgres@localhost:5432/fitcoach');
  url.password = password;
  url.searchParams.set('host', path.join(dataDir, 'postgres/run'));
  return url.toString();
}

/**
 * The built app on its embedded default (no DATABASE_URL, no REDIS_URL), as a newcomer runs
 * it, and a small pool onto its database; `close` ends the pool (stopAll stops the app).
 */
export async function startEmbeddedApp(
  name: string,
): Promise<{ app: Child; dataDir: string; pool: pg.Pool; close: () => Promise<void> }> {
  const dataDir = tempDir(`${name}-data`);
  const app = await startChild(
    name,
    builtServer(),
    {
      NODE_ENV: 'production',
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? '',
    },
    '/health',
  );
  const pool = new pg.Pool({ connectionString: embeddedUrl(dataDir), max: 4 });
  pool.on('error', () => {});
  return { app, dataDir, pool, close: () => pool.end().catch(() => {}) };
}

export async function startBareFastify(): Promise<Child> {
  return startChild('bare-fastify', 'bench/bare-fastify.mjs', { DATABASE_URL: '' }, '/bare');
}

export async function stopAll(): Promise<void> {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.proc.exitCode !== null || c.proc.signalCode !== null) return resolve();
          const timer = setTimeout(() => c.proc.kill('SIGKILL'), 15_000);
          c.proc.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          c.proc.kill('SIGTERM');
        }),
    ),
  );
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
}

/** Sessions for these members, as sign-in writes them; answers each one's cookie token. */
export async function sessionsFor(pool: pg.Pool, userIds: number[]): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  await pool.query(
    `insert into sessions (id, user_id, expires_at)
     select unnest($1::text[]), unnest($2::int[]), now() + interval '30 days'`,
    [tokens.map((t) => createHash('sha256').update(t).digest('hex')), userIds],
  );
  return tokens;
}

/** A signed-in member's cookie header and CSRF token, from GET /api/auth/me as the web app. */
export async function signedIn(
  base: string,
  token: string,
): Promise<{ cookie: string; csrf: string }> {
  const jar = new Map<string, string>([['fitcoach_session', token]]);
  const me = await fetch(`${base}/api/auth/me`, { headers: { cookie: cookieHeader(jar) } });
  if (!me.ok) throw new Error(`GET /api/auth/me: ${me.status} ${await me.text()}`);
  cookiesOf(me, jar);
  const body = (await me.json()) as { csrf_token: string; user?: unknown };
  return { cookie: cookieHeader(jar), csrf: body.csrf_token };
}

export interface Load {
  label: string;
  rps: number;
  total: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
}

/** An autocannon run: connection i cycles through `requestsFor(i)`. */
export async function load(
  label: string,
  base: string,
  opts: { connections: number; seconds: number },
  requestsFor: (i: number) => { path: string; headers?: Record<string, string> }[],
): Promise<Load> {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: opts.connections,
    duration: opts.seconds,
    pipelining: 1,
    timeout: 10,
    setupClient: (client) => {
      const reqs = requestsFor(next);
      next += 1;
      client.setRequests(reqs.map((r) => ({ method: 'GET', path: r.path, headers: r.headers })));
    },
  });
  return {
    label,
    rps: result.requests.mean,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function loadRow(l: Load): string {
  return (
    `  ${l.label}`.padEnd(44) +
    `${Math.round(l.rps).toLocaleString('en').padStart(8)} req/s  p50 ${String(l.p50).padStart(4)} ms  p99 ${String(l.p99).padStart(4)} ms  max ${String(l.max).padStart(5)} ms  errors ${l.errors}  non-2xx ${l.non2xx}`
  );
}

/** First names and last names for realistic, varied member names. */
export const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Christopher',
  'Lisa',
  'Daniel',
  'Nancy',
  'Matthew',
  'Betty',
  'Anthony',
  'Margaret',
  'Mark',
  'Sandra',
  'Donald',
  'Ashley',
  'Steven',
  'Kimberly',
  'Paul',
  'Emily',
  'Andrew',
  'Donna',
  'Joshua',
  'Michelle',
  'Kenneth',
  'Carol',
  'Kevin',
  'Amanda',
  'Brian',
  'Dorothy',
  'George',
  'Melissa',
  'Timothy',
  'Deborah',
  'Aiko',
  'Mateo',
  'Sofia',
  'Lucas',
  'Amara',
  'Noah',
  'Chloe',
  'Ravi',
  'Priya',
  'Olga',
  'Sven',
  'Ingrid',
  'Kwame',
  'Fatima',
  'Yusuf',
  'Leila',
  'Hiroshi',
  'Mei',
  'Diego',
  'Valentina',
  'Pierre',
  'Camille',
  'Lars',
  'Freya',
  'Tomasz',
  'Zofia',
  'Omar',
  'Nadia',
  'Felix',
  'Greta',
];
export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Tanaka',
  'Kowalski',
  'Novak',
  'Schmidt',
  'Müller',
  'Rossi',
  'Dubois',
  'Andersson',
  'Nakamura',
  'Okafor',
  'Mensah',
  'Haddad',
  'Khan',
  'Patel',
  'Ivanova',
  'Petrov',
  'Silva',
  'Santos',
  'Costa',
  'Bianchi',
  'Jensen',
  'Larsen',
  'Kim',
  'Park',
  'Chen',
  'Wang',
  'Singh',
  'Cohen',
  'Murphy',
  'O’Brien',
  'Fischer',
  'Weber',
  'Becker',
  'Horvat',
  'Varga',
  'Popescu',
  'Yilmaz',
  'Demir',
  'Fernandes',
  'Moreau',
];

/**
 * `count` members in one INSERT … SELECT generate_series, named "<first> <last>" from the lists
 * (the pair varies with g, so names repeat in realistic proportions); answers their ids in order.
 */
export async function insertMembers(
  pool: pg.Pool,
  count: number,
  emailPrefix: string,
): Promise<number[]> {
  const res = await pool.query<{ id: number }>(
    `insert into users (name, email, password_hash, gender, birth_date, weight_kg, height_cm,
                        workout_goal, meal_preference, created_at)
     select f.names[1 + (g::bigint * 7919) % array_length(f.names, 1)] || ' ' ||
              l.names[1 + (g::bigint * 104729 / 7) % array_length(l.names, 1)],
            $2 || '-' || g || '@bench.fitcoach.test', 'not-a-hash',
            'other', date '1970-01-01' + (g % 12000),
            50 + g % 60, 150 + g % 50, 'hiit', 'omnivore', now() - interval '1 day'
     from generate_series(1, $1::int) g, (select $3::text[] as names) f, (select $4::text[] as names) l
     returning id`,
    [count, emailPrefix, FIRST_NAMES, LAST_NAMES],
  );
  return res.rows.map((r) => r.id);
}

/** Both rows of an accepted friendship for each pair. */
export async function befriend(pool: pg.Pool, a: number, friends: number[]): Promise<void> {
  await pool.query(
    `insert into friendships (user_id, friend_id, status)
     select $1::int, f, 'accepted' from unnest($2::int[]) f
     union all
     select f, $1::int, 'accepted' from unnest($2::int[]) f`,
    [a, friends],
  );
}
