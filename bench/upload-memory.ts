// Memory of a large direct upload. Target (issue 4): a 100 MB upload streams to disk with flat
// memory — the app's peak RSS growth during the PUT ≤ 50 MB.
//
// How: the BUILT app (`node apps/server/dist/server.js`, NODE_ENV=production, embedded
// database, a throwaway DATA_DIR, disk storage) runs as a child process. A member signs up
// through the API, declares a 100 MB `exercise_video` (POST /rails/active_storage/direct_uploads
// with its MD5), then PUTs the file, streamed from disk, to the answered url with the answered
// headers. Meanwhile this process reads the app's VmRSS from /proc/<pid>/status every 20 ms;
// growth = peak during the PUT − the level just before it. Baseline, same run and same
// sampling: a minimal Node HTTP server that pipes the request body to a file, sent the same
// PUT. Each is measured BENCH_RUNS times (default 3), alternating; the worst run counts.
//
// Env: BENCH_RUNS (3), BENCH_UPLOAD_MB (100), BENCH_BUILD=1 (rebuild apps/server first;
// otherwise only when dist is missing).
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { cookieHeader, cookiesOf, freePort, machine, median } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 100);
const TARGET_MB = 50;
const SAMPLE_MS = 20;
const MB = 1024 * 1024;

interface Child {
  name: string;
  proc: ChildProcess;
  output: string[];
}

function startChild(name: string, args: string[], env: NodeJS.ProcessEnv): Child {
  // Its own process group, so stopping it stops everything it started.
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const child: Child = { name, proc, output: [] };
  const collect = (chunk: Buffer) =>
    child.output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  proc.stdout?.on('data', collect);
  proc.stderr?.on('data', collect);
  return child;
}

async function stopChild(child: Child): Promise<void> {
  const pid = child.proc.pid;
  if (pid === undefined || child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  const exited = once(child.proc, 'exit');
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone
    }
  }, 15_000);
  await exited;
  clearTimeout(timer);
}

async function waitUntilUp(child: Child, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.proc.exitCode !== null) {
      throw new Error(
        `${child.name} exited with ${child.proc.exitCode}:\n${child.output.slice(-20).join('\n')}`,
      );
    }
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${child.name} did not answer ${url} in time`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Resident set size of a process, bytes (Linux /proc). */
function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

/** Samples a process's RSS every 20 ms until stopped; answers the peak. */
function sampleRss(pid: number): { stop(): number } {
  let peak = rss(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rss(pid));
    } catch {
      // the process ended; the peak so far stands
    }
  }, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      try {
        peak = Math.max(peak, rss(pid));
      } catch {
        // ended
      }
      return peak;
    },
  };
}

/** The level a process settles at: the median of a few samples 20 ms apart. */
async function restingRss(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 15; i += 1) {
    samples.push(rss(pid));
    await new Promise((r) => setTimeout(r, SAMPLE_MS));
  }
  return median(samples);
}

/** A file of random bytes, written in 1 MB pieces; answers its base64 MD5. */
async function makeFile(file: string, bytes: number): Promise<string> {
  const hash = createHash('md5');
  const out = createWriteStream(file);
  for (let written = 0; written < bytes; written += MB) {
    const chunk = randomBytes(Math.min(MB, bytes - written));
    hash.update(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return hash.digest('base64');
}

/** PUTs the file, streamed from disk, with a Content-Length; answers status and seconds. */
function putFile(url: string, headers: Record<string, string>, file: string) {
  return new Promise<{ status: number; seconds: number; body: string }>((resolve, reject) => {
    const started = performance.now();
    const req = http.request(url, {
      method: 'PUT',
      headers: { ...headers, 'content-length': String(statSync(file).size) },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          seconds: (performance.now() - started) / 1000,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    createReadStream(file).pipe(req);
  });
}

/** Signs a new member up; answers their cookies and CSRF token. */
async function signUp(base: string): Promise<{ cookie: string; csrf: string }> {
  const jar = new Map<string, string>();
  const me = await fetch(`${base}/api/auth/me`);
  cookiesOf(me, jar);
  const { csrf_token } = (await me.json()) as { csrf_token: string };
  const res = await fetch(`${base}/api/auth/sign_up`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookieHeader(jar),
      'x-csrf-token': csrf_token,
    },
    body: JSON.stringify({
      name: 'Upload Bench',
      email: `upload-bench-${randomBytes(4).toString('hex')}@example.org`,
      password: 'upload bench password',
      gender: 'other',
      birth_date: '1990-01-01',
      measurement_type: 'metric',
      weight: 70,
      height: 175,
      workout_goal: 'cardio',
      sport_type: null,
      meal_preference: 'omnivore',
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  cookiesOf(res, jar);
  const body = (await res.json()) as { csrf_token: string };
  return { cookie: cookieHeader(jar), csrf: body.csrf_token };
}

interface Measure {
  restingMb: number;
  growthMb: number;
  seconds: number;
}

async function measure(
  pid: number,
  put: () => Promise<{ status: number; seconds: number; body: string }>,
  expect: number,
): Promise<Measure> {
  const resting = await restingRss(pid);
  const sampler = sampleRss(pid);
  const res = await put();
  // Memory freed right after the answer could still have been a peak: keep sampling a moment.
  await new Promise((r) => setTimeout(r, 200));
  const peak = sampler.stop();
  if (res.status !== expect) throw new Error(`PUT answered ${res.status}: ${res.body}`);
  return {
    restingMb: resting / MB,
    growthMb: Math.max(0, peak - resting) / MB,
    seconds: res.seconds,
  };
}

const serverJs = path.join(root, 'apps/server/dist/server.js');
if (process.env.BENCH_BUILD === '1' || !existsSync(serverJs)) {
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });
}

const work = mkdtempSync(path.join(tmpdir(), 'fitcoach-bench-upload-'));
const children: Child[] = [];
try {
  const file = path.join(work, 'upload.bin');
  const size = UPLOAD_MB * MB;
  const checksum = await makeFile(file, size);

  const appPort = await freePort();
  const dataDir = path.join(work, 'data');
  const app = startChild('app', [serverJs], {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(appPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATABASE_URL: '',
    REDIS_URL: '',
    S3_BUCKET: '',
  });
  children.push(app);
  const base = `http://127.0.0.1:${appPort}`;
  await waitUntilUp(app, `${base}/health`);

  const barePort = await freePort();
  const bareOut = path.join(work, 'bare.bin');
  const bare = startChild(
    'bare',
    [
      '-e',
      "const fs=require('fs');require('http').createServer((q,s)=>{const o=fs.createWriteStream(process.env.OUT);q.pipe(o);o.on('finish',()=>{s.statusCode=204;s.end()})}).listen(process.env.PORT,'127.0.0.1')",
    ],
    { PORT: String(barePort), OUT: bareOut },
  );
  children.push(bare);
  await waitUntilUp(bare, `http://127.0.0.1:${barePort}/`, 10_000);

  const member = await signUp(base);
  const appRuns: Measure[] = [];
  const bareRuns: Measure[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const declared = await fetch(
      `${base}/rails/active_storage/direct_uploads?purpose=exercise_video`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: member.cookie,
          'x-csrf-token': member.csrf,
        },
        body: JSON.stringify({
          blob: { filename: 'bench.mp4', content_type: 'video/mp4', byte_size: size, checksum },
        }),
      },
    );
    if (declared.status !== 200)
      throw new Error(`declare: ${declared.status} ${await declared.text()}`);
    const answer = (await declared.json()) as {
      key: string;
      direct_upload: { url: string; headers: Record<string, string> };
    };
    appRuns.push(
      await measure(
        app.proc.pid!,
        () =>
          putFile(
            new URL(answer.direct_upload.url, base).toString(),
            answer.direct_upload.headers,
            file,
          ),
        204,
      ),
    );
    const stored = path.join(
      dataDir,
      'storage',
      answer.key.slice(0, 2),
      answer.key.slice(2, 4),
      answer.key,
    );
    if (statSync(stored).size !== size) throw new Error('the stored file has the wrong size');
    rmSync(stored);

    bareRuns.push(
      await measure(
        bare.proc.pid!,
        () => putFile(`http://127.0.0.1:${barePort}/`, { 'content-type': 'video/mp4' }, file),
        204,
      ),
    );
    rmSync(bareOut, { force: true });
  }

  const worst = (runs: Measure[]) => Math.max(...runs.map((r) => r.growthMb));
  const rate = (runs: Measure[]) => UPLOAD_MB / median(runs.map((r) => r.seconds));
  const appWorst = worst(appRuns);
  console.log(`upload memory benchmark — ${machine()}`);
  console.log(
    `  ${UPLOAD_MB} MB PUT streamed from disk, ${RUNS} runs each, RSS sampled every ${SAMPLE_MS} ms`,
  );
  console.log(
    `  app (disk storage) peak RSS growth:  ${appWorst.toFixed(1)} MB worst  (runs: ${appRuns.map((r) => r.growthMb.toFixed(1)).join(', ')}; resting ${median(appRuns.map((r) => r.restingMb)).toFixed(0)} MB)  ${rate(appRuns).toFixed(0)} MB/s`,
  );
  console.log(
    `  baseline: bare Node pipe-to-file:    ${worst(bareRuns).toFixed(1)} MB worst  (runs: ${bareRuns.map((r) => r.growthMb.toFixed(1)).join(', ')}; resting ${median(bareRuns.map((r) => r.restingMb)).toFixed(0)} MB)  ${rate(bareRuns).toFixed(0)} MB/s`,
  );
  console.log(`  target ≤ ${TARGET_MB} MB: ${appWorst <= TARGET_MB ? 'met' : 'NOT met'}`);
  if (app.output.length > 0)
    console.log(`  app output:\n    ${app.output.slice(-10).join('\n    ')}`);
} finally {
  await Promise.all(children.map(stopChild));
  rmSync(work, { recursive: true, force: true });
}
