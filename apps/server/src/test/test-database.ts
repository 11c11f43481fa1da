import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { withDatabase } from '../db/embedded-postgres';
import { runMigrations } from '../db/migrate';
import { seedDatabase } from '../db/seed/seed';

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Builds the seeded starting point once per test run (from the vitest global setup). */
export async function prepareTestTemplate(serverUrl: string, template: string): Promise<void> {
  await adminQuery(serverUrl, `drop database if exists ${template} with (force)`);
  await adminQuery(serverUrl, `create database ${template}`);
  const handle = await openDatabase({ url: withDatabase(serverUrl, template) });
  try {
    await runMigrations(handle);
    await seedDatabase(handle.db, { demo: false });
  } finally {
    await handle.close();
  }
}

export async function dropTestTemplate(serverUrl: string, template: string): Promise<void> {
  await adminQuery(serverUrl, `drop database if exists ${template} with (force)`);
}

/** The server the run's test databases live on: DATABASE_URL's, or the run's embedded one. */
export function testServerUrl(): string {
  return inject('testServerUrl');
}

/**
 * A fresh, migrated and seeded database for one test file, cloned from the run's template and
 * dropped again on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = testServerUrl();
  const name = `fitcoach_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name} template ${inject('testTemplate')}`);
  const handle = await openDatabase({ url: withDatabase(serverUrl, name), poolMax: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
