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

/** An error that leaves the connection unusable (lost socket, the server ending the session). */
function breaksConnection(error: unknown): boolean {
  const severity = (error as { severity?: unknown }).severity;
  // Errors PostgreSQL reports in a session it keeps (a duplicate key, say) have a severity.
  return severity === undefined || severity === 'FATAL' || severity === 'PANIC';
}

/**
 * A pool whose checked-out clients go back by themselves when their connection breaks.
 * Drizzle's `transaction()` checks a client out and sends BEGIN before its try/finally: when
 * BEGIN fails (a client whose server restarted, say) the client is never released, and after
 * a database restart the pool slowly fills with such clients until every request waits and
 * shutdown hangs. Here a client whose query breaks its connection is released (and dropped)
 * at once; a later release() by its borrower is then a no-op.
 */
class SelfReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    // The callback form is the pool's own (pool.query), which releases on errors itself.
    if (callback) return super.connect(callback);
    return super.connect().then(guardRelease);
  }
}

/** Clients whose promise queries already release them on a broken connection. */
const guarded = new WeakSet<pg.PoolClient>();

function guardRelease(client: pg.PoolClient): pg.PoolClient {
  // The pool gives each checkout a release function of its own: made idempotent here.
  const release = client.release.bind(client);
  let released = false;
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    release(error);
  };
  if (!guarded.has(client)) {
    guarded.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      const result = query(...args);
      // Only the promise form: the pool's own queries use callbacks and release themselves.
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        if (breaksConnection(error)) client.release(error as Error);
        throw error;
      });
    };
  }
  return client;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const pool = new SelfReleasingPool({
    connectionString: options.url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: 5_000,
    // No JIT: its compile time (tens of ms) is paid on every execution of a query whose cost
    // estimate crosses jit_above_cost, and a misestimated short read (the feed's page, at 1M
    // logs: estimated 100,000s, ran in 10 ms) then takes 40 ms more. bench/feed.ts measured it.
    options: '-c jit=off',
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
