import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { migrationsDir } from '../lib/paths';

/** The app_meta key that records a finished import (its value: when, and the row counts). */
export const PGLITE_IMPORT_KEY = 'pglite_import';
const BATCH_ROWS = 2_000;

export interface PgliteImport {
  /** Rows copied per table. */
  counts: Record<string, number>;
  total: number;
}

/**
 * Installs before the embedded PostgreSQL kept their data in DATA_DIR/pglite (PGlite, in the
 * app's process). On the first start with the new engine their rows move over, in one
 * transaction, every table's count checked; the old folder is only read (from a copy) and is
 * left for its owner to delete. Nothing happens when there is no such folder or the import ran.
 *
 * `target` must be migrated and not yet seeded: the old installation's reference data and seed
 * version come with it, and the seed then upgrades them as on any start.
 */
export async function importPgliteData(
  pgliteDir: string,
  target: pg.Pool,
): Promise<PgliteImport | null> {
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) return null;
  if (await alreadyImported(target)) return null;

  // PGlite writes to the folder it opens (recovery, migrations): it opens a copy instead.
  const copy = mkdtempSync(path.join(os.tmpdir(), 'fitcoach-pglite-import-'));
  cpSync(pgliteDir, copy, { recursive: true });
  // Migrations since PGlite was the default use pg_trgm (member search): PGlite ships it.
  const source = await PGlite.create(copy, { extensions: { pg_trgm } });
  try {
    await migrate(drizzle({ client: source }), { migrationsFolder: migrationsDir });
    return await copyTables(source, target);
  } finally {
    await source.close();
    rmSync(copy, { recursive: true, force: true });
  }
}

async function alreadyImported(target: pg.Pool): Promise<boolean> {
  const marker = await target.query('select 1 from app_meta where key = $1', [PGLITE_IMPORT_KEY]);
  if (marker.rowCount) return true;
  // A database that already holds members was never PGlite's: never mix the two.
  const users = await target.query<{ found: boolean }>(
    'select exists (select 1 from users) as found',
  );
  return users.rows[0]!.found;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function copyTables(source: PGlite, target: pg.Pool): Promise<PgliteImport> {
  const client = await target.connect();
  try {
    await client.query('begin');
    // Rows arrive table by table, not in foreign-key order: checks are off for this transaction
    // only (the source satisfied them), and the counts below prove every row arrived.
    await client.query('set local session_replication_role = replica');
    const tables = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      counts[name] = await copyTable(source, client, name);
    }
    for (const [name, expected] of Object.entries(counts)) {
      const copied = await client.query<{ n: number }>(
        `select count(*)::int as n from ${quote(name)}`,
      );
      if (copied.rows[0]!.n !== expected) {
        throw new Error(`Import check failed for ${name}: ${expected} rows, ${copied.rows[0]!.n}`);
      }
    }
    await resetIdentities(client);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    await client.query(
      `insert into app_meta (key, value) values ($1, $2)
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [PGLITE_IMPORT_KEY, JSON.stringify({ at: new Date().toISOString(), total, counts })],
    );
    await client.query('commit');
    return { counts, total };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function copyTable(source: PGlite, client: pg.PoolClient, table: string): Promise<number> {
  const exists = await source.query<{ n: number }>(
    `select count(*)::int as n from information_schema.tables
      where table_schema = 'public' and table_name = $1`,
    [table],
  );
  if (exists.rows[0]!.n === 0) return 0;
  const total = (
    await source.query<{ n: number }>(`select count(*)::int as n from ${quote(table)}`)
  ).rows[0]!.n;
  // The target was migrated, never seeded, but a migration may insert rows of its own.
  await client.query(`delete from ${quote(table)}`);
  for (let offset = 0; offset < total; offset += BATCH_ROWS) {
    // ctid order is the table's physical order: stable while nothing writes to the copy.
    const batch = await source.query<{ rows: string }>(
      `select coalesce(json_agg(t), '[]')::text as rows
         from (select * from ${quote(table)} order by ctid offset $1 limit $2) t`,
      [offset, BATCH_ROWS],
    );
    await client.query(
      `insert into ${quote(table)} overriding system value
       select * from json_populate_recordset(null::${quote(table)}, $1::json)`,
      [batch.rows[0]!.rows],
    );
  }
  return total;
}

/** Identity columns continue after the highest id copied, as they did in the old database. */
async function resetIdentities(client: pg.PoolClient): Promise<void> {
  const columns = await client.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and is_identity = 'YES'`,
  );
  for (const { table_name, column_name } of columns.rows) {
    await client.query(
      `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${quote(column_name)}), 0) + 1, false)
         from ${quote(table_name)}`,
      [quote(table_name), column_name],
    );
  }
}
