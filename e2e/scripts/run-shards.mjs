// `npm run test -w e2e [files…]`: the browser tests in shards that run side by side, each its
// own Vitest run with its own FitCoach server, database and Chromium (global-setup), so no shard
// sees another's data. One run keeps a core waiting on the browser and the server in turn; two
// keep a two-core machine busy. E2E_SHARDS=1 runs them one after another as before.
// Files are dealt longest first to the shard with the least time so far, by the seconds each took
// in a CI run (shard-weights.json: the axe scan file alone is a third of the suite, so file size
// is a poor guide); a file not listed yet counts 1 s per 200 bytes.
// The shards' JSON reports are merged into .artifacts/e2e-report.json, which CI checks.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = path.join(root, '.artifacts');
const shardCount = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);

const args = process.argv.slice(2);
const named = args.filter((a) => a.endsWith('.e2e.ts'));
const passThrough = args.filter((a) => !a.endsWith('.e2e.ts'));
const files = named.length
  ? named
  : readdirSync(path.join(root, 'tests'))
      .filter((f) => f.endsWith('.e2e.ts'))
      .map((f) => `tests/${f}`);

const measured = JSON.parse(readFileSync(path.join(root, 'shard-weights.json'), 'utf8')).seconds;
const secondsOf = (file) =>
  measured[file] ?? Math.max(1, statSync(path.join(root, file)).size / 200);

const shards = Array.from({ length: Math.min(shardCount, files.length) }, () => ({
  files: [],
  seconds: 0,
}));
for (const file of files
  .map((f) => ({ f, seconds: secondsOf(f) }))
  .sort((a, b) => b.seconds - a.seconds || a.f.localeCompare(b.f))) {
  const lightest = shards.reduce((min, s) => (s.seconds < min.seconds ? s : min));
  lightest.files.push(file.f);
  lightest.seconds += file.seconds;
}

mkdirSync(reportDir, { recursive: true });
const reportOf = (i) => path.join(reportDir, `e2e-report-${i + 1}.json`);

function runShard(shard, i) {
  rmSync(reportOf(i), { force: true });
  const label = shards.length > 1 ? `[${i + 1}/${shards.length}] ` : '';
  console.log(`${label}${shard.files.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      [
        'vitest',
        'run',
        '--config',
        'vitest.config.ts',
        `--outputFile.json=${reportOf(i)}`,
        ...passThrough,
        ...shard.files,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env },
    );
    // Lines, not chunks, get the shard's label, so two shards' output stays readable.
    const relay = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`${label}${line}\n`);
      });
      stream.on('end', () => rest && out.write(`${label}${rest}\n`));
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const codes = await Promise.all(shards.map(runShard));

// One report, as a single run writes it, for scripts/check-test-report.mjs.
const merged = {
  numTotalTests: 0,
  numPassedTests: 0,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [],
};
for (let i = 0; i < shards.length; i++) {
  let report;
  try {
    report = JSON.parse(readFileSync(reportOf(i), 'utf8'));
  } catch {
    console.error(`shard ${i + 1} wrote no report: it did not run`);
    codes[i] = codes[i] || 1;
    continue;
  }
  for (const key of Object.keys(merged)) {
    if (key === 'testResults') merged.testResults.push(...(report.testResults ?? []));
    else merged[key] += report[key] ?? 0;
  }
}
writeFileSync(path.join(reportDir, 'e2e-report.json'), JSON.stringify(merged));
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
