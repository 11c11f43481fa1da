import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { migrationsDir } from '../lib/paths';
import { createTestApp, TestClient } from '../test/test-app';
import type { Database } from './client';
import { openConfiguredDatabase } from './open-configured';
import { seedDatabase } from './seed/seed';

// An install from before the embedded PostgreSQL: its data in DATA_DIR/pglite, demo members,
// their workouts and logs included. Its first start on the new engine must bring all of it.
const dataDir = mkdtempSync(path.join(tmpdir(), 'fitcoach-pglite-'));
const pgliteDir = path.join(dataDir, 'pglite');
const sourceCounts: Record<string, number> = {};
let fingerprint = '';

/** Every file's path, size and content hash: proves the folder was left as it was. */
function folderFingerprint(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(`${path.relative(dir, full)}\0`).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

beforeAll(async () => {
  const old = await PGlite.create(pgliteDir, { extensions: { pg_trgm } });
  const db = drizzle({ client: old });
  await migrate(db, { migrationsFolder: migrationsDir });
  await seedDatabase(db as unknown as Database, { demo: true });
  // What members logged: the rows that must never be lost (the demo seed has none of its own).
  await old.exec(`
    insert into workout_logs (user_id, title, source, performed_on, energy_level, sleep_quality)
    select id, 'Morning run ' || g, 'manual', current_date - g, 3, 4
      from users, generate_series(1, 40) g where email = 'maya@example.com'`);
  const tables = await old.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  for (const { name } of tables.rows) {
    const n = await old.query<{ n: number }>(`select count(*)::int as n from "${name}"`);
    sourceCounts[name] = n.rows[0]!.n;
  }
  await old.close();
  fingerprint = folderFingerprint(pgliteDir);
}, 180_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('an install that kept its data in DATA_DIR/pglite', () => {
  it('moves every row on the first start, keeps the old folder untouched, and only once', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
    const first = await openConfiguredDatabase(config);
    try {
      expect(first.imported?.counts).toEqual(sourceCounts);
      expect(sourceCounts.users).toBeGreaterThan(1);
      expect(sourceCounts.workout_logs).toBeGreaterThan(0);

      // The demo member signs in with the password the old database stored.
      const t = await createTestApp({}, { database: first });
      try {
        const client = await new TestClient(t.app).begin();
        const signIn = await client.post('/api/auth/sign_in', {
          email: 'maya@example.com',
          password: 'fitcoach-demo',
        });
        expect(signIn.statusCode, signIn.body).toBe(200);
        const history = await client.get('/api/workout_log');
        expect(history.statusCode, history.body).toBe(200);
        expect(history.json<{ items: unknown[] }>().items.length).toBeGreaterThan(0);

        // New rows continue after the old ids instead of colliding with them.
        const signUp = await new TestClient(t.app).begin();
        const res = await signUp.post('/api/auth/sign_up', {
          name: 'After The Move',
          email: 'after.move@example.org',
          password: 'correct horse battery',
          gender: 'female',
          birth_date: '1990-01-01',
          measurement_type: 'metric',
          weight: 60,
          height: 165,
          workout_goal: 'hiit',
          sport_type: null,
          meal_preference: 'vegetarian',
        });
        expect(res.statusCode, res.body).toBe(201);
      } finally {
        await t.app.close();
      }
    } finally {
      await first.close();
    }
    expect(folderFingerprint(pgliteDir)).toBe(fingerprint);

    const second = await openConfiguredDatabase(config);
    try {
      expect(second.imported).toBeNull();
      const users = await second.pool.query<{ n: number }>('select count(*)::int as n from users');
      expect(users.rows[0]!.n).toBe(sourceCounts.users! + 1);
    } finally {
      await second.close();
    }
  }, 120_000);
});
