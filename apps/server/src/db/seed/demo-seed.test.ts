import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD } from './demo-users';
import { seedDatabase } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.database.db, { demo: true, force: true });
});
afterAll(async () => {
  await t.close();
});

async function signIn(email: string): Promise<TestClient> {
  const client = await new TestClient(t.app).begin();
  const res = await client.post('/api/auth/sign_in', { email, password: DEMO_PASSWORD });
  expect(res.statusCode).toBe(200);
  return client;
}

const friendNames = async (client: TestClient) =>
  (await client.get('/api/friends'))
    .json<{ friends: { name: string }[] }>()
    .friends.map((f) => f.name);

interface Feed {
  items: {
    title: string;
    mine: boolean;
    member: { name: string };
    kudos_count: number;
    comments: { body: string; author: { name: string } }[];
  }[];
}
const feedOf = async (client: TestClient) => (await client.get('/api/feed')).json<Feed>();

async function chatCounts() {
  const result = await t.database.db.execute(
    sql`select count(*)::int as total, count(*) filter (where read_at is null)::int as unread
        from chat_messages`,
  );
  return (result as { rows: { total: number; unread: number }[] }).rows[0]!;
}

describe('demo data', () => {
  it('makes Maya, Jordan and Sam friends with each other', async () => {
    const names = await friendNames(await signIn('maya@example.com'));
    expect(names.some((n) => n.startsWith('Jordan'))).toBe(true);
    expect(names.some((n) => n.startsWith('Sam'))).toBe(true);
    expect((await friendNames(await signIn('jordan@example.com'))).length).toBe(2);
    expect((await friendNames(await signIn('sam@example.com'))).length).toBe(2);
  });

  it('fills the feed with friends’ workouts, kudos and a comment', async () => {
    const feed = await feedOf(await signIn('maya@example.com'));
    // Maya's other logs are the sessions of the program she follows (demo-program.ts).
    expect([...new Set(feed.items.map((e) => e.member.name))].sort()).toEqual([
      'Jordan Lee',
      'Maya Rivera',
      'Sam Okafor',
    ]);
    const mine = feed.items.find((e) => e.mine && e.comments.length > 0)!;
    expect(mine.kudos_count).toBe(2);
    expect(mine.comments).toEqual([
      expect.objectContaining({
        body: 'Strong pulls! Same time next week?',
        author: expect.objectContaining({ name: 'Jordan Lee' }),
      }),
    ]);
  });

  it('shares a workout with Maya and leaves a short chat with one unread message', async () => {
    const shared = (await (await signIn('maya@example.com')).get('/api/shared')).json<{
      items: { from: { name: string }; workout: { title: string } }[];
    }>();
    expect(shared.items).toEqual([
      expect.objectContaining({
        from: expect.objectContaining({ name: 'Jordan Lee' }),
        workout: expect.objectContaining({ title: 'Leg day: quads, hamstrings and calves' }),
      }),
    ]);
    expect(await chatCounts()).toEqual({ total: 4, unread: 1 });
  });

  it('can run again without doubling anything', async () => {
    const before = (await feedOf(await signIn('maya@example.com'))).items.length;
    await seedDatabase(t.database.db, { demo: true, force: true });
    const maya = await signIn('maya@example.com');
    expect((await friendNames(maya)).length).toBe(2);
    expect((await feedOf(maya)).items).toHaveLength(before);
    expect(await chatCounts()).toEqual({ total: 4, unread: 1 });
  });

  it('does not befriend again a member who removed a demo friend', async () => {
    await t.database.db.execute(
      sql`delete from friendships where user_id in (select id from users where email in
        ('maya@example.com', 'sam@example.com')) and friend_id in (select id from users where
        email in ('maya@example.com', 'sam@example.com'))`,
    );
    await seedDatabase(t.database.db, { demo: true, force: true });
    const names = await friendNames(await signIn('maya@example.com'));
    expect(names).toEqual(['Jordan Lee']);
  });
});
