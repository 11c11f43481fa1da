// `npm run db:sql -- "<sql>"` (or SQL on standard input): runs SQL on the configured database,
// the embedded one included, which has no psql of its own. Stop the app first on the embedded
// database: one process at a time owns DATA_DIR. Prints the last statement's rows as JSON.
import { readFileSync } from 'node:fs';
import type { QueryResult } from 'pg';
import { ConfigError, loadConfig } from '../config/env';
import { DataDirInUseError } from './data-dir-lock';
import { openConfiguredDatabase, type OpenedDatabase } from './open-configured';

const text = process.argv[2] ?? readFileSync(0, 'utf8');
let handle: OpenedDatabase;
try {
  handle = await openConfiguredDatabase(loadConfig());
} catch (error) {
  // The app running on the same DATA_DIR, or a bad variable: one line, as `npm start` says it.
  if (error instanceof DataDirInUseError || error instanceof ConfigError) {
    console.error(`FitCoach cannot run SQL. ${error.message}`);
    process.exit(1);
  }
  throw error;
}
try {
  // Several statements answer one result each (node-postgres types only the single case).
  const result = (await handle.pool.query(text)) as QueryResult | QueryResult[];
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  if (last?.rows.length) console.log(JSON.stringify(last.rows, null, 2));
} finally {
  await handle.close();
}
