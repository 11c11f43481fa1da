// `npm run db:seed`: applies migrations and loads reference and demo data into the configured
// database, even when the data looks current.
import { loadConfig } from '../../config/env';
import { openConfiguredDatabase } from '../open-configured';
import { runMigrations } from '../migrate';
import { seedDatabase } from './seed';

const config = loadConfig();
const handle = await openConfiguredDatabase(config);
try {
  await runMigrations(handle);
  await seedDatabase(handle.db, { demo: config.SEED_DEMO, force: true });
  console.log(`Seeded the ${handle.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database.`);
} finally {
  await handle.close();
}
