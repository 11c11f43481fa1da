import path from 'node:path';
import type { Config } from '../config/env';
import { openDatabase, type DatabaseHandle } from './client';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR/pglite. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.DATABASE_URL
    ? openDatabase({
        kind: 'postgres',
        url: config.DATABASE_URL,
        poolMax: config.DATABASE_POOL_MAX,
      })
    : openDatabase({ kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pglite') });
}
