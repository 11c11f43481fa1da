import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryPubSub } from '../../lib/pubsub';
import { createTestApp, member, TestClient, type TestApp } from '../../test/test-app';

// GET /api/profile is a cached answer (answerKeys.profile): every change the app makes is seen
// at once, on every node; a change made outside the app once the member's session re-reads
// their account (every 30 s).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const nameOf = async (client: TestClient) =>
  (await client.get('/api/profile')).json<{ name: string }>().name;

describe('the cached profile', () => {
  it('is answered from memory; a row changed outside the app shows once the session re-reads it', async () => {
    const { client, user } = await member(t, { name: 'Ada Before' });
    expect(await nameOf(client)).toBe('Ada Before');
    await t.database.db.execute(
      sql`update users set name = 'Ada Outside', updated_at = now() where id = ${user.id}`,
    );
    expect(await nameOf(client)).toBe('Ada Before');
    // What the sessions' 30 s in memory running out does.
    t.app.sessionCache.clear();
    expect(await nameOf(client)).toBe('Ada Outside');
  });

  it('follows the member’s own edits and an admin’s role change at once', async () => {
    const { client, user } = await member(t);
    const before = (await client.get('/api/profile')).json<Record<string, unknown>>();
    const saved = await client.put('/api/profile', {
      ...before,
      name: 'Renamed At Once',
      measurement_type: 'imperial',
      weight: 150,
      height: 66,
    });
    expect(saved.statusCode).toBe(200);
    expect((await client.get('/api/profile')).json()).toMatchObject({
      name: 'Renamed At Once',
      measurement_type: 'imperial',
      weight: 150,
    });

    const admin = await member(t);
    await t.database.db.execute(sql`update users set role = 'admin' where id = ${admin.user.id}`);
    const promoted = await admin.client.put(`/api/admin/users/${user.id}/role`, { role: 'coach' });
    expect(promoted.statusCode).toBe(200);
    expect((await client.get('/api/profile')).json()).toMatchObject({ role: 'coach' });
  });

  it('follows a change made through another node at once', async () => {
    const bus = createMemoryPubSub();
    const a = await createTestApp({}, { pubsub: bus });
    const b = await createTestApp({}, { database: a.database, pubsub: bus });
    try {
      const signedUp = await member(a, { name: 'Two Nodes' });
      const onB = new TestClient(b.app);
      for (const [k, v] of signedUp.client.cookies) onB.cookies.set(k, v);
      onB.csrfToken = signedUp.client.csrfToken;
      expect(await nameOf(signedUp.client)).toBe('Two Nodes');

      const profile = (await onB.get('/api/profile')).json<Record<string, unknown>>();
      expect((await onB.put('/api/profile', { ...profile, name: 'Renamed On B' })).statusCode).toBe(
        200,
      );
      await expect.poll(() => nameOf(signedUp.client)).toBe('Renamed On B');
    } finally {
      await b.close();
      await a.close();
      await bus.close();
    }
  });
});
