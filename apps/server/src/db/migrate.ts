import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrationsDir } from '../lib/paths';
import type { DatabaseHandle } from './client';

/** An arbitrary constant: the advisory lock that serialises migrations across app nodes. */
const MIGRATION_LOCK_ID = 727_001;

/** Applies the committed drizzle-kit migrations that have not run yet. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: migrationsDir };
  // Several nodes may start at once on one PostgreSQL: one migrates, the others wait for it.
  // The lock is per connection, so everything runs on one checked-out client.
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrateNodePg(drizzle({ client }), config);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}
