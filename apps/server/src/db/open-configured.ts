import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config/env';
import { openDatabase, type DatabaseHandle } from './client';
import { lockDataDir } from './data-dir-lock';
import {
  startSupervisedPostgres,
  withDatabase,
  type SupervisedPostgres,
} from './embedded-postgres';
import { runMigrations } from './migrate';
import { importPgliteData, type PgliteImport } from './pglite-import';

/** The database the app's rows live in on the embedded server. */
export const EMBEDDED_DATABASE = 'fitcoach';

export interface OpenedDatabase extends DatabaseHandle {
  /** Set when this start moved an earlier install's PGlite data over. */
  imported: PgliteImport | null;
}

/**
 * PostgreSQL at DATABASE_URL when set; otherwise the embedded PostgreSQL server, started in
 * DATA_DIR/postgres and stopped when the handle closes. Either way the schema is migrated.
 */
export interface EmbeddedEvents {
  /** The embedded server's own log lines (after it started). */
  onServerLog?: (line: string) => void;
  /** The embedded server stopped while the app ran, was restarted, or could not be. */
  onEvent?: (level: 'warn' | 'info' | 'error', message: string) => void;
}

export async function openConfiguredDatabase(
  config: Config,
  events: EmbeddedEvents = {},
): Promise<OpenedDatabase> {
  if (config.DATABASE_URL) {
    const handle = await openDatabase({
      url: config.DATABASE_URL,
      poolMax: config.DATABASE_POOL_MAX,
    });
    await runMigrations(handle);
    return { ...handle, imported: null };
  }
  return openEmbedded(config.DATA_DIR, config.DATABASE_POOL_MAX, events);
}

async function openEmbedded(
  dataDir: string,
  poolMax: number,
  events: EmbeddedEvents,
): Promise<OpenedDatabase> {
  // One app per DATA_DIR: the lock is held until the server below has stopped.
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  let server: SupervisedPostgres | null = null;
  try {
    server = await startSupervisedPostgres({
      dir: path.join(dataDir, 'postgres'),
      ...(events.onServerLog ? { onLog: events.onServerLog } : {}),
      ...(events.onEvent ? { onEvent: events.onEvent } : {}),
    });
    await ensureDatabase(server.url, EMBEDDED_DATABASE);
    const running = server;
    const handle = await openDatabase({
      url: withDatabase(server.url, EMBEDDED_DATABASE),
      poolMax,
      kind: 'embedded',
      async afterClose() {
        try {
          await running.stop();
        } finally {
          unlock();
        }
      },
    });
    try {
      await runMigrations(handle);
      const imported = await importPgliteData(path.join(dataDir, 'pglite'), handle.pool);
      return { ...handle, imported };
    } catch (error) {
      await handle.close();
      throw error;
    }
  } catch (error) {
    await server?.stop();
    unlock();
    throw error;
  }
}

async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}
