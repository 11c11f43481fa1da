// `npm run check`: the type check, the lint and the format check run side by side. The first
// two are single-threaded processes that each build their own TypeScript program, so on a
// two-core machine running them together takes about as long as the slower one (ESLint) instead
// of both in turn; Prettier's check, once run after ESLint, fits in beside the type check.
// Output is printed per task, whole, once it ends, so they never interleave.
import { spawn } from 'node:child_process';

const tasks = ['typecheck', 'lint:code', 'lint:format'];

function run(task) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', task], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(
        `\n=== npm run ${task}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s ===\n`,
      );
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(tasks.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
