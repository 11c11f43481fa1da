import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config/env';
import type { DatabaseHandle } from './db/client';
import { logCollector } from './test/log-collector';
import { openTestDatabase } from './test/test-database';

let database: DatabaseHandle | null = null;
afterEach(async () => {
  await database?.close();
  database = null;
});

/** The app at a log level, with what it logs collected line by line. */
async function appLoggingAt(level: 'info' | 'debug') {
  const { entries: lines, logger } = logCollector(level);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: level });
  config.WEB_DIST_DIR = null;
  database = await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    sessionSecret: 'test-secret-test-secret-test-secret-00',
    logger,
  });
  return { app, lines };
}

describe('request logs', () => {
  it('are off at the default level (info) and on at debug', async () => {
    for (const [level, logged] of [
      ['info', false],
      ['debug', true],
    ] as const) {
      const { app, lines } = await appLoggingAt(level);
      expect((await app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
      await app.close();
      expect(lines.some((l) => l.msg === 'request completed')).toBe(logged);
      await database?.close();
      database = null;
    }
  });
});
