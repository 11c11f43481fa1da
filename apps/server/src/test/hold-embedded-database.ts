// Run by embedded-postgres.test.ts in a child process (tsx): opens the embedded database in
// DATA_DIR as the app does, writes a row, says "ready" and waits to be killed (kill -9).
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config/env';
import { openConfiguredDatabase } from '../db/open-configured';

const config = loadConfig({ DATA_DIR: process.argv[2]!, NODE_ENV: 'test' });
const handle = await openConfiguredDatabase(config);
await handle.db.execute(
  sql`insert into app_meta (key, value) values ('held', ${String(process.pid)})`,
);
process.stdout.write('ready\n');
setInterval(() => {}, 60_000);
