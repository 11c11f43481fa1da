// The workouts API under load, on PostgreSQL with 10,000 members and 1,000,000 workout logs
// (bench/workouts-data.ts). Targets (issue), each against a baseline measured in the same run:
// - `GET /api/workout/:id`, the history page's first page (`GET /api/workout_log?limit=10`)
//   and `POST /api/workout/chart_data` ({} = all sessions): requests per second ≥ 50 % of a
//   bare Fastify JSON route's (bench/bare-fastify.mjs), p99 ≤ 25 ms, at 50 connections;
// - logging a workout (`POST /api/workout/:id/log`, 3 exercises × 3 sets): ≥ 50 % of the rate
//   of a raw transactional INSERT of the same rows (1 log, 3 exercises, 9 sets) through `pg`,
//   at the same concurrency (50 clients looping on a pg.Pool of 50).
//
// How: the BUILT app (`node apps/server/dist/server.js`, NODE_ENV=production) and the bare
// server run as child processes on free ports; autocannon drives them from this process. 50
// members sign in through the real API (GET /api/auth/me for the CSRF cookie, POST
// /api/auth/sign_in); each connection carries its own member's cookies for the whole run
// (autocannon's setupClient), so no single member's rows or cached pages serve everything: 5
// are heavy users (the top 5 % by log count) and 45 typical. GET /api/workout/:id spreads over
// the library's public workouts (connection i → workout i mod n). The bare baseline gets the
// same request shape (same cookies, headers; for chart_data, a POST with the same body to a
// bare POST route) and runs before and after each scenario; the ratio uses the mean of the
// two. chart_data's ratio against the bare GET is printed too, for comparison. Every measured run follows an unmeasured warm-up. A
// reference line (not a target) shows the same bare server doing one primary-key lookup
// through pg per request: the ceiling of any route that reads PostgreSQL at all.
//
// Reads under writes (issue 8): each connection then loops over its member's three reads, once
// with reads only and once with 10 % writes that make what they read stale (a log: the member's
// history and charts; a like and an unlike: the workout page of everyone reading it). Reads
// and writes are timed apart; both runs are compared with the bare GET runs either side.
//
// Env: BENCH_LOG_LEVEL (the app's LOG_LEVEL; unset = its default, info, logged to a file as a
// deployment would), BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 3), BENCH_CONNECTIONS (50),
// BENCH_ACCEPT_ENCODING (default 'gzip, deflate, br', as a browser sends; '' for none),
// BENCH_APP_POOL_MAX (the app's DATABASE_POOL_MAX; unset = the app's default), BENCH_BUILD=1
// (rebuild apps/server first; otherwise only when dist is missing — a stale one is reported),
// BENCH_SERVER (a server bundle to measure instead of apps/server/dist/server.js),
// BENCH_ONLY (reads | log | mix: run one part), BENCH_APP_NODE_ARGS (extra node flags for the app, e.g. --cpu-prof), BENCH_QUIET_WAIT (s, default 60: before each run, wait up to this long for other processes
// to use < 10 % of the CPU), BENCH_DATABASE_URL, BENCH_USERS, BENCH_LOGS (bench/workouts-data.ts).
//
// The machine is shared by everything on it: each run prints "other CPU", the share of the
// machine's CPU that processes other than this one, the two servers and PostgreSQL used
// meanwhile (from /proc). Above 10 % the run says its figures are disturbed.
//
// Logs the benchmark writes carry the note `bench-workouts-api`; at the end (and at the start,
// after an interrupted run) they are deleted with the achievements they earned and the bench
// sessions, and the members' records and totals rebuilt, so the data set stays as generated.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { weightToKg, type MeasurementType } from '@fitcoach/shared/units';
import { summarizeSets } from '../apps/server/src/features/achievements/records';
import { cookieHeader, cookiesOf, freePort, machine, median } from './support';
import {
  BENCH_EMAIL_DOMAIN,
  BENCH_PASSWORD,
  ensureBenchData,
  rebuildMemberAggregates,
} from './workouts-data';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const APP_POOL_MAX = process.env.BENCH_APP_POOL_MAX;
/** Unset: the app's own default (info, which logs every request). */
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL;
const RAW_POOL = CONNECTIONS;
const NOTE = 'bench-workouts-api';
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 25;
const HEAVY_SHARE = 0.1;
/** Seconds to wait for a quiet machine before each measured run (0: do not wait). */
const QUIET_WAIT = Number(process.env.BENCH_QUIET_WAIT ?? 60);
const OTHER_CPU_WARNING = 0.1;

// ---------------------------------------------------------------------------------------------
// Child processes
// ---------------------------------------------------------------------------------------------

interface Child {
  name: string;
  proc: ChildProcess;
  /** Lines the child wrote to its pipe. */
  output: string[];
  /** Where it writes instead, if it logs to a file. */
  logFile?: string | undefined;
}

const children: Child[] = [];

/**
 * Starts a server. With `logFile`, its output goes to that file, as a deployment's would (at the
 * default log level every request is logged: far too much to pipe into this process).
 */
function startChild(name: string, args: string[], env: NodeJS.ProcessEnv, logFile?: string): Child {
  const out = logFile ? openSync(logFile, 'a') : 'pipe';
  // Its own process group, so that stopping it stops everything it started.
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
    detached: true,
  });
  if (typeof out === 'number') closeSync(out);
  const child: Child = { name, proc, output: [], logFile };
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim()) child.output.push(line);
    }
  };
  proc.stdout?.on('data', collect);
  proc.stderr?.on('data', collect);
  children.push(child);
  return child;
}

async function stopChild(child: Child): Promise<void> {
  const pid = child.proc.pid;
  if (pid === undefined || child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false; // ESRCH: the whole group is gone
    }
  };
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + 15_000;
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (alive()) process.kill(-pid, 'SIGKILL');
}

async function stopChildren(): Promise<void> {
  await Promise.all(children.map(stopChild));
}

function outputOf(child: Child): string[] {
  if (!child.logFile || !existsSync(child.logFile)) return child.output;
  return readFileSync(child.logFile, 'utf8').split('\n');
}

async function waitUntilUp(child: Child, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.proc.exitCode !== null) {
      throw new Error(
        `${child.name} exited with ${child.proc.exitCode}:\n${outputOf(child).slice(-20).join('\n')}`,
      );
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${child.name} did not answer ${url} in time`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// ---------------------------------------------------------------------------------------------
// Other load on the machine
// ---------------------------------------------------------------------------------------------

/** Jiffies of the whole machine (all, and busy: not idle or waiting) and of each of ours. */
interface CpuSample {
  all: number;
  busy: number;
  ours: Map<number, number>;
}

/**
 * From /proc (Linux). Ours: this process, the two servers and every PostgreSQL process.
 * Returns null where /proc is not readable (not Linux).
 */
function cpuSample(): CpuSample | null {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0] = fields;
    const steal = fields[7] ?? 0;
    const busy = user + nice + system + irq + softirq + steal;
    const mine = new Set([process.pid, ...children.map((c) => c.proc.pid ?? -1)]);
    const ours = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // gone meanwhile
      }
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const pid = Number(entry);
      if (!mine.has(pid) && comm !== 'postgres') continue;
      const rest = stat.slice(close + 2).split(' ');
      // utime and stime: fields 14 and 15 of the line, 12 and 13 after the command name.
      ours.set(pid, Number(rest[11] ?? 0) + Number(rest[12] ?? 0));
    }
    return { all: busy + idle + iowait, busy, ours };
  } catch {
    return null;
  }
}

/**
 * Everything else the machine runs during a measurement competes for the same cores: this
 * meter reports the share of the machine's CPU that went to other processes. It samples twice
 * a second and adds up per-process deltas, so a PostgreSQL backend that exits (an idle pool
 * connection closing) is not mistaken for someone else's work.
 */
class CpuMeter {
  private first: CpuSample | null;
  private last: CpuSample | null;
  private ours = 0;
  private readonly timer: NodeJS.Timeout;

  constructor() {
    this.first = cpuSample();
    this.last = this.first;
    this.timer = setInterval(() => this.sample(), 500);
  }

  private sample(): void {
    const next = cpuSample();
    if (!next || !this.last) return;
    for (const [pid, jiffies] of next.ours) {
      this.ours += Math.max(0, jiffies - (this.last.ours.get(pid) ?? 0));
    }
    this.last = next;
  }

  /** Share of the machine's CPU used by other processes since construction (null: unknown). */
  stop(): number | null {
    clearInterval(this.timer);
    this.sample();
    if (!this.first || !this.last || this.last.all <= this.first.all) return null;
    const busy = this.last.busy - this.first.busy;
    return Math.min(1, Math.max(0, busy - this.ours) / (this.last.all - this.first.all));
  }
}

/**
 * On a shared machine, waits (up to QUIET_WAIT seconds) for a 3-second window in which other
 * processes use less than OTHER_CPU_WARNING of the CPU, so that runs start on a quiet machine.
 */
async function waitForQuiet(): Promise<void> {
  if (QUIET_WAIT <= 0 || !cpuSample()) return;
  const deadline = Date.now() + QUIET_WAIT * 1000;
  for (;;) {
    const meter = new CpuMeter();
    await new Promise((r) => setTimeout(r, 3000));
    const other = meter.stop();
    if (other === null || other < OTHER_CPU_WARNING || Date.now() > deadline) return;
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers
// ---------------------------------------------------------------------------------------------

interface RawResponse {
  status: number;
  /** Bytes on the wire (compressed when the server compressed). */
  wireBytes: number;
  encoding: string;
  text: string;
}

/** One request with node:http, to see the answer as it travels (size, encoding). */
function rawRequest(
  base: string,
  req: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const r = http.request(
      new URL(req.path, base),
      {
        method: req.method,
        headers: {
          ...req.headers,
          ...(req.body === undefined ? {} : { 'content-length': Buffer.byteLength(req.body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = String(res.headers['content-encoding'] ?? 'identity');
          const decoded =
            encoding === 'br'
              ? zlib.brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? zlib.gunzipSync(raw)
                : encoding === 'deflate'
                  ? zlib.inflateSync(raw)
                  : raw;
          resolve({
            status: res.statusCode ?? 0,
            wireBytes: raw.length,
            encoding,
            text: decoded.toString('utf8'),
          });
        });
      },
    );
    r.on('error', reject);
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

interface Member {
  id: number;
  email: string;
  logs: number;
  heavy: boolean;
  units: MeasurementType;
  /** Cookie header (CSRF secret + session) and the session's CSRF token. */
  cookie: string;
  csrf: string;
}

/** `n` bench members, a fixed pseudo-random pick: ~10 % heavy users, the rest typical. */
async function pickMembers(db: pg.Pool, n: number) {
  const heavy = Math.max(1, Math.round(n * HEAVY_SHARE));
  const rows = await db.query<{
    id: number;
    email: string;
    logs: number;
    heavy: boolean;
    units: MeasurementType;
  }>(
    `with ranked as (
       select u.id, u.email, u.measurement_type, t.total_workouts,
              ntile(20) over (order by t.total_workouts desc, u.id) = 1 as heavy
       from users u join training_stats t on t.user_id = u.id
       where u.email like $1
     )
     (select id, email, total_workouts as logs, heavy, measurement_type as units
        from ranked where heavy order by hashint4(id) limit $2)
     union all
     (select id, email, total_workouts as logs, heavy, measurement_type as units
        from ranked where not heavy order by hashint4(id) limit $3)`,
    [`%@${BENCH_EMAIL_DOMAIN}`, heavy, n - heavy],
  );
  if (rows.rows.length < n) throw new Error(`only ${rows.rows.length} bench members found`);
  return rows.rows;
}

async function signIn(base: string, m: Omit<Member, 'cookie' | 'csrf'>): Promise<Member> {
  const jar = new Map<string, string>();
  const me = await fetch(`${base}/api/auth/me`);
  cookiesOf(me, jar);
  const { csrf_token: anonymous } = (await me.json()) as { csrf_token: string };
  const res = await fetch(`${base}/api/auth/sign_in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookieHeader(jar),
      'x-csrf-token': anonymous,
    },
    body: JSON.stringify({ email: m.email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${m.email}: ${res.status} ${await res.text()}`);
  cookiesOf(res, jar);
  const body = (await res.json()) as { user: { id: number }; csrf_token: string };
  if (body.user.id !== m.id) throw new Error(`sign-in of ${m.email} answered user ${body.user.id}`);
  if (!jar.has('fitcoach_session') || !jar.has('fitcoach_csrf')) {
    throw new Error(`sign-in of ${m.email}: no cookies`);
  }
  return { ...m, cookie: cookieHeader(jar), csrf: body.csrf_token };
}

// ---------------------------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------------------------

interface Req {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface Measured {
  label: string;
  rps: number;
  total: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Share of the machine's CPU other processes used meanwhile (null: unknown). */
  other: number | null;
}

function baseHeaders(m: Member, json: boolean): Record<string, string> {
  return {
    cookie: m.cookie,
    'x-csrf-token': m.csrf,
    accept: 'application/json',
    ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}),
    ...(json ? { 'content-type': 'application/json' } : {}),
  };
}

/** autocannon at CONNECTIONS connections; connection i sends `perConnection(i)` throughout. */
async function cannon(
  base: string,
  label: string,
  seconds: number,
  perConnection: (i: number) => Req,
): Promise<Measured> {
  let next = 0;
  const meter = new CpuMeter();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    timeout: 10,
    setupClient: (client) => {
      const r = perConnection(next);
      next += 1;
      client.setRequests([{ method: r.method, path: r.path, headers: r.headers, body: r.body }]);
    },
  });
  return {
    label,
    rps: result.requests.mean,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    other: meter.stop(),
  };
}

/** One request of a connection's cycle, and whether it writes. */
interface CycleReq extends Req {
  write: boolean;
}

/** Reads and writes of one run, measured apart (from each response's place in its cycle). */
interface MixMeasured {
  reads: Measured;
  writes: Measured | null;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/**
 * autocannon at CONNECTIONS connections, connection i looping over `cycleFor(i)`; with one
 * request in flight per connection, the n-th response answers the n-th request of the cycle.
 */
async function cannonCycle(
  base: string,
  label: string,
  seconds: number,
  cycleFor: (i: number) => CycleReq[],
): Promise<MixMeasured> {
  let next = 0;
  const times = { reads: [] as number[], writes: [] as number[] };
  const failed = { reads: 0, writes: 0 };
  const meter = new CpuMeter();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    timeout: 10,
    setupClient: (client) => {
      const cycle = cycleFor(next);
      next += 1;
      let n = 0;
      client.setRequests(
        cycle.map((r) => ({ method: r.method, path: r.path, headers: r.headers, body: r.body })),
      );
      client.on('response', (status: number, _bytes: number, duration: number) => {
        const kind = cycle[n % cycle.length]!.write ? 'writes' : 'reads';
        n += 1;
        times[kind].push(duration);
        if (status >= 300) failed[kind] += 1;
      });
    },
  });
  const other = meter.stop();
  const of = (kind: 'reads' | 'writes', name: string): Measured => {
    const sorted = times[kind].sort((a, b) => a - b);
    return {
      label: name,
      rps: sorted.length / seconds,
      total: sorted.length,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      // Socket errors and time-outs are not tied to a request: they count against the reads.
      errors: kind === 'reads' ? result.errors : 0,
      timeouts: kind === 'reads' ? result.timeouts : 0,
      non2xx: failed[kind],
      other,
    };
  };
  return {
    reads: of('reads', `${label}: reads`),
    writes: times.writes.length > 0 ? of('writes', `${label}: writes`) : null,
  };
}

async function measureCycle(
  base: string,
  label: string,
  cycleFor: (i: number) => CycleReq[],
): Promise<MixMeasured> {
  await waitForQuiet();
  progress(label);
  if (WARMUP > 0) await cannonCycle(base, `${label} (warm-up)`, WARMUP, cycleFor);
  return cannonCycle(base, label, DURATION, cycleFor);
}

/** Progress goes to stderr: stdout keeps the report. */
function progress(label: string): void {
  process.stderr.write(`  measuring ${label}…\n`);
}

async function measure(
  base: string,
  label: string,
  perConnection: (i: number) => Req,
): Promise<Measured> {
  await waitForQuiet();
  progress(label);
  if (WARMUP > 0) await cannon(base, `${label} (warm-up)`, WARMUP, perConnection);
  return cannon(base, label, DURATION, perConnection);
}

interface LogBody {
  workoutId: number;
  title: string;
  /** The request body, in the member's units. */
  json: string;
  /** The same sets in kilograms, for the raw INSERT. */
  exercises: { exerciseId: number; sets: { reps: number; weightKg: number }[] }[];
}

/** 3 of the workout's exercises × 3 sets, weights in the member's units. */
function logBody(
  workout: { id: number; title: string; exerciseIds: number[] },
  units: MeasurementType,
): LogBody {
  const reps = [10, 8, 6];
  const weights = units === 'imperial' ? [135, 145, 155] : [60, 65, 70];
  const ids = workout.exerciseIds.slice(0, 3);
  const json = JSON.stringify({
    note: NOTE,
    liked_or_disliked: 'liked',
    energy_level: 4,
    sleep_quality: 3,
    duration_seconds: 2700,
    completedExercises: ids.map((id) => ({ exercise_id: id, reps, weights })),
  });
  return {
    workoutId: workout.id,
    title: workout.title,
    json,
    exercises: ids.map((exerciseId) => ({
      exerciseId,
      sets: reps.map((r, i) => ({ reps: r, weightKg: weightToKg(weights[i] ?? 0, units) })),
    })),
  };
}

/** `rows` groups of `width` numbered placeholders ($n), numbering after `skip` fixed ones. */
function placeholders(
  rows: number,
  width: number,
  skip: number,
  row: (p: string[]) => string,
): string {
  return Array.from({ length: rows }, (_, r) =>
    row(Array.from({ length: width }, (_, c) => `$${skip + r * width + c + 1}`)),
  ).join(', ');
}

/**
 * The baseline of logging: the same rows a log writes (1 log, 3 exercises with their bests,
 * 9 sets), in one transaction through pg, by CONNECTIONS clients looping on a pool of RAW_POOL.
 */
async function rawInserts(
  pool: pg.Pool,
  members: Member[],
  bodies: LogBody[],
  seconds: number,
): Promise<Measured> {
  const today = new Date().toISOString().slice(0, 10);
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async (i: number) => {
    const m = members[i % members.length]!;
    const b = bodies[i % bodies.length]!;
    const items = b.exercises.map((e, position) => ({
      ...e,
      position,
      s: summarizeSets(e.sets.map((s) => ({ ...s, durationSeconds: null }))),
    }));
    const totalVolume = items.reduce((sum, it) => sum + it.s.volumeKg, 0);
    const totalReps = items.reduce((sum, it) => sum + it.s.totalReps, 0);
    // ($1 = log id, $2 = member, then 7 per exercise; note null)
    const exerciseRows = placeholders(items.length, 7, 2, (p) => {
      const [exercise, position, day, volume, weight, reps, oneRm] = p;
      return `($1, $2, ${exercise}, ${position}, ${day}, null, ${volume}, ${weight}, ${reps}, ${oneRm})`;
    });
    const setCount = items.reduce((n, it) => n + it.sets.length, 0);
    const setRows = placeholders(setCount, 4, 0, (p) => `(${p.join(', ')})`);
    while (performance.now() < end) {
      const t0 = performance.now();
      const client = await pool.connect();
      try {
        await client.query('begin');
        const log = await client.query<{ id: number }>(
          `insert into workout_logs (user_id, workout_id, title, source, performed_on,
             duration_seconds, note, liked_or_disliked, energy_level, sleep_quality,
             total_volume_kg, total_reps)
           values ($1, $2, $3, 'workout', $4, 2700, $5, 'liked', 4, 3, $6, $7) returning id`,
          [m.id, b.workoutId, b.title, today, NOTE, totalVolume, totalReps],
        );
        const logId = log.rows[0]!.id;
        const ex = await client.query<{ id: number; position: number }>(
          `insert into workout_log_exercises (log_id, user_id, exercise_id, position,
             performed_on, note, volume_kg, best_weight_kg, max_reps, best_one_rep_max_kg)
           values ${exerciseRows} returning id, position`,
          [
            logId,
            m.id,
            ...items.flatMap((it) => [
              it.exerciseId,
              it.position,
              today,
              it.s.volumeKg,
              it.s.bestWeightKg,
              it.s.maxReps,
              it.s.bestOneRepMaxKg,
            ]),
          ],
        );
        const idOf = new Map(ex.rows.map((r) => [r.position, r.id]));
        const sets = items.flatMap((it) =>
          it.sets.map((s, k) => [idOf.get(it.position), k + 1, s.reps, s.weightKg]),
        );
        await client.query(
          `insert into workout_log_sets (log_exercise_id, set_number, reps, weight_kg)
           values ${setRows}`,
          sets.flat(),
        );
        await client.query('commit');
        latencies.push(performance.now() - t0);
      } catch (error) {
        errors += 1;
        await client.query('rollback').catch(() => {});
        if (errors === 1) console.error('raw insert failed:', error);
      } finally {
        client.release();
      }
    }
  };
  const started = performance.now();
  const meter = new CpuMeter();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => worker(i)));
  const other = meter.stop();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return {
    label: 'raw pg transaction',
    rps: latencies.length / elapsed,
    total: latencies.length,
    p50: pct(0.5),
    p99: pct(0.99),
    errors,
    timeouts: 0,
    non2xx: 0,
    other,
  };
}

// ---------------------------------------------------------------------------------------------
// Keeping the data set as generated
// ---------------------------------------------------------------------------------------------

/** Deletes what benchmark runs wrote (logs, their achievements, sessions) and rebuilds. */
async function cleanUp(db: pg.Pool): Promise<string> {
  const t0 = performance.now();
  const client = await db.connect();
  let deleted = 0;
  try {
    await client.query('begin');
    const benchUsers = `select id from users where email like $1`;
    const domain = `%@${BENCH_EMAIL_DOMAIN}`;
    // The generated data set has no achievements and no sessions: all of them are ours.
    await client.query(`delete from user_achievements where user_id in (${benchUsers})`, [domain]);
    await client.query(`delete from sessions where user_id in (${benchUsers})`, [domain]);
    // The mixed run likes and unlikes groups; the data set has no likes of its own.
    await client.query(`delete from exercise_group_likes where user_id in (${benchUsers})`, [
      domain,
    ]);
    const gone = await client.query<{ user_id: number; n: string }>(
      `with d as (delete from workout_logs where note = $1 returning user_id)
       select user_id, count(*) as n from d group by user_id`,
      [NOTE],
    );
    deleted = gone.rows.reduce((sum, r) => sum + Number(r.n), 0);
    if (gone.rows.length > 0) {
      await rebuildMemberAggregates(
        client,
        gone.rows.map((r) => r.user_id),
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  if (deleted > 0) {
    await db.query(
      `vacuum (analyze) workout_logs, workout_log_exercises, workout_log_sets,
         personal_records, training_stats, user_achievements, sessions, exercise_group_likes`,
    );
    // Write the dirty pages now, rather than in a checkpoint in the middle of a measurement.
    await db.query('checkpoint');
  }
  return `${deleted} benchmark logs deleted, records and totals rebuilt (${((performance.now() - t0) / 1000).toFixed(1)} s)`;
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const fmt = (n: number, digits = 0) => n.toFixed(digits);
// autocannon's latencies are whole milliseconds: 0 means under one.
const ms = (n: number) => (n === 0 ? '< 1 ms' : `${n < 10 ? n.toFixed(1) : n.toFixed(0)} ms`);
const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);
const failures = (m: Measured) => m.errors + m.timeouts + m.non2xx;

function row(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
}

const WIDTHS = [34, 9, 8, 8, 7, 7, 8, 10];
const HEADER = row(
  ['', 'req/s', 'p50', 'p99', 'errors', 'non-2xx', 'vs bare', 'other CPU'],
  WIDTHS,
);

function line(m: Measured, baseline: number | null): string {
  return row(
    [
      m.label,
      fmt(m.rps),
      ms(m.p50),
      ms(m.p99),
      String(m.errors + m.timeouts),
      String(m.non2xx),
      baseline === null ? '' : `${(m.rps / baseline).toFixed(2)}×`,
      m.other === null ? '?' : `${(m.other * 100).toFixed(0)} %`,
    ],
    WIDTHS,
  );
}

function verdict(m: Measured, baseline: number, p99Target: number | null): string {
  const ratio = m.rps / baseline;
  const reasons: string[] = [];
  if (ratio < TARGET_RATIO) reasons.push(`ratio ${ratio.toFixed(2)} < ${TARGET_RATIO}`);
  if (p99Target !== null && m.p99 > p99Target) reasons.push(`p99 ${ms(m.p99)} > ${p99Target} ms`);
  if (failures(m) > 0) reasons.push(`${failures(m)} failed requests`);
  return reasons.length === 0 ? 'PASS' : `FAIL (${reasons.join('; ')})`;
}

/**
 * What the servers logged (warnings and errors), counted by message. autocannon ends a run by
 * closing its sockets, so a response still being compressed then ends in "Premature close":
 * that is the harness stopping, not a failed request (those are counted above).
 */
async function reportServerOutput(): Promise<void> {
  const counts = new Map<string, number>();
  let requestLines = 0;
  const count = (name: string, l: string) => {
    let key = l.slice(0, 200);
    try {
      const entry = JSON.parse(l) as { level?: number; msg?: string; err?: { message?: string } };
      // Request logs at the default level (info) are the load itself, not news.
      if ((entry.level ?? 0) < 40) {
        requestLines += 1;
        return;
      }
      key = `level ${entry.level}: ${entry.err?.message ?? entry.msg ?? '?'}`;
    } catch {
      // not a JSON log line
    }
    counts.set(`${name}: ${key}`, (counts.get(`${name}: ${key}`) ?? 0) + 1);
  };
  for (const c of children) {
    for (const l of c.output) count(c.name, l);
    if (c.logFile && existsSync(c.logFile)) {
      const lines = readline.createInterface({ input: createReadStream(c.logFile) });
      for await (const l of lines) if (l.trim()) count(c.name, l);
    }
  }
  console.log('');
  console.log(`the app logged ${requestLines} lines below warning level (request logs)`);
  if (counts.size === 0) return;
  console.log('the servers logged (warnings and errors, by message):');
  for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
    const note = key.includes('Premature close') ? ' (sockets closed at the end of a run)' : '';
    console.log(`  ${n} × ${key}${note}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

/** Source files changed after `since` (ms), under these folders. */
function newerThan(since: number, dirs: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (statSync(full).mtimeMs > since) found.push(path.relative(root, full));
    }
  };
  for (const dir of dirs) if (existsSync(dir)) walk(dir);
  return found;
}

/** The built server: built when missing or when BENCH_BUILD=1; a stale build is reported. */
function ensureBuilt(): { server: string; note: string } {
  // BENCH_SERVER: another build of the server (e.g. an older commit's), to compare in one session.
  const other = process.env.BENCH_SERVER;
  if (other) return { server: path.resolve(other), note: `BENCH_SERVER=${other}` };
  const server = path.join(root, 'apps/server/dist/server.js');
  if (!existsSync(server) || process.env.BENCH_BUILD === '1') {
    console.log('building apps/server');
    execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });
  }
  const built = statSync(server).mtimeMs;
  const stale = newerThan(built, [
    path.join(root, 'apps/server/src'),
    path.join(root, 'apps/server/drizzle'),
    path.join(root, 'packages/shared/src'),
  ]);
  const when = new Date(built).toISOString();
  return {
    server,
    note:
      stale.length === 0
        ? `built ${when}, newer than its sources`
        : `built ${when}; STALE: ${stale.length} source files changed since (e.g. ${stale[0]}) — BENCH_BUILD=1 rebuilds`,
  };
}

async function main(): Promise<void> {
  const data = await ensureBenchData({ reuse: true });
  const { server, note: buildNote } = ensureBuilt();
  const db = new pg.Pool({ connectionString: data.url, max: 4 });
  db.on('error', () => {});
  const rawPool = new pg.Pool({ connectionString: data.url, max: RAW_POOL });
  rawPool.on('error', () => {});
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fitcoach-bench-api-'));
  onInterrupt = async () => {
    console.log(`interrupted: ${await cleanUp(db)}`);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    console.log(`before: ${await cleanUp(db)}`);

    const appPort = await freePort();
    const barePort = await freePort();
    const appBase = `http://127.0.0.1:${appPort}`;
    const bareBase = `http://127.0.0.1:${barePort}`;
    // BENCH_APP_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof': to profile the app.
    const appNodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const app = startChild(
      'app',
      [...appNodeArgs, server],
      {
        DATABASE_URL: data.url,
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // The app as members run it: its default log level unless BENCH_LOG_LEVEL says otherwise.
        ...(LOG_LEVEL ? { LOG_LEVEL } : {}),
        NODE_ENV: 'production',
        SESSION_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO: 'false',
        // The configuration's maximum: 50 sign-ins from one address must not be refused.
        SIGN_IN_RATE_LIMIT: '10000',
        SIGN_IN_ADDRESS_RATE_LIMIT: '100000',
        SIGN_IN_ACCOUNT_RATE_LIMIT: '100000',
        SIGN_UP_RATE_LIMIT: '100000',
        ...(APP_POOL_MAX ? { DATABASE_POOL_MAX: APP_POOL_MAX } : {}),
      },
      path.join(dataDir, 'app.log'),
    );
    const bare = startChild('bare Fastify', ['bench/bare-fastify.mjs'], {
      PORT: String(barePort),
      HOST: '127.0.0.1',
      // For the reference route /bare-db only, with the app's pool size.
      DATABASE_URL: data.url,
      DATABASE_POOL_MAX: APP_POOL_MAX ?? '10',
    });
    await waitUntilUp(app, `${appBase}/health`);
    await waitUntilUp(bare, `${bareBase}/bare`);

    // Members, one per connection.
    const picked = await pickMembers(db, CONNECTIONS);
    const members: Member[] = [];
    for (const m of picked) members.push(await signIn(appBase, m));

    const workouts = (
      await db.query<{ id: number; title: string; exercise_ids: number[]; group_id: number }>(
        `select w.id, w.title, min(g.id) as group_id,
                array_agg(ge.exercise_id order by g.position, ge.position) as exercise_ids
         from workouts w
         join exercise_groups g on g.workout_id = w.id
         join group_exercises ge on ge.group_id = g.id
         where w.is_public and w.owner_id is null
         group by w.id order by w.id`,
      )
    ).rows.map((w) => ({
      id: w.id,
      title: w.title,
      groupId: w.group_id,
      exerciseIds: [...new Set(w.exercise_ids)],
    }));
    const loggable = workouts.filter((w) => w.exerciseIds.length >= 3);
    if (workouts.length === 0 || loggable.length === 0) throw new Error('no library workouts');

    const member = (i: number) => members[i % members.length]!;
    const bodies = members.map((m, i) => logBody(loggable[i % loggable.length]!, m.units));
    const scenarios = {
      bare: (i: number): Req => ({
        method: 'GET',
        path: '/bare',
        headers: baseHeaders(member(i), false),
      }),
      barePost: (i: number): Req => ({
        method: 'POST',
        path: '/bare',
        headers: baseHeaders(member(i), true),
        body: '{}',
      }),
      bareDb: (i: number): Req => ({
        method: 'GET',
        path: '/bare-db',
        headers: baseHeaders(member(i), false),
      }),
      workout: (i: number): Req => ({
        method: 'GET',
        path: `/api/workout/${workouts[i % workouts.length]!.id}`,
        headers: baseHeaders(member(i), false),
      }),
      history: (i: number): Req => ({
        method: 'GET',
        path: '/api/workout_log?limit=10',
        headers: baseHeaders(member(i), false),
      }),
      chart: (i: number): Req => ({
        method: 'POST',
        path: '/api/workout/chart_data',
        headers: baseHeaders(member(i), true),
        body: '{}',
      }),
      log: (i: number): Req => {
        const b = bodies[i % bodies.length]!;
        return {
          method: 'POST',
          path: `/api/workout/${b.workoutId}/log`,
          headers: baseHeaders(member(i), true),
          body: b.json,
        };
      },
    };

    // Reads under writes: each connection loops over its member's reads, 10 of each, or in the
    // mixed run 9 of each and 3 writes (10 %): a log, which makes the member's history and
    // charts stale, and a like and an unlike of a group of the workout it reads, which makes
    // that workout's page stale for every member reading it.
    const readCycle = (i: number, perRead: number): CycleReq[] =>
      Array.from({ length: perRead }, () => [
        { ...scenarios.workout(i), write: false },
        { ...scenarios.history(i), write: false },
        { ...scenarios.chart(i), write: false },
      ]).flat();
    const like = (i: number, liked: boolean): CycleReq => ({
      method: 'POST',
      path: '/api/workout/like',
      headers: baseHeaders(member(i), true),
      body: JSON.stringify({ exercise_group_id: workouts[i % workouts.length]!.groupId, liked }),
      write: true,
    });
    const cycles = {
      allReads: (i: number) => readCycle(i, 10),
      mixed: (i: number): CycleReq[] => {
        const reads = readCycle(i, 9);
        // Spread out: a write after every ninth read.
        return [
          ...reads.slice(0, 9),
          { ...scenarios.log(i), write: true },
          ...reads.slice(9, 18),
          like(i, true),
          ...reads.slice(18),
          like(i, false),
        ];
      },
    };

    const measureRaw = async (label: string): Promise<Measured> => {
      await waitForQuiet();
      progress(label);
      await rawInserts(rawPool, members, bodies, WARMUP);
      return { ...(await rawInserts(rawPool, members, bodies, DURATION)), label };
    };

    // Every member's request answers as it should, before any load.
    const sizes: Record<string, string> = {};
    for (const [name, make] of Object.entries(scenarios)) {
      // A reads-only run of another build (BENCH_SERVER) may predate the database's log function.
      if (name === 'log' && process.env.BENCH_ONLY === 'reads') continue;
      const wire: number[] = [];
      const plain: number[] = [];
      const encodings = new Set<string>();
      for (let i = 0; i < members.length; i += 1) {
        const r = make(i);
        const res = await rawRequest(name.startsWith('bare') ? bareBase : appBase, r);
        const want = name === 'log' ? 201 : 200;
        if (res.status !== want) {
          throw new Error(
            `${r.method} ${r.path} as ${member(i).email}: ${res.status} ${res.text.slice(0, 300)}`,
          );
        }
        const body = JSON.parse(res.text) as Record<string, unknown>;
        if (name === 'history' && !Array.isArray(body.items)) throw new Error('history: no items');
        if (
          name === 'history' &&
          (body.items as unknown[]).length !== Math.min(10, member(i).logs)
        ) {
          throw new Error(
            `history of ${member(i).email}: ${(body.items as unknown[]).length} items`,
          );
        }
        if (name === 'chart' && !Array.isArray(body.volume)) throw new Error('chart: no volume');
        wire.push(res.wireBytes);
        plain.push(Buffer.byteLength(res.text));
        encodings.add(res.encoding);
      }
      sizes[name] =
        `${kb(median(plain))} JSON, ${kb(median(wire))} on the wire (${[...encodings].join('/')})`;
    }

    const heavy = members.filter((m) => m.heavy).map((m) => m.logs);
    const typical = members.filter((m) => !m.heavy).map((m) => m.logs);
    const pgInfo = (
      await db.query<{ v: string; sb: string }>(
        `select current_setting('server_version') as v, current_setting('shared_buffers') as sb`,
      )
    ).rows[0];

    console.log('');
    console.log(`workouts API benchmark — ${machine()}`);
    console.log(
      `  date: ${new Date().toISOString()}; load average at the start ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')} on ${os.cpus().length} cores`,
    );
    console.log(
      `  data: PostgreSQL ${pgInfo?.v} (shared_buffers ${pgInfo?.sb}), ${data.users} members, ${data.logs} workout logs (${data.generated ? `generated in ${fmt(data.seconds)} s` : 'reused'})`,
    );
    console.log(
      `  load: autocannon, ${CONNECTIONS} connections, ${DURATION} s per run after a ${WARMUP} s warm-up; Accept-Encoding: ${ACCEPT_ENCODING || '(none)'}`,
    );
    console.log(
      `  members: ${members.length}, one per connection — ${heavy.length} heavy (${Math.min(...heavy)}–${Math.max(...heavy)} logs), ${typical.length} typical (${Math.min(...typical)}–${Math.max(...typical)}, median ${median(typical)})`,
    );
    console.log(
      `  app: node apps/server/dist/server.js, NODE_ENV=production, LOG_LEVEL ${LOG_LEVEL ?? 'info (app default), to a file'}, DB pool ${APP_POOL_MAX ?? '10 (app default)'}; raw INSERT baseline: pg.Pool of ${RAW_POOL}`,
    );
    console.log(`  server bundle: ${buildNote}`);
    console.log(`  GET /api/workout/:id over ${workouts.length} library workouts`);
    for (const [name, size] of Object.entries(sizes)) console.log(`  answer of ${name}: ${size}`);
    console.log('');

    // BENCH_ONLY=log (or reads) runs one half, e.g. to profile it.
    const only = process.env.BENCH_ONLY;
    // The bare baseline drifts during a run (CPU boost, PostgreSQL's background work): it is
    // measured between the scenarios, and each scenario is compared with its two neighbours.
    // A GET route's baseline is bare GET /bare; a POST route's is bare POST /bare with the same
    // headers and body (Node reading a request body costs the same to any server).
    const bares: Measured[] = [];
    const reads: Measured[] = [];
    const runOrder: Measured[] = [];
    const readBaselines: number[] = [];
    const readScenarios = [
      ['GET /api/workout/:id', scenarios.workout, 'GET'],
      ['GET /api/workout_log?limit=10', scenarios.history, 'GET'],
      ['POST /api/workout/chart_data', scenarios.chart, 'POST'],
    ] as const;
    const measureBare = async (method: 'GET' | 'POST'): Promise<Measured> => {
      const count = bares.filter((b) => b.label.includes(method)).length + 1;
      const m = await measure(
        bareBase,
        `bare Fastify ${method} /bare (${count})`,
        method === 'GET' ? scenarios.bare : scenarios.barePost,
      );
      bares.push(m);
      runOrder.push(m);
      return m;
    };
    let lastBare: Measured | null = null;
    for (const [label, scenario, method] of only === 'log' || only === 'mix' ? [] : readScenarios) {
      const before =
        lastBare && lastBare.label.includes(method) ? lastBare : await measureBare(method);
      const read = await measure(appBase, label, scenario);
      reads.push(read);
      runOrder.push(read);
      lastBare = await measureBare(method);
      readBaselines.push((before.rps + lastBare.rps) / 2);
    }
    // The same reads without and with writes among them, each against the bare GET runs either
    // side of it.
    const mixes: { label: string; run: MixMeasured; baseline: number }[] = [];
    if (only !== 'log') {
      for (const [label, cycle] of [
        ['reads only (workout, history, charts)', cycles.allReads],
        ['10 % writes (log, like, unlike)', cycles.mixed],
      ] as const) {
        const before =
          lastBare && lastBare.label.includes('GET') ? lastBare : await measureBare('GET');
        const run = await measureCycle(appBase, label, cycle);
        runOrder.push(run.reads);
        if (run.writes) runOrder.push(run.writes);
        lastBare = await measureBare('GET');
        mixes.push({ label, run, baseline: (before.rps + lastBare.rps) / 2 });
      }
    }
    const getBares = bares.filter((b) => b.label.includes('GET'));
    const baseline = getBares.reduce((sum, b) => sum + b.rps, 0) / Math.max(1, getBares.length);
    const bareDb =
      only === 'log' || only === 'mix'
        ? null
        : await measure(bareBase, 'ref.: bare Fastify + 1 pg lookup', scenarios.bareDb);

    const runLog = only !== 'reads' && only !== 'mix';
    const rawBefore = runLog ? await measureRaw('raw pg INSERT transaction (before)') : null;
    const logged = runLog
      ? await measure(appBase, 'POST /api/workout/:id/log', scenarios.log)
      : null;
    const rawAfter = runLog ? await measureRaw('raw pg INSERT transaction (after)') : null;
    const rawRate = rawBefore && rawAfter ? (rawBefore.rps + rawAfter.rps) / 2 : 0;

    // In the order they ran; each read against the mean of the bare runs either side of it.
    if (runOrder.length > 0) {
      console.log(HEADER);
      for (const m of runOrder) {
        const i = reads.indexOf(m);
        const mix = mixes.find((x) => x.run.reads === m);
        console.log(line(m, i >= 0 ? readBaselines[i]! : (mix?.baseline ?? null)));
      }
      console.log(
        `  baseline of each read = mean of the bare runs (same method) before and after it (bare GET runs: mean ${fmt(baseline)} req/s)`,
      );
      const chartAt = readScenarios.findIndex(([, , method]) => method === 'POST');
      const chart = reads[chartAt];
      if (chart && baseline > 0) {
        console.log(
          `  for comparison, ${chart.label} against bare GET: ${(chart.rps / baseline).toFixed(2)}×`,
        );
      }
    }
    if (bareDb) {
      console.log(line(bareDb, baseline));
      console.log(
        `  (reference, not a target: GET /bare-db on the bare server does one primary-key lookup in workout_logs through pg, pool ${APP_POOL_MAX ?? '10'}: the ceiling of any route that reads PostgreSQL once per request)`,
      );
    }
    console.log('');
    if (rawBefore && logged && rawAfter) {
      console.log(
        row(['', 'per s', 'p50', 'p99', 'errors', 'non-2xx', 'vs raw', 'other CPU'], WIDTHS),
      );
      console.log(line(rawBefore, null));
      console.log(line(logged, rawRate));
      console.log(line(rawAfter, null));
      console.log(`  baseline = mean of before and after: ${fmt(rawRate)} transactions/s`);
      console.log('');
    }

    console.log(
      `targets: ≥ ${TARGET_RATIO} × baseline; reads also p99 ≤ ${TARGET_P99_MS} ms; no failed requests`,
    );
    reads.forEach((m, i) => {
      const base = readBaselines[i]!;
      console.log(
        `  ${m.label.padEnd(32)} ${(m.rps / base).toFixed(2)}×, p99 ${ms(m.p99)}: ${verdict(m, base, TARGET_P99_MS)}`,
      );
    });
    if (logged) {
      console.log(
        `  ${logged.label.padEnd(32)} ${(logged.rps / rawRate).toFixed(2)}×, p99 ${ms(logged.p99)}: ${verdict(logged, rawRate, null)}`,
      );
    }
    const [allReads, mixed] = mixes;
    if (allReads && mixed) {
      const ratio = (m: { run: MixMeasured; baseline: number }) =>
        (m.run.reads.rps / m.baseline).toFixed(2);
      console.log(
        `  reads, all-reads mix: ${ratio(allReads)}× bare GET (p99 ${ms(allReads.run.reads.p99)}); with 10 % writes that make them stale: ${ratio(mixed)}× (p99 ${ms(mixed.run.reads.p99)}), writes ${fmt(mixed.run.writes?.rps ?? 0)}/s (p99 ${ms(mixed.run.writes?.p99 ?? 0)})`,
      );
    }

    const measured = [
      ...bares,
      ...reads,
      ...mixes.flatMap((m) => [m.run.reads, m.run.writes]),
      bareDb,
      rawBefore,
      logged,
      rawAfter,
    ].filter((m): m is Measured => m !== null);
    const busiest = Math.max(...measured.map((m) => m.other ?? 0));
    console.log(
      `  other CPU = share of the machine's CPU used by processes other than this one, the two servers and PostgreSQL during the run; highest ${(busiest * 100).toFixed(0)} %${busiest > OTHER_CPU_WARNING ? ': OTHER LOAD DISTURBED THIS RUN, figures are not reliable — rerun on a quiet machine' : ''}`,
    );
    console.log(
      `  load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')} on ${os.cpus().length} cores`,
    );
    await reportServerOutput();
  } finally {
    await stopChildren();
    onInterrupt = null;
    try {
      console.log(`after: ${await cleanUp(db)}`);
    } finally {
      await rawPool.end();
      await db.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

/** Set while the database is open: what an interrupted run still does before exiting. */
let onInterrupt: (() => Promise<void>) | null = null;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopChildren()
      .then(() => onInterrupt?.())
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(130));
  });
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stopChildren();
}
