import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryPubSub } from '../../lib/pubsub';
import { adminMember, createTestApp, member, TestClient, type TestApp } from '../../test/test-app';
import { createDiskTestApp, imageBytes, uploadFile } from '../../test/uploads';

// GET /api/profile is a cached answer (answerKeys.profile): every change the app makes is seen
// at once, on every node; a change made outside the app once the member's session re-reads
// their account (every 30 s). One member's cached answer is never another's.

let t: TestApp;
let closeApp: () => Promise<void>;
beforeAll(async () => {
  ({ t, close: closeApp } = await createDiskTestApp());
});
afterAll(() => closeApp());

type P = Record<string, unknown> & { id: number; name: string };
const profileOf = async (client: TestClient) => (await client.get('/api/profile')).json<P>();
const nameOf = async (client: TestClient) => (await profileOf(client)).name;

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

    const admin = await adminMember(t);
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

describe('cached profile, every writer', () => {
  it('serves each member only their own profile, before and after warm-up', async () => {
    const a = await member(t, { name: 'Alice Cache' });
    const b = await member(t, { name: 'Bob Cache' });
    const [pa, pb] = await Promise.all([profileOf(a.client), profileOf(b.client)]);
    expect(pa).toMatchObject({ id: a.user.id, name: 'Alice Cache' });
    expect(pb).toMatchObject({ id: b.user.id, name: 'Bob Cache' });
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) => profileOf(i % 2 ? a.client : b.client)),
    );
    many.forEach((p, i) => expect(p.id).toBe(i % 2 ? a.user.id : b.user.id));
    const anon = await new TestClient(t.app).get('/api/profile');
    expect(anon.statusCode).toBe(401);
  });

  it('follows visibility, equipment, units, locale and password changes at once', async () => {
    const { client } = await member(t);
    const before = await profileOf(client);
    expect(
      (await client.put('/api/profile/activity_visibility', { activity_visibility: 'only_me' }))
        .statusCode,
    ).toBe(200);
    expect(await profileOf(client)).toMatchObject({ activity_visibility: 'only_me' });

    const put = await client.put('/api/profile', {
      ...before,
      equipment: ['dumbbell'],
      measurement_type: 'imperial',
      weight: 150,
      height: 66,
    });
    expect(put.statusCode).toBe(200);
    expect(await profileOf(client)).toMatchObject({
      equipment: ['dumbbell'],
      measurement_type: 'imperial',
      weight: 150,
    });
    expect((await client.put('/api/profile/locale', { locale: 'es' })).statusCode).toBe(200);
    expect(await profileOf(client)).toMatchObject({ equipment: ['dumbbell'] });
    const pw = await client.put('/api/profile/password', {
      current_password: 'correct horse battery',
      new_password: 'another horse battery',
    });
    expect(pw.statusCode).toBe(200);
    expect(await profileOf(client)).toMatchObject({ measurement_type: 'imperial' });
  });

  it('follows avatar attach and removal at once', async () => {
    const { client, user } = await member(t);
    expect(await profileOf(client)).toMatchObject({ avatar_url: null });
    const upload = await uploadFile(t, client, imageBytes());
    await client.put('/api/profile/avatar', { signed_id: upload.signed_id });
    expect(await profileOf(client)).toMatchObject({
      avatar_url: `/api/users/${user.id}/avatar?v=${upload.id}`,
    });
    await client.delete('/api/profile/avatar');
    expect(await profileOf(client)).toMatchObject({ avatar_url: null });
  });

  it('a read racing a write never keeps the old answer', async () => {
    const { client } = await member(t, { name: 'Race Zero' });
    const before = await profileOf(client);
    for (let i = 1; i <= 5; i += 1) {
      const reads = Array.from({ length: 5 }, () => profileOf(client));
      const write = client.put('/api/profile', { ...before, name: `Race ${i}` });
      await Promise.all([...reads, write]);
      expect((await profileOf(client)).name).toBe(`Race ${i}`);
    }
  });

  it('admin role, suspension, reactivation and deletion', async () => {
    const admin = await adminMember(t);
    const target = await member(t, { name: 'Target' });
    const other = await member(t, { name: 'Bystander' });
    await profileOf(target.client);
    await profileOf(other.client);

    const role = await admin.client.put(`/api/admin/users/${target.user.id}/role`, {
      role: 'coach',
    });
    expect(role.statusCode).toBe(200);
    expect(await profileOf(target.client)).toMatchObject({ role: 'coach' });

    const s = await admin.client.post(`/api/admin/users/${target.user.id}/suspend`, {});
    expect(s.statusCode).toBe(200);
    expect((await target.client.get('/api/profile')).statusCode).toBe(401);
    const r = await admin.client.post(`/api/admin/users/${target.user.id}/reactivate`, {});
    expect(r.statusCode).toBe(200);

    const d = await admin.client.request('DELETE', `/api/admin/users/${target.user.id}`, {
      confirm_email: target.user.email,
    });
    expect(d.statusCode).toBeLessThan(300);
    expect((await target.client.get('/api/profile')).statusCode).toBe(401);
    expect(await profileOf(other.client)).toMatchObject({ id: other.user.id, name: 'Bystander' });
  });

  it('answers brotli and gzip identical to the plain JSON, with no-store', async () => {
    const { client } = await member(t);
    const plain = await client.request('GET', '/api/profile', undefined, {
      headers: { 'accept-encoding': 'identity' },
    });
    const br = await client.request('GET', '/api/profile', undefined, {
      headers: { 'accept-encoding': 'br' },
    });
    const gz = await client.request('GET', '/api/profile', undefined, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    for (const res of [plain, br, gz]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    }
  });
});
