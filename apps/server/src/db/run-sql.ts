// `npm run db:sql -- "<sql>"` (or SQL on standard input): runs SQL on the configured database,
// the embedded one included, which has no psql of its own. Stop the app first on the embedded
// database: one process at a time owns DATA_DIR. Prints the last statement's rows as JSON.
import { readFileSync } from 'node:fs';
import type { QueryResult } from 'pg';
import { loadConfig } from '../config/env';
import { openConfiguredDatabase } from './open-configured';

const text = process.argv[2] ?? readFileSync(0, 'utf8');
const handle = await openConfiguredDatabase(loadConfig());
try {
  // Several statements answer one result each (node-postgres types only the single case).
  const result = (await handle.pool.query(text)) as QueryResult | QueryResult[];
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  if (last?.rows.length) console.log(JSON.stringify(last.rows, null, 2));
} finally {
  await handle.close();
}
