import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDatabase } from '../db/seed/seed';
import { repoRoot } from '../lib/paths';

/** Where the global setup leaves a migrated, seeded PGlite image for test files to load. */
export const pgliteSnapshotPath = path.join(repoRoot, '.tmp', 'pglite-test-snapshot.tar.gz');
/** The PostgreSQL database each test file clones (CREATE DATABASE … TEMPLATE). */
export const postgresTemplateName = 'fitcoach_test_template';

export function testDatabaseUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Builds the seeded starting point once per test run (vitest global setup). */
export async function prepareTestDatabaseTemplate(): Promise<void> {
  const url = testDatabaseUrl();
  if (url) {
    await adminQuery(url, `drop database if exists ${postgresTemplateName} with (force)`);
    await adminQuery(url, `create database ${postgresTemplateName}`);
    const handle = await openDatabase({
      kind: 'postgres',
      url: withDatabase(url, postgresTemplateName),
    });
    try {
      await runMigrations(handle);
      await seedDatabase(handle.db, { demo: false });
    } finally {
      await handle.close();
    }
    return;
  }
  const { mkdir, writeFile } = await import('node:fs/promises');
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await runMigrations(handle);
    await seedDatabase(handle.db, { demo: false });
    const image = await handle.pglite!.dumpDataDir('gzip');
    await mkdir(path.dirname(pgliteSnapshotPath), { recursive: true });
    await writeFile(pgliteSnapshotPath, Buffer.from(await image.arrayBuffer()));
  } finally {
    await handle.close();
  }
}

/**
 * A fresh, migrated and seeded database for one test file: an in-memory PGlite loaded from the
 * snapshot, or, with DATABASE_URL set, a new PostgreSQL database cloned from the template and
 * dropped again on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = testDatabaseUrl();
  if (url) {
    const name = `fitcoach_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `create database ${name} template ${postgresTemplateName}`);
    const handle = await openDatabase({
      kind: 'postgres',
      url: withDatabase(url, name),
      poolMax: 5,
    });
    return {
      ...handle,
      async close() {
        await handle.close();
        await adminQuery(url, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const image = await readFile(pgliteSnapshotPath);
  return openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: new Blob([image]) });
}
