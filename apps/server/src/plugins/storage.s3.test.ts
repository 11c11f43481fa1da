import { HeadObjectCommand, S3ServiceException } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectUploadAnswer } from '@fitcoach/shared/uploads';
import { createTestApp, member, type TestApp } from '../test/test-app';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { declareFile, imageBytes } from '../test/uploads';
import { storageTombstones } from '../db/schema/storage';
import { purgeUnattachedBlobs } from '../features/uploads/uploads.purge';
import { REUPLOADABLE_FOR_MS } from '../features/uploads/uploads.service';
import { S3Storage } from './storage';

let s3: TestS3Server;
let t: TestApp;
let storage: S3Storage;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp(s3.env);
  if (!(t.app.storage instanceof S3Storage)) throw new Error('expected S3 storage');
  storage = t.app.storage;
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

/** The browser's PUT to the presigned url, with the headers the declaration answered. */
function putToBucket(answer: DirectUploadAnswer, body: Buffer) {
  return fetch(answer.direct_upload.url, {
    method: 'PUT',
    headers: answer.direct_upload.headers,
    body,
  });
}

async function objectExists(key: string): Promise<boolean> {
  try {
    await storage.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    return true;
  } catch (error) {
    if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
      return false;
    }
    throw error;
  }
}

describe('attaching a file uploaded to the bucket', () => {
  it('attaches the declared bytes and serves them from the bucket', async () => {
    const { client, user } = await member(t);
    const bytes = imageBytes(2048);
    const answer = await declareFile(client, bytes);
    expect((await putToBucket(answer, bytes)).status).toBe(200);

    const res = await client.put('/api/profile/avatar', { signed_id: answer.signed_id });
    expect(res.statusCode).toBe(200);
    const photo = await client.get(`/api/users/${user.id}/avatar`);
    expect(photo.statusCode).toBe(302);
    const served = await fetch(String(photo.headers.location));
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses, and deletes, other bytes of the declared length', async () => {
    const { client } = await member(t);
    const bytes = imageBytes(2048);
    const answer = await declareFile(client, bytes);
    const other = imageBytes(2048);
    // This server, like some S3-compatible ones, stores them despite the signed Content-MD5.
    expect((await putToBucket(answer, other)).status).toBe(200);
    expect(await objectExists(answer.key)).toBe(true);

    const res = await client.put('/api/profile/avatar', { signed_id: answer.signed_id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'unprocessable',
      message:
        'The uploaded file does not match the one you chose (its checksum differs), so it was deleted. Upload the file again.',
    });
    expect(await objectExists(answer.key)).toBe(false);
    const profile = await client.get('/api/profile');
    expect(profile.json()).toMatchObject({ avatar_url: null });
  });

  it('hashes the object when its ETag is not an MD5 (multipart, KMS)', async () => {
    const bytes = imageBytes(4096);
    for (const [sent, expected] of [
      [bytes, 200],
      [imageBytes(4096), 422],
    ] as const) {
      const { client } = await member(t);
      const answer = await declareFile(client, bytes);
      expect((await putToBucket(answer, sent)).status).toBe(200);
      s3.setEtag(answer.key, 'b0a3c1f6a2d54e3c9d1e2f3a4b5c6d7e-2');
      const res = await client.put('/api/profile/avatar', { signed_id: answer.signed_id });
      expect(res.statusCode).toBe(expected);
      expect(await objectExists(answer.key)).toBe(expected === 200);
    }
  });

  it('says the file has not arrived while the bucket has no object', async () => {
    const { client } = await member(t);
    const answer = await declareFile(client, imageBytes(100));
    const res = await client.put('/api/profile/avatar', { signed_id: answer.signed_id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'The file has not finished uploading. Try again.',
    });
  });
});

describe('an upload url used again after its photo is gone', () => {
  /** Uploads and attaches a photo; answers its declaration. */
  async function attachPhoto(client: Parameters<typeof declareFile>[0], bytes: Buffer) {
    const answer = await declareFile(client, bytes);
    expect((await putToBucket(answer, bytes)).status).toBe(200);
    const res = await client.put('/api/profile/avatar', { signed_id: answer.signed_id });
    expect(res.statusCode).toBe(200);
    return answer;
  }

  const afterUrlsExpire = () => new Date(Date.now() + REUPLOADABLE_FOR_MS + 60_000);

  it('recreates an object that the purge deletes once the url has expired (removed photo)', async () => {
    const { client } = await member(t);
    const bytes = imageBytes(1024);
    const answer = await attachPhoto(client, bytes);
    expect((await client.delete('/api/profile/avatar')).statusCode).toBeLessThan(300);
    expect(await objectExists(answer.key)).toBe(false);

    // The presigned url is still good: the PUT recreates an object no row points at.
    expect((await putToBucket(answer, bytes)).status).toBe(200);
    expect(await objectExists(answer.key)).toBe(true);

    // While the url can still be used, deleting would not help: the purge waits.
    await purgeUnattachedBlobs(t.database.db, storage);
    expect(await objectExists(answer.key)).toBe(true);

    const result = await purgeUnattachedBlobs(t.database.db, storage, afterUrlsExpire());
    expect(result.tombstones).toBeGreaterThanOrEqual(1);
    expect(await objectExists(answer.key)).toBe(false);
    const left = await t.database.db.select().from(storageTombstones);
    expect(left.map((row) => row.key)).not.toContain(answer.key);
  });

  it('does the same for a replaced photo, and keeps the one that replaced it', async () => {
    const { client, user } = await member(t);
    const first = imageBytes(1024);
    const old = await attachPhoto(client, first);
    const current = await attachPhoto(client, imageBytes(1024));
    expect(await objectExists(old.key)).toBe(false);
    expect((await putToBucket(old, first)).status).toBe(200);

    await purgeUnattachedBlobs(t.database.db, storage, afterUrlsExpire());
    expect(await objectExists(old.key)).toBe(false);
    expect(await objectExists(current.key)).toBe(true);
    expect((await client.get(`/api/users/${user.id}/avatar`)).statusCode).toBe(302);
  });
});

describe('declarations on a bucket whose upload url expired', () => {
  it('count against the quota until the purge settles them: kept if their bytes arrived', async () => {
    const { client, user } = await member(t);
    const declareVideo = (size: number) =>
      client.post('/rails/active_storage/direct_uploads?purpose=challenge_proof', {
        blob: {
          filename: 'lift.mp4',
          content_type: 'video/mp4',
          byte_size: size,
          checksum: 'AAAAAAAAAAAAAAAAAAAAAA==',
        },
      });
    const MB = 1024 * 1024;
    // Two 200 MB declarations whose bytes never come, and a small photo that did arrive.
    expect((await declareVideo(200 * MB)).statusCode).toBe(200);
    expect((await declareVideo(200 * MB)).statusCode).toBe(200);
    const bytes = imageBytes(1024);
    const photo = await declareFile(client, bytes);
    expect((await putToBucket(photo, bytes)).status).toBe(200);

    // Their urls expire; only the bucket knows which got bytes, so all still count.
    const { storageBlobs } = await import('../db/schema/storage');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(storageBlobs)
      .set({ createdAt: new Date(Date.now() - REUPLOADABLE_FOR_MS - 60_000) })
      .where(eq(storageBlobs.uploadedById, user.id));
    expect((await declareVideo(200 * MB)).statusCode).toBe(413);

    await purgeUnattachedBlobs(t.database.db, storage);
    const rows = await t.database.db
      .select()
      .from(storageBlobs)
      .where(eq(storageBlobs.uploadedById, user.id));
    expect(rows.map((row) => row.key)).toEqual([photo.key]);
    expect(rows[0]?.uploadedAt).not.toBeNull();
    expect(await objectExists(photo.key)).toBe(true);
    expect((await declareVideo(200 * MB)).statusCode).toBe(200);
    // The photo can still be attached.
    const res = await client.put('/api/profile/avatar', { signed_id: photo.signed_id });
    expect(res.statusCode).toBe(200);
  });
});

describe('a demo video in the bucket', () => {
  it('is read by its first bytes (a ranged GET): a video is kept, anything else deleted', async () => {
    const coach = await member(t);
    const { sql } = await import('drizzle-orm');
    await t.database.db.execute(sql`update users set role = 'coach' where id = ${coach.user.id}`);
    t.app.ctx.changes.emit({ kind: 'member', id: coach.user.id });
    const exerciseId = (await coach.client.get('/api/exercise?limit=1')).json<{
      items: { id: number }[];
    }>().items[0]!.id;
    const webmHead = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d', 'hex');

    // A PNG declared as a video: the bucket holds it, the attach reads it and deletes it.
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), imageBytes(4096)]);
    const fake = await declareFile(coach.client, png, {
      purpose: 'exercise_demo',
      contentType: 'video/webm',
      filename: 'fake.webm',
    });
    expect((await putToBucket(fake, png)).status).toBe(200);
    const refused = await coach.client.put(`/api/exercise/${exerciseId}/video`, {
      signed_id: fake.signed_id,
    });
    expect(refused.statusCode).toBe(422);
    expect(await objectExists(fake.key)).toBe(false);

    const bytes = Buffer.concat([webmHead, imageBytes(64 * 1024)]);
    const real = await declareFile(coach.client, bytes, {
      purpose: 'exercise_demo',
      contentType: 'video/webm',
      filename: 'demo.webm',
    });
    expect((await putToBucket(real, bytes)).status).toBe(200);
    expect((await storage.head(real.key, 64))?.equals(bytes.subarray(0, 64))).toBe(true);
    const attached = await coach.client.put(`/api/exercise/${exerciseId}/video`, {
      signed_id: real.signed_id,
    });
    expect(attached.statusCode).toBe(200);
    const video = await coach.client.get(attached.json<{ video_url: string }>().video_url);
    expect(video.statusCode).toBe(302);
    const served = await fetch(String(video.headers.location));
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
