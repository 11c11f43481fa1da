// `npm run bench`: every benchmark, one after another, printing its figures and baseline.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const benches = [
  'startup.ts',
  'bundle-size.ts',
  'workouts-api.ts',
  'embedded-default.ts',
  'cable-fanout.ts',
  'upload-memory.ts',
  'sign-in-flood.ts',
  'chat-latency.ts',
  'member-search.ts',
  'feed.ts',
  'trainer-stream.ts',
  'trainer-local.ts',
  'program-challenge.ts',
  'video-analysis.ts',
].filter((b) => !only || b.startsWith(only));
for (const bench of benches) {
  execFileSync('npx', ['tsx', path.join(here, bench)], { stdio: 'inherit', cwd: here });
  console.log('');
}
