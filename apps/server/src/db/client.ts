import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as accounts from './schema/accounts';
import * as appMeta from './schema/app-meta';
import * as reference from './schema/reference';
import * as social from './schema/social';
import * as workoutLogs from './schema/workout-logs';
import * as workouts from './schema/workouts';

export const schema = {
  ...accounts,
  ...reference,
  ...appMeta,
  ...workouts,
  ...workoutLogs,
  ...social,
};
type Schema = typeof schema;

/** Either engine: PGlite (embedded) and node-postgres share the pg-core query builder. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** What a repository function runs on: the database or a transaction it is part of. */
export type Executor = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** The raw PGlite instance (test snapshots); null on PostgreSQL. */
  pglite: PGlite | null;
  /** The connection pool (session-level locks need one connection); null on PGlite. */
  pool: pg.Pool | null;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolMax?: number }
  /** `dataDir: null` keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob | File };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres' ? openPostgres(options) : openPglite(options);
}

async function openPglite(options: {
  dataDir: string | null;
  loadDataDir?: Blob | File;
}): Promise<DatabaseHandle> {
  let dataDir: string | undefined;
  let unlock = () => {};
  if (options.dataDir) {
    mkdirSync(path.dirname(options.dataDir), { recursive: true });
    unlock = lockDataDir(path.dirname(options.dataDir));
    dataDir = options.dataDir;
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, { loadDataDir: options.loadDataDir });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    pool: null,
    async ping() {
      if (closed) throw new Error('database is closed');
      await client.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

async function openPostgres(options: { url: string; poolMax?: number }): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: 5_000,
  });
  // A client that loses its server emits 'error': on the pool while idle, on the client itself
  // while checked out (between two statements of a transaction, say). Without a listener either
  // would crash the process. The statement waiting on it fails instead, the pool drops the
  // broken client and the next query reconnects; /health reports the outage meanwhile.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    pglite: null,
    pool,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
