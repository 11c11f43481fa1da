import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let readerId: number;

/**
 * The feed's first page stays one short index range per friend, whatever the size of the logs
 * table: the plan is checked (not a time) on 200 friends among members with many logs.
 */
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await db.execute(sql`
    insert into users (name, email, password_hash, gender, birth_date, weight_kg, height_cm,
      workout_goal, meal_preference)
    select 'Plan member ' || g, 'plan' || g || '@example.org', 'x', 'other', '1990-01-01', 70,
      170, 'hiit', 'omnivore'
    from generate_series(1, 400) g`);
  const ids = (
    (await db.execute(
      sql`select id from users where email like 'plan%@example.org' order by id`,
    )) as { rows: { id: number }[] }
  ).rows.map((r) => r.id);
  readerId = ids[0]!;
  const friends = ids.slice(1, 201);
  await db.execute(sql`
    insert into friendships (user_id, friend_id, status)
    select ${readerId}::int, f, 'accepted' from unnest(${sql.raw(`ARRAY[${friends.join(',')}]`)}::int[]) f
    union all
    select f, ${readerId}::int, 'accepted' from unnest(${sql.raw(`ARRAY[${friends.join(',')}]`)}::int[]) f`);
  // 400 members × 500 logs: 200,000 logs, most of them not the reader's friends'.
  await db.execute(sql`
    insert into workout_logs (user_id, title, source, performed_on, energy_level, sleep_quality)
    select u, 'Log', 'manual', date '2020-01-01' + (g % 1500), 3, 3
    from unnest(${sql.raw(`ARRAY[${ids.join(',')}]`)}::int[]) u, generate_series(1, 500) g`);
  await db.execute(sql`analyze`);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the feed query plan', () => {
  it('reads each friend’s newest logs from workout_logs_user_date_idx, never the whole table', async () => {
    const { feedPage } = await import('./feed.repository');
    const rows = await feedPage(t.database.db, readerId, null, 10);
    expect(rows).toHaveLength(11);
    const captured: string[] = [];
    // The same statement, explained: the repository's SQL with EXPLAIN in front.
    const explaining = new Proxy(t.database.db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
        return async (query: ReturnType<typeof sql>) => {
          const result = (await target.execute(sql`explain ${query}`)) as {
            rows: { 'QUERY PLAN': string }[];
          };
          captured.push(...result.rows.map((r) => r['QUERY PLAN']));
          return { rows: [] };
        };
      },
    });
    await feedPage(explaining, readerId, null, 10);
    const plan = captured.join('\n');
    expect(plan).toContain('workout_logs_user_date_idx');
    expect(plan).not.toMatch(/Seq Scan on workout_logs/);
  });
});
