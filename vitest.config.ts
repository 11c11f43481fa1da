import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace; the browser tests run separately (npm run test:e2e).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest's default on a 2-core machine is one worker; the server's API tests spend much of
    // their time waiting (on the database, timers, sockets), so two halve the run (11 → 6 min).
    maxWorkers: 2,
    reporters: ['default', 'json'],
    outputFile: { json: '.artifacts/unit-report.json' },
  },
});
