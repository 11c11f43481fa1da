import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's root, where the servers run from. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The machine line every benchmark prints beside its figures. */
export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const mem = Math.round(os.totalmem() / 1024 ** 3);
  let kernel = '';
  try {
    kernel = execSync('uname -r', { encoding: 'utf8' }).trim();
  } catch {
    kernel = os.release();
  }
  return `${os.cpus().length} × ${cpu}, ${mem} GiB RAM, Linux ${kernel}, Node ${process.version}`;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function fmtMs(ms: number): string {
  return `${ms.toFixed(0)} ms`;
}

export function fmtKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** A TCP port free on 127.0.0.1 right now, for a child server to listen on. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Keeps the cookies a response sets, as a browser would (name → value). */
export function cookiesOf(res: Response, jar: Map<string, string>): void {
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';', 1)[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

/** The Cookie header for what `cookiesOf` kept. */
export const cookieHeader = (jar: Map<string, string>) =>
  [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** A server a benchmark started: its process, its base URL, and its exit. */
export interface Running {
  child: ChildProcess;
  base: string;
  exited: Promise<void>;
}

const running: Running[] = [];

/**
 * Starts a Node server script on a free port and waits until it answers `/health` (the app) or
 * `/bare` (the baselines), in production mode as `npm start` runs the app. BENCH_APP_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof',
 * profiles the servers.
 */
export async function startServer(script: string, env: NodeJS.ProcessEnv): Promise<Running> {
  const port = await freePort();
  const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: root,
    env: { NODE_ENV: 'production', ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited: ${stderr}`);
    if (Date.now() > until) throw new Error(`${script} did not start: ${stderr}`);
    try {
      if ((await fetch(`${base}/health`)).ok || (await fetch(`${base}/bare`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const r = { child, base, exited };
  running.push(r);
  return r;
}

export async function stopServer(r: Running): Promise<void> {
  r.child.kill('SIGTERM');
  await r.exited;
}

/** Stops every server still running (a benchmark's `finally`). */
export async function stopAllServers(): Promise<void> {
  for (const r of running) if (r.child.exitCode === null) r.child.kill('SIGTERM');
  await Promise.all(running.map((r) => r.exited));
}
