import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createTempPostgresDatabase, repoRoot, startServer, type RunningServer } from './server';

/**
 * Where a test's own server keeps its data: a temp DATA_DIR with the embedded database, or (on
 * the PostgreSQL pass, DATABASE_URL set) a fresh PostgreSQL database. It outlives server
 * restarts, and tests can reach its database directly.
 */
export interface Store {
  dataDir: string;
  databaseUrl: string | null;
  dispose(): Promise<void>;
}

export async function createStore(): Promise<Store> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fitcoach-store-'));
  const database = await createTempPostgresDatabase();
  return {
    dataDir,
    databaseUrl: database?.url ?? null,
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

function storeEnv(store: Store): Record<string, string> {
  return { DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl ?? '' };
}

/** Migrations, reference and demo data, as `npm run db:seed` loads them (no server needed). */
export function seedStore(store: Store): void {
  const result = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'apps/server/dist/run-seed.js')],
    {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', ...storeEnv(store) },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  if (result.status !== 0) throw new Error(`db:seed failed: ${result.stderr}`);
}

/**
 * Runs SQL straight on the store's database, for data no API creates yet, with `npm run db:sql`
 * (the embedded database allows one process at a time: call it while no server runs on it).
 */
export async function runSql(store: Store, sql: string): Promise<void> {
  if (store.databaseUrl) {
    const client = new pg.Client({ connectionString: store.databaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
    return;
  }
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'apps/server/dist/run-sql.js')], {
    cwd: repoRoot,
    input: sql,
    env: { ...process.env, LOG_LEVEL: 'warn', ...storeEnv(store) },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`db:sql failed: ${result.stderr}`);
}

/**
 * Makes two members (by email) friends the way the social feature records it, an accepted row
 * each way, before a server runs on the store: a test does not lean on the demo seed for it.
 */
export async function befriend(store: Store, a: string, b: string): Promise<void> {
  await runSql(
    store,
    `insert into friendships (user_id, friend_id, status)
       select x.id, y.id, 'accepted' from users x, users y
       where (x.email, y.email) in (('${a}', '${b}'), ('${b}', '${a}'))
     on conflict (user_id, friend_id) do update set status = 'accepted'`,
  );
}

/** The built server on this store (demo data on); restart() keeps the port and the data. */
export function startServerOn(
  store: Store,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  return startServer(env, {
    dataDir: store.dataDir,
    keepDataDir: true,
    ...(store.databaseUrl ? { databaseUrl: store.databaseUrl } : { embedded: true }),
  });
}
