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

describe('demo data', () => {
  it('makes Maya friends with Jordan and Sam, so sharing can be tried at once', async () => {
    const names = await friendNames(await signIn('maya@example.com'));
    expect(names.some((n) => n.startsWith('Jordan'))).toBe(true);
    expect(names.some((n) => n.startsWith('Sam'))).toBe(true);
    expect((await friendNames(await signIn('jordan@example.com'))).length).toBe(1);
  });

  it('can run again without doubling anything', async () => {
    await seedDatabase(t.database.db, { demo: true, force: true });
    expect((await friendNames(await signIn('maya@example.com'))).length).toBe(2);
  });
});
