import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** The server's version and the app database's size on disk (pg_database_size), in bytes. */
export async function databaseFacts(
  db: Executor,
): Promise<{ serverVersion: string; sizeBytes: number }> {
  const result = await db.execute(
    sql`select current_setting('server_version') as version,
               pg_database_size(current_database())::text as size`,
  );
  const row = (result as { rows: { version: string; size: string }[] }).rows[0];
  return { serverVersion: row?.version ?? '', sizeBytes: Number(row?.size ?? 0) };
}
