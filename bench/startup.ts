// `npm start` from installed to GET /health OK on the embedded database with a warm data dir.
// Target: ≤ 5 s. Baseline, same run: a bare Node HTTP server's time to its first answer, which
// is the floor any Node server pays (process start, module loading).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmtMs, freePort, machine, median } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function timeToHealthy(command: string, args: string[], env: NodeJS.ProcessEnv, url: string) {
  const started = performance.now();
  // Its own process group: `npm start` runs the server as a grandchild, and the next run must
  // not begin before every process of this one has exited (they share one data dir).
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
      try {
        const res = await fetch(url);
        if (res.ok) return performance.now() - started;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    const group = -(child.pid ?? 0);
    process.kill(group, 'SIGTERM');
    for (;;) {
      try {
        process.kill(group, 0);
      } catch {
        break; // ESRCH: the whole group is gone
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

const bareServer =
  "require('http').createServer((q,s)=>s.end('{\"status\":\"ok\"}')).listen(process.env.PORT,'127.0.0.1')";

const dataDir = mkdtempSync(path.join(tmpdir(), 'fitcoach-bench-start-'));
const env = { DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '' };
try {
  // First start creates, migrates and seeds the data dir (cold); the runs below are warm.
  let port = await freePort();
  const cold = await timeToHealthy(
    'npm',
    ['start', '--silent'],
    { ...env, PORT: String(port) },
    `http://127.0.0.1:${port}/health`,
  );

  const npmStart: number[] = [];
  const nodeDirect: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    port = await freePort();
    npmStart.push(
      await timeToHealthy(
        'npm',
        ['start', '--silent'],
        { ...env, PORT: String(port) },
        `http://127.0.0.1:${port}/health`,
      ),
    );
    port = await freePort();
    nodeDirect.push(
      await timeToHealthy(
        process.execPath,
        ['apps/server/dist/server.js'],
        { ...env, PORT: String(port) },
        `http://127.0.0.1:${port}/health`,
      ),
    );
    port = await freePort();
    baseline.push(
      await timeToHealthy(
        process.execPath,
        ['-e', bareServer],
        { PORT: String(port) },
        `http://127.0.0.1:${port}/`,
      ),
    );
  }

  const m = median(npmStart);
  console.log(`startup benchmark — ${machine()}`);
  console.log(`  runs: ${RUNS} warm (median), after one cold start`);
  console.log(`  cold first start (create + migrate + seed): ${fmtMs(cold)}`);
  console.log(
    `  npm start → /health OK (warm):               ${fmtMs(m)}  (min ${fmtMs(Math.min(...npmStart))}, max ${fmtMs(Math.max(...npmStart))})`,
  );
  console.log(`  node apps/server/dist/server.js (warm):      ${fmtMs(median(nodeDirect))}`);
  console.log(`  baseline: bare Node HTTP server:             ${fmtMs(median(baseline))}`);
  console.log(
    `  ratio npm start / baseline:                  ${(m / median(baseline)).toFixed(1)}×`,
  );
  console.log(`  target ≤ 5000 ms: ${m <= 5000 ? 'met' : 'NOT met'}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
