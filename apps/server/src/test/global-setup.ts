import { prepareTestDatabaseTemplate } from './test-database';

/** Vitest global setup: migrate and seed once; each test file then starts from a copy. */
export async function setup(): Promise<void> {
  await prepareTestDatabaseTemplate();
}
