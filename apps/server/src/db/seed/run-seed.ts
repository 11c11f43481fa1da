// `npm run db:seed`: applies migrations (opening the database does) and loads reference and demo data into the configured
// database, even when the data looks current.
import { loadConfig } from '../../config/env';
import { openConfiguredDatabase } from '../open-configured';
import { seedDatabase } from './seed';

const config = loadConfig();
const handle = await openConfiguredDatabase(config);
try {
  await seedDatabase(handle.db, { demo: config.SEED_DEMO, force: true });
  console.log(`Seeded the ${handle.kind === 'embedded' ? 'embedded' : 'PostgreSQL'} database.`);
} finally {
  await handle.close();
}
