import { defineProject } from 'vitest/config';

/*
 * Unit tests run in Node. Component tests (*.test.tsx) start with `// @vitest-environment
 * jsdom`; src/test/setup.ts refuses one without it.
 */
export default defineProject({
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A component test types and clicks through a whole form; a busy machine needs the time.
    testTimeout: 20_000,
  },
});
