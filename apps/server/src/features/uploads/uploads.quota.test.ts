import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageBlobs } from '../../db/schema/storage';
import { DIRECT_UPLOAD_TTL_MS } from '../../plugins/storage';
import { member, type TestClient } from '../../test/test-app';
import { createDiskTestApp, imageBytes, md5Base64, uploadFile } from '../../test/uploads';
import { MAX_PENDING_UPLOADS } from './uploads.service';

const MB = 1024 * 1024;

let app: Awaited<ReturnType<typeof createDiskTestApp>>;
beforeAll(async () => {
  app = await createDiskTestApp({ UPLOAD_QUOTA_MB: '12' });
});
afterAll(() => app.close());

/** A declaration of `size` bytes; the bytes themselves are never needed for these checks. */
function declare(client: TestClient, size: number) {
  return client.post('/rails/active_storage/direct_uploads?purpose=avatar', {
    blob: {
      filename: 'me.png',
      content_type: 'image/png',
      byte_size: size,
      checksum: md5Base64(Buffer.from(String(size))),
    },
  });
}

/** Moves a member's declarations back in time, past their upload url's lifetime. */
async function ageDeclarations(userId: number) {
  await app.t.database.db
    .update(storageBlobs)
    .set({ createdAt: new Date(Date.now() - DIRECT_UPLOAD_TTL_MS - 60_000) })
    .where(eq(storageBlobs.uploadedById, userId));
}

describe('per-member storage quota', () => {
  it('counts stored files and unfinished declarations, and says what to do at the limit', async () => {
    const { client, user } = await member(app.t);
    // 8 MB stored (uploaded, not attached yet: it still takes the space).
    await uploadFile(app.t, client, imageBytes(8 * MB));
    // 3 MB declared, bytes not sent yet: reserved.
    expect((await declare(client, 3 * MB)).statusCode).toBe(200);

    // 8 + 3 + 2 > 12 MB.
    const refused = await declare(client, 2 * MB);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      error: 'payload_too_large',
      message:
        'This file (2 MB) does not fit in your storage: you use 11 MB of 12 MB, 1 MB free. Remove files you no longer need, or upload a smaller file. Uploads that never finished stop counting within two hours.',
    });
    // Nothing was recorded for the refused declaration.
    const rows = await app.t.database.db
      .select()
      .from(storageBlobs)
      .where(eq(storageBlobs.uploadedById, user.id));
    expect(rows).toHaveLength(2);

    // What still fits is accepted.
    expect((await declare(client, 1 * MB)).statusCode).toBe(200);

    // A declaration whose upload url expired without bytes frees its space (disk: its bytes
    // can no longer arrive).
    await ageDeclarations(user.id);
    expect((await declare(client, 4 * MB)).statusCode).toBe(200);
  });

  it('is per member', async () => {
    const a = await member(app.t);
    const b = await member(app.t);
    expect((await declare(a.client, 10 * MB)).statusCode).toBe(200);
    expect((await declare(a.client, 3 * MB)).statusCode).toBe(413);
    expect((await declare(b.client, 10 * MB)).statusCode).toBe(200);
  });

  it('holds against declarations made at once', async () => {
    const { client, user } = await member(app.t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => declare(client, 5 * MB)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 413, 413, 413]);
    const rows = await app.t.database.db
      .select()
      .from(storageBlobs)
      .where(eq(storageBlobs.uploadedById, user.id));
    expect(rows).toHaveLength(2);
  });

  it('answers 429 with Retry-After when too many uploads are unfinished', async () => {
    const { client, user } = await member(app.t);
    for (let i = 0; i < MAX_PENDING_UPLOADS; i += 1) {
      expect((await declare(client, 1024)).statusCode).toBe(200);
    }
    const refused = await declare(client, 1024);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'rate_limited',
      message: `You have ${MAX_PENDING_UPLOADS} uploads that have not finished. Let them finish, or try again in 10 minutes.`,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(DIRECT_UPLOAD_TTL_MS / 1000);

    // Once their urls expire they no longer hold anything back.
    await ageDeclarations(user.id);
    expect((await declare(client, 1024)).statusCode).toBe(200);
  });
});
