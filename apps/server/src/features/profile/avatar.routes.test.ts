import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSchema } from '@fitcoach/shared/profile';
import { storageAttachments, storageBlobs } from '../../db/schema/storage';
import type { DiskStorage } from '../../plugins/storage';
import { member, TestClient, type TestApp } from '../../test/test-app';
import { createDiskTestApp, declareFile, imageBytes, uploadFile } from '../../test/uploads';

let t: TestApp;
let disk: DiskStorage;
let closeApp: () => Promise<void>;

beforeAll(async () => {
  ({ t, disk, close: closeApp } = await createDiskTestApp());
});
afterAll(() => closeApp());

async function blobExists(id: number): Promise<boolean> {
  const rows = await t.database.db
    .select({ id: storageBlobs.id })
    .from(storageBlobs)
    .where(eq(storageBlobs.id, id));
  return rows.length > 0;
}

describe('PUT /api/profile/avatar', () => {
  it('attaches an uploaded image and answers the profile with its url', async () => {
    const { client, user } = await member(t);
    expect((await client.get('/api/profile')).json()).toMatchObject({ avatar_url: null });
    const bytes = imageBytes();
    const upload = await uploadFile(t, client, bytes);

    const res = await client.put('/api/profile/avatar', { signed_id: upload.signed_id });
    expect(res.statusCode).toBe(200);
    const profile = profileSchema.parse(res.json());
    expect(profile.avatar_url).toBe(`/api/users/${user.id}/avatar?v=${upload.id}`);
    expect((await client.get('/api/profile')).json()).toMatchObject({
      avatar_url: profile.avatar_url,
    });
    // The header's copy of the member, from GET /api/auth/me, carries it too.
    expect((await client.get('/api/auth/me')).json()).toMatchObject({
      user: { id: user.id, avatar_url: profile.avatar_url },
    });

    const image = await client.get(profile.avatar_url!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toMatch(/^private/);
    expect(image.rawPayload.equals(bytes)).toBe(true);

    // Attaching the same upload again changes nothing.
    const again = await client.put('/api/profile/avatar', { signed_id: upload.signed_id });
    expect(again.json()).toMatchObject({ avatar_url: profile.avatar_url });
    expect(existsSync(disk.pathFor(upload.key))).toBe(true);
  });

  it('replaces the previous avatar, deleting its blob and file', async () => {
    const { client, user } = await member(t);
    const first = await uploadFile(t, client, imageBytes());
    await client.put('/api/profile/avatar', { signed_id: first.signed_id });
    const second = await uploadFile(t, client, imageBytes(), { contentType: 'image/jpeg' });
    const res = await client.put('/api/profile/avatar', { signed_id: second.signed_id });
    expect(res.json()).toMatchObject({ avatar_url: `/api/users/${user.id}/avatar?v=${second.id}` });

    expect(await blobExists(first.id)).toBe(false);
    expect(existsSync(disk.pathFor(first.key))).toBe(false);
    expect(existsSync(disk.pathFor(second.key))).toBe(true);
    const slots = await t.database.db
      .select()
      .from(storageAttachments)
      .where(eq(storageAttachments.recordId, user.id));
    expect(slots.filter((s) => s.recordType === 'user')).toMatchObject([
      { name: 'avatar', blobId: second.id },
    ]);
    const image = await client.get(`/api/users/${user.id}/avatar?v=${second.id}`);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a tampered or expired signed id with 422', async () => {
    const { client } = await member(t);
    const upload = await uploadFile(t, client, imageBytes());
    const [body, mac] = upload.signed_id.split('.') as [string, string];
    const envelope = JSON.parse(Buffer.from(body, 'base64url').toString()) as { data: number };
    envelope.data += 1;
    const forged = `${Buffer.from(JSON.stringify(envelope)).toString('base64url')}.${mac}`;
    const tampered = await client.put('/api/profile/avatar', { signed_id: forged });
    expect(tampered.statusCode).toBe(422);
    expect(tampered.json()).toMatchObject({ error: 'unprocessable', message: expect.any(String) });
    const garbage = await client.put('/api/profile/avatar', { signed_id: 'not-a-signed-id' });
    expect(garbage.statusCode).toBe(422);

    const expired = t.app.storageVerifier.sign('blob_id', upload.id, -1);
    const late = await client.put('/api/profile/avatar', { signed_id: expired });
    expect(late.statusCode).toBe(422);
    expect((await client.get('/api/profile')).json()).toMatchObject({ avatar_url: null });
  });

  it('refuses someone else’s upload, another purpose’s and one whose bytes never arrived', async () => {
    const { client } = await member(t);
    const other = await member(t);
    const theirs = await uploadFile(t, other.client, imageBytes());
    const stolen = await client.put('/api/profile/avatar', { signed_id: theirs.signed_id });
    expect(stolen.statusCode).toBe(422);

    const proof = await uploadFile(t, client, imageBytes(), { purpose: 'challenge_proof' });
    const wrongPurpose = await client.put('/api/profile/avatar', { signed_id: proof.signed_id });
    expect(wrongPurpose.statusCode).toBe(422);
    expect(wrongPurpose.json()).toMatchObject({
      message: 'This file was not uploaded as an image.',
    });

    const declaredOnly = await declareFile(client, imageBytes());
    const missing = await client.put('/api/profile/avatar', { signed_id: declaredOnly.signed_id });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      message: expect.stringContaining('finished uploading'),
    });

    expect((await client.get('/api/profile')).json()).toMatchObject({ avatar_url: null });
    expect((await other.client.get('/api/profile')).json()).toMatchObject({ avatar_url: null });
  });

  it('validates the body and needs a session and a CSRF token', async () => {
    const { client } = await member(t);
    const empty = await client.put('/api/profile/avatar', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'validation_failed' });

    const anonymous = await new TestClient(t.app).begin();
    expect((await anonymous.put('/api/profile/avatar', { signed_id: 'x' })).statusCode).toBe(401);
    const noToken = await client.put('/api/profile/avatar', { signed_id: 'x' }, { csrf: false });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toMatchObject({ error: 'invalid_csrf_token' });
  });
});

describe('GET /api/users/:id/avatar caching', () => {
  it('makes the browser revalidate every time: 304 while signed in, 401 after sign-out', async () => {
    const { client } = await member(t);
    const upload = await uploadFile(t, client, imageBytes());
    const res = await client.put('/api/profile/avatar', { signed_id: upload.signed_id });
    const url = profileSchema.parse(res.json()).avatar_url!;

    const image = await client.get(url);
    expect(image.statusCode).toBe(200);
    // Kept by the browser, but never shown from its cache without asking: a shared browser
    // must not show the photo once its member has signed out.
    expect(image.headers['cache-control']).toBe('private, no-cache');
    const etag = String(image.headers.etag);
    expect(etag).toMatch(/^".+"$/);

    const unchanged = await client.request('GET', url, undefined, {
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.headers['cache-control']).toBe('private, no-cache');
    expect(unchanged.headers.etag).toBe(etag);

    expect((await client.delete('/api/auth/sign_out')).statusCode).toBe(200);
    const after = await client.request('GET', url, undefined, {
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('DELETE /api/profile/avatar', () => {
  it('removes the avatar, its blob and its file', async () => {
    const { client, user } = await member(t);
    const upload = await uploadFile(t, client, imageBytes());
    await client.put('/api/profile/avatar', { signed_id: upload.signed_id });

    const res = await client.delete('/api/profile/avatar');
    expect(res.statusCode).toBe(200);
    expect(profileSchema.parse(res.json()).avatar_url).toBeNull();
    expect(await blobExists(upload.id)).toBe(false);
    expect(existsSync(disk.pathFor(upload.key))).toBe(false);
    expect((await client.get(`/api/users/${user.id}/avatar`)).statusCode).toBe(404);

    // Nothing to remove is fine too.
    expect((await client.delete('/api/profile/avatar')).statusCode).toBe(200);
  });

  it('needs a session and a CSRF token', async () => {
    const anonymous = await new TestClient(t.app).begin();
    expect((await anonymous.delete('/api/profile/avatar')).statusCode).toBe(401);
    const { client } = await member(t);
    expect((await client.delete('/api/profile/avatar', { csrf: false })).statusCode).toBe(403);
  });
});
