import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    // One browser, one server: files run one after another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits as long as Playwright's own waits (support/browser.ts): its default of
    // one second failed the sign-up page's first heading on a loaded CI machine.
    expect: { poll: { timeout: 15_000 } },
    reporters: ['default', 'json'],
    outputFile: { json: '.artifacts/e2e-report.json' },
  },
});
