import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
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

/** The pg-core query builder over node-postgres (the embedded server and DATABASE_URL alike). */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** What a repository function runs on: the database or a transaction it is part of. */
export type Executor = Database | Transaction;

/** `embedded`: the PostgreSQL server FitCoach runs itself in DATA_DIR; `postgres`: DATABASE_URL. */
export type DatabaseKind = 'embedded' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** The connection pool (session-level locks and migrations need one connection). */
  pool: pg.Pool;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  poolMax?: number;
  kind?: DatabaseKind;
  /** Runs after the pool has ended (the embedded server stops here). */
  afterClose?: () => Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
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
    kind: options.kind ?? 'postgres',
    pool,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pool.end();
      } finally {
        await options.afterClose?.();
      }
    },
  };
}
