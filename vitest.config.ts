import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace; the browser tests run separately (npm run test:e2e).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    reporters: ['default', 'json'],
    outputFile: { json: '.artifacts/unit-report.json' },
  },
});
