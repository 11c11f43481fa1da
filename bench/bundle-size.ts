// JavaScript a browser downloads for the first page (sign-in), gzip-compressed. Target ≤ 250 KB.
// Baseline, same run: all the JavaScript the app ships, to show what code splitting keeps off
// the first page.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import sparticuz from '@sparticuz/chromium';
import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';
import { fmtKb, freePort, machine } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET = 250 * 1024;

const gz = (buf: Buffer) => gzipSync(buf, { level: 6 }).length;

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'fitcoach-bench-bundle-'));
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
try {
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const executablePath =
    process.env.CHROMIUM_PATH ??
    (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : await sparticuz.executablePath());
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const page = await browser.newPage();
  const scripts = new Map<string, { raw: number; gzip: number; wire: number }>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    const sizes = await response.request().sizes();
    scripts.set(new URL(response.url()).pathname, {
      raw: body.length,
      gzip: gz(body),
      wire: sizes.responseBodySize,
    });
  });
  await page.goto(`${base}/sign-in`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await browser.close();

  const firstPage = [...scripts.values()].reduce(
    (a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip, wire: a.wire + s.wire }),
    {
      raw: 0,
      gzip: 0,
      wire: 0,
    },
  );
  const assetsDir = path.join(root, 'apps/web/dist/assets');
  const all = readdirSync(assetsDir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(assetsDir, f)));
  const allGzip = all.reduce((a, b) => a + gz(b), 0);

  console.log(`first-page JavaScript benchmark — ${machine()}`);
  console.log(`  sign-in page: ${scripts.size} script files`);
  for (const [file, s] of [...scripts].sort((a, b) => b[1].gzip - a[1].gzip)) {
    console.log(`    ${file.padEnd(48)} ${fmtKb(s.gzip).padStart(9)} gzip  (${fmtKb(s.raw)} raw)`);
  }
  console.log(
    `  sign-in JavaScript, gzip:          ${fmtKb(firstPage.gzip)}  (raw ${fmtKb(firstPage.raw)}, on the wire ${fmtKb(firstPage.wire)})`,
  );
  console.log(
    `  baseline: all JavaScript shipped:  ${fmtKb(allGzip)} gzip in ${all.length} chunks`,
  );
  console.log(
    `  first page loads ${((firstPage.gzip / allGzip) * 100).toFixed(0)}% of the app's JavaScript`,
  );
  console.log(`  budget ≤ 250 KB gzip: ${firstPage.gzip <= BUDGET ? 'met' : 'NOT met'}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
