// `npm start`: serves FitCoach from the built server and web app. `npm install` builds them
// (prepare); if sources changed since, they are rebuilt first so the app is never stale.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = ['apps/server/dist/server.js', 'apps/web/dist/index.html'].map((p) =>
  path.join(root, p),
);
const sources = [
  'packages/shared/src',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const builtAt = Math.min(...outputs.map((o) => (existsSync(o) ? statSync(o).mtimeMs : 0)));
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt === 0 || changedAt > builtAt) {
  console.log(
    builtAt === 0 ? 'Building FitCoach…' : 'Sources changed since the last build: rebuilding…',
  );
  execSync('npm run build --silent', { cwd: root, stdio: 'inherit' });
}

// npm runs this as npm → sh → node and does not pass a SIGTERM on: a process manager that stops
// `npm start` would leave the app (and its PostgreSQL) running, orphaned. When the shell between
// us goes away, the app stops as if it had been sent SIGTERM itself (once: a second is "now").
const parent = process.ppid;
const orphaned = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(orphaned);
  process.kill(process.pid, 'SIGTERM');
}, 500);
orphaned.unref();

// `npm start` is how FitCoach is served: in production mode unless told otherwise. Development
// (`npm run dev`) and tests also check each cached answer against its schema as it is built.
process.env.NODE_ENV ??= 'production';
await import(path.join(root, 'apps/server/dist/server.js'));
