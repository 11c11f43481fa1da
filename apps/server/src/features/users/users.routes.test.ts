import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, member, TestClient, type TestApp } from '../../test/test-app';
import { createDiskTestApp, imageBytes, uploadFile } from '../../test/uploads';

let t: TestApp;
let closeApp: () => Promise<void>;

beforeAll(async () => {
  ({ t, close: closeApp } = await createDiskTestApp());
});
afterAll(() => closeApp());

/** A member with a photo: their client, id, photo bytes and url. */
async function withAvatar(name = 'Pictured Member') {
  const m = await member(t, { name });
  const bytes = imageBytes(2048);
  const upload = await uploadFile(t, m.client, bytes, { contentType: 'image/webp' });
  const res = await m.client.put('/api/profile/avatar', { signed_id: upload.signed_id });
  return { ...m, bytes, url: res.json<{ avatar_url: string }>().avatar_url };
}

async function withRole(role: 'coach' | 'admin') {
  const m = await member(t);
  await t.database.db.execute(sql`update users set role = ${role} where id = ${m.user.id}`);
  // Roles are read from the cached session.
  t.app.ctx.changes.emit({ kind: 'member', id: m.user.id });
  return m;
}

describe('GET /api/users/:id/avatar', () => {
  it('serves the image to the member, their friends, coaches and admins', async () => {
    const owner = await withAvatar();
    const friend = await member(t);
    await befriend(t, owner.user.id, friend.user.id);
    const coach = await withRole('coach');
    const admin = await withRole('admin');
    for (const viewer of [owner, friend, coach, admin]) {
      const res = await viewer.client.get(owner.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(owner.bytes)).toBe(true);
    }
  });

  it('answers 403 to members who are not accepted friends, and 401 signed out', async () => {
    const owner = await withAvatar();
    const stranger = await member(t);
    const res = await stranger.client.get(owner.url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden', message: expect.any(String) });

    // A request one way only is no friendship.
    const { friendships } = await import('../../db/schema/social');
    const asker = await member(t);
    await t.database.db
      .insert(friendships)
      .values({ userId: asker.user.id, friendId: owner.user.id, status: 'accepted' });
    expect((await asker.client.get(owner.url)).statusCode).toBe(403);

    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(owner.url)).statusCode).toBe(401);
  });

  it('shows a member who asked you to be friends their photo; not the other way round', async () => {
    const asker = await withAvatar('Asking Member');
    const asked = await withAvatar('Asked Member');
    const ask = await asker.client.post('/api/profile/add_friend', { friend_id: asked.user.id });
    expect(ask.json()).toMatchObject({ member: { avatar_url: null } });
    const incoming = (await asked.client.get('/api/friends')).json<{
      incoming: { id: number; avatar_url: string | null }[];
    }>().incoming;
    expect(incoming).toEqual([
      expect.objectContaining({ id: asker.user.id, avatar_url: asker.url }),
    ]);
    expect((await asked.client.get(asker.url)).statusCode).toBe(200);
    expect((await asker.client.get(asked.url)).statusCode).toBe(403);
    // Declined: the photo is theirs again.
    await asked.client.post(`/api/friends/${asker.user.id}/decline`);
    expect((await asked.client.get(asker.url)).statusCode).toBe(403);
  });

  it('answers 404 when the member has no photo, or does not exist', async () => {
    const { client, user } = await member(t);
    const none = await client.get(`/api/users/${user.id}/avatar`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ error: 'not_found' });
    const admin = await withRole('admin');
    expect((await admin.client.get('/api/users/999999/avatar')).statusCode).toBe(404);
  });

  it('validates the id', async () => {
    const { client } = await member(t);
    const res = await client.get('/api/users/abc/avatar');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed' });
  });

  it('answers 304 to a browser that has this version', async () => {
    const owner = await withAvatar();
    const first = await owner.client.get(owner.url);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await owner.client.request('GET', owner.url, undefined, {
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A list, a weak tag: still this version. Another tag: the image again.
    const listed = await owner.client.request('GET', owner.url, undefined, {
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(listed.statusCode).toBe(304);
    const other = await owner.client.request('GET', owner.url, undefined, {
      headers: { 'if-none-match': '"other"' },
    });
    expect(other.statusCode).toBe(200);
  });
});
