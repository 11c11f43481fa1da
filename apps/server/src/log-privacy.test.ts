import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config/env';
import type { DatabaseHandle } from './db/client';
import { logCollector } from './test/log-collector';
import { openTestDatabase } from './test/test-database';

let database: DatabaseHandle | null = null;
afterAll(() => database?.close());

it('logs no query string and no bound value of a failed query', async () => {
  const { lines, logger } = logCollector('debug');
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' });
  config.WEB_DIST_DIR = null;
  database = await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    sessionSecret: 'test-secret-test-secret-test-secret-00',
    logger,
  });
  // A real failing query with a member's text bound to it, as a bug in a route would make.
  const db = database.db;
  // Hidden from the API's documents: a test's own route needs no permission entry.
  app.get('/fails', { schema: { hide: true } }, async () => {
    await db.execute(sql`select ${'private-note-text\nsecond line'}::int`);
    return {};
  });
  await app.ready();
  lines.length = 0;
  const res = await app.inject({ url: '/fails?reset_token=secret-token-123&q=my%20diary' });
  await app.close();

  expect(res.statusCode).toBe(500);
  const log = lines.join('\n');
  expect(log).toContain('unhandled error');
  expect(log).toContain('Failed query');
  expect(log).toContain('/fails');
  for (const secret of [
    'secret-token-123',
    'my diary',
    'my%20diary',
    'private-note',
    'second line',
  ]) {
    expect(log).not.toContain(secret);
  }
});
