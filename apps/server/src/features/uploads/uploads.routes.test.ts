import { existsSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directUploadAnswerSchema, type DirectUploadAnswer } from '@fitcoach/shared/uploads';
import { storageBlobs } from '../../db/schema/storage';
import type { DiskStorage } from '../../plugins/storage';
import { DECLARATIONS_PER_MINUTE } from './uploads.routes';
import { member, TestClient, type TestApp } from '../../test/test-app';
import {
  imageBytes,
  md5Base64 as md5,
  storedFiles as filesIn,
  createDiskTestApp,
} from '../../test/uploads';

const MB = 1024 * 1024;

let t: TestApp;
let dataDir: string;
let disk: DiskStorage;
let closeApp: () => Promise<void>;

beforeAll(async () => {
  ({ t, dataDir, disk, close: closeApp } = await createDiskTestApp());
});
afterAll(() => closeApp());

const pngBytes = imageBytes;
const storedFiles = () => filesIn(dataDir);

function declare(
  client: TestClient,
  bytes: Buffer,
  blob: Partial<{
    filename: string;
    content_type: string;
    byte_size: number;
    checksum: string;
  }> = {},
  query = '?purpose=avatar',
) {
  return client.post(`/rails/active_storage/direct_uploads${query}`, {
    blob: {
      filename: 'me.png',
      content_type: 'image/png',
      byte_size: bytes.length,
      checksum: md5(bytes),
      ...blob,
    },
  });
}

async function declared(client: TestClient, bytes: Buffer, query?: string) {
  const res = await declare(client, bytes, {}, query);
  expect(res.statusCode).toBe(200);
  return directUploadAnswerSchema.parse(res.json());
}

/** The browser's PUT: the answered url and headers, no cookies or CSRF token. */
function put(
  answer: Pick<DirectUploadAnswer, 'direct_upload'>,
  body: Buffer | Readable,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'PUT',
    url: answer.direct_upload.url,
    headers: { ...answer.direct_upload.headers, ...headers },
    payload: body,
  });
}

async function blobRow(id: number) {
  const rows = await t.database.db.select().from(storageBlobs).where(eq(storageBlobs.id, id));
  return rows[0];
}

describe('POST /rails/active_storage/direct_uploads', () => {
  it('records the declared blob and answers where to PUT it', async () => {
    const { client, user } = await member(t);
    const bytes = pngBytes();
    const res = await declare(client, bytes, { filename: '../holiday\u0007.PNG' });
    expect(res.statusCode).toBe(200);
    const answer = directUploadAnswerSchema.parse(res.json());
    expect(answer).toMatchObject({
      filename: 'holiday.PNG',
      content_type: 'image/png',
      byte_size: bytes.length,
      checksum: md5(bytes),
      direct_upload: {
        headers: { 'Content-Type': 'image/png', 'Content-MD5': md5(bytes) },
      },
    });
    expect(answer.direct_upload.url).toMatch(/^\/rails\/active_storage\/disk\/[\w-]+\.[\w-]+$/);
    expect(answer.key).toMatch(/^[a-f0-9]{32}$/);
    const row = await blobRow(answer.id);
    expect(row).toMatchObject({
      purpose: 'avatar',
      service: 'disk',
      uploadedById: user.id,
      uploadedAt: null,
    });
  });

  it('takes the purpose from the query string or the body, with that purpose’s limits', async () => {
    const { client } = await member(t);
    const video = await client.post('/rails/active_storage/direct_uploads?purpose=exercise_video', {
      blob: {
        filename: 'squat.mp4',
        content_type: 'video/mp4',
        byte_size: 150 * MB,
        checksum: md5(Buffer.from('x')),
      },
    });
    expect(video.statusCode).toBe(200);
    expect((await blobRow(video.json<{ id: number }>().id))?.purpose).toBe('exercise_video');

    const inBody = await client.post('/rails/active_storage/direct_uploads', {
      purpose: 'challenge_proof',
      blob: {
        filename: 'proof.webm',
        content_type: 'video/webm',
        byte_size: 1000,
        checksum: md5(Buffer.from('y')),
      },
    });
    expect(inBody.statusCode).toBe(200);
    expect((await blobRow(inBody.json<{ id: number }>().id))?.purpose).toBe('challenge_proof');
  });

  it('refuses an oversized file with 413 and a wrong type with 415, storing nothing', async () => {
    const { client } = await member(t);
    const before = await t.database.db.select({ id: storageBlobs.id }).from(storageBlobs);
    const filesBefore = storedFiles();

    const big = await declare(client, pngBytes(10), { byte_size: 10 * MB + 1 });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      error: 'payload_too_large',
      message: 'The file is too large: an image may be up to 10 MB.',
    });
    const video = await declare(client, pngBytes(10), { content_type: 'video/mp4' });
    expect(video.statusCode).toBe(415);
    expect(video.json()).toEqual({
      error: 'unsupported_media_type',
      message: 'Choose an image (JPEG, PNG, WebP or GIF).',
    });
    const html = await declare(client, pngBytes(10), { content_type: 'text/html' });
    expect(html.statusCode).toBe(415);
    const hugeVideo = await declare(
      client,
      pngBytes(10),
      { content_type: 'video/mp4', byte_size: 200 * MB + 1 },
      '?purpose=exercise_video',
    );
    expect(hugeVideo.statusCode).toBe(413);

    const after = await t.database.db.select({ id: storageBlobs.id }).from(storageBlobs);
    expect(after.length).toBe(before.length);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('validates the declaration', async () => {
    const { client } = await member(t);
    const res = await client.post('/rails/active_storage/direct_uploads?purpose=avatar', {
      blob: { filename: '', content_type: 'image/png', byte_size: 0, checksum: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ issues: { path: string }[] }>().issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['blob.filename', 'blob.byte_size', 'blob.checksum']),
    );
    const purpose = await declare(client, pngBytes(10), {}, '?purpose=anything');
    expect(purpose.statusCode).toBe(400);
    expect(purpose.json()).toMatchObject({ error: 'validation_failed' });
  });

  it('lets a member declare a few files a minute, then answers 429', async () => {
    const { client } = await member(t);
    const bytes = pngBytes();
    // Each one finished, so that only the per-minute limit is in play (not the unfinished one).
    for (let i = 0; i < DECLARATIONS_PER_MINUTE; i += 1) {
      expect((await put(await declared(client, bytes), bytes)).statusCode).toBe(204);
    }
    const res = await client.post('/rails/active_storage/direct_uploads?purpose=avatar', {
      blob: {
        filename: 'one-too-many.png',
        content_type: 'image/png',
        byte_size: bytes.length,
        checksum: md5(bytes),
      },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: 'rate_limited' });
    // Another member is not held back by it.
    const other = await member(t);
    expect((await declared(other.client, bytes)).signed_id).toBeTruthy();
  });

  it('needs a session and a CSRF token', async () => {
    const anonymous = await new TestClient(t.app).begin();
    const signedOut = await declare(anonymous, pngBytes(10));
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ error: 'unauthorized' });

    const { client } = await member(t);
    const noToken = await client.post(
      '/rails/active_storage/direct_uploads?purpose=avatar',
      {
        blob: {
          filename: 'a.png',
          content_type: 'image/png',
          byte_size: 10,
          checksum: md5(Buffer.from('a')),
        },
      },
      { csrf: false },
    );
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toMatchObject({ error: 'invalid_csrf_token' });
  });
});

describe('PUT /rails/active_storage/disk/:token', () => {
  it('stores matching bytes (no session or CSRF token needed) and marks the blob uploaded', async () => {
    const { client } = await member(t);
    const bytes = pngBytes(300 * 1024);
    const answer = await declared(client, bytes);
    const res = await put(answer, bytes);
    expect(res.statusCode).toBe(204);
    expect(readFileSync(disk.pathFor(answer.key)).equals(bytes)).toBe(true);
    expect((await blobRow(answer.id))?.uploadedAt).toBeInstanceOf(Date);
    expect(storedFiles().some((f) => f.includes('tmp'))).toBe(false);
  });

  it('answers 409 to a second PUT while the first is arriving, and once the file is stored', async () => {
    const { client } = await member(t);
    const bytes = pngBytes(64 * 1024);
    const answer = await declared(client, bytes);
    // The first PUT sends half its bytes, then waits.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = Readable.from(
      (async function* () {
        yield bytes.subarray(0, 32 * 1024);
        await gate;
        yield bytes.subarray(32 * 1024);
      })(),
    );
    const first = put(answer, slow);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const meanwhile = await put(answer, bytes);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json()).toMatchObject({ error: 'conflict' });
    release();
    expect((await first).statusCode).toBe(204);

    const again = await put(answer, pngBytes(64 * 1024).fill(1));
    expect(again.statusCode).toBe(409);
    expect(readFileSync(disk.pathFor(answer.key)).equals(bytes)).toBe(true);
  });

  it('refuses bytes whose checksum does not match, keeping no file', async () => {
    const { client } = await member(t);
    const bytes = pngBytes();
    const answer = await declared(client, bytes);
    const other = Buffer.from(bytes);
    other[100] = (other[100]! + 1) & 0xff;
    const res = await put(answer, other);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'unprocessable',
      message: expect.stringContaining('checksum'),
    });
    expect(existsSync(disk.pathFor(answer.key))).toBe(false);
    expect(storedFiles().filter((f) => f.includes(answer.key))).toEqual([]);
    expect((await blobRow(answer.id))?.uploadedAt).toBeNull();
  });

  it('refuses a body of another size than declared, keeping no file', async () => {
    const { client } = await member(t);
    const bytes = pngBytes();
    const answer = await declared(client, bytes);
    const longer = await put(answer, Buffer.concat([bytes, Buffer.from('more')]));
    expect(longer.statusCode).toBe(422);
    expect(longer.json()).toMatchObject({
      error: 'unprocessable',
      message: expect.stringContaining('larger'),
    });
    const shorter = await put(answer, bytes.subarray(0, 100));
    expect(shorter.statusCode).toBe(422);
    expect(shorter.json()).toMatchObject({ message: expect.stringContaining('smaller') });
    expect(storedFiles().filter((f) => f.includes(answer.key))).toEqual([]);
  });

  it('stops reading a body without a length as soon as it runs past the declared size', async () => {
    const { client } = await member(t);
    const bytes = pngBytes(64 * 1024);
    const answer = await declared(client, bytes);
    let sent = 0;
    // An endless body, 16 KB at a time; the server must answer without reading it all.
    const endless = new Readable({
      read() {
        sent += 1;
        this.push(sent > 10_000 ? null : Buffer.alloc(16 * 1024, 7));
      },
    });
    const res = await put(answer, endless);
    expect(res.statusCode).toBe(422);
    expect(res.headers.connection).toBe('close');
    expect(sent).toBeLessThan(50);
    expect(storedFiles().filter((f) => f.includes(answer.key))).toEqual([]);

    // A body of the right size without a length (chunked) is fine.
    const chunked = await put(
      answer,
      Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
    );
    expect(chunked.statusCode).toBe(204);
    expect(readFileSync(disk.pathFor(answer.key)).equals(bytes)).toBe(true);
  });

  it('needs the declared Content-Type and Content-MD5 headers', async () => {
    const { client } = await member(t);
    const bytes = pngBytes();
    const answer = await declared(client, bytes);
    expect((await put(answer, bytes, { 'content-type': 'image/jpeg' })).statusCode).toBe(422);
    expect((await put(answer, bytes, { 'content-md5': md5(Buffer.from('x')) })).statusCode).toBe(
      422,
    );
    const { 'Content-MD5': _omitted, ...withoutMd5 } = answer.direct_upload.headers;
    const res = await t.app.inject({
      method: 'PUT',
      url: answer.direct_upload.url,
      headers: withoutMd5,
      payload: bytes,
    });
    expect(res.statusCode).toBe(422);
    expect(storedFiles().filter((f) => f.includes(answer.key))).toEqual([]);
  });

  it('answers 403 to a tampered or expired token and 404 once the blob is gone', async () => {
    const { client } = await member(t);
    const bytes = pngBytes();
    const answer = await declared(client, bytes);
    const token = answer.direct_upload.url.split('/').pop()!;
    const [body, mac] = token.split('.') as [string, string];
    const envelope = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
      data: { byte_size: number };
    };
    envelope.data.byte_size += 1;
    const forged = `${Buffer.from(JSON.stringify(envelope)).toString('base64url')}.${mac}`;
    const tampered = await put(
      { direct_upload: { ...answer.direct_upload, url: `/rails/active_storage/disk/${forged}` } },
      bytes,
    );
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json()).toMatchObject({ error: 'forbidden' });

    const expired = t.app.storageVerifier.sign(
      'blob_token',
      { key: answer.key, content_type: 'image/png', byte_size: bytes.length, checksum: md5(bytes) },
      -1,
    );
    const late = await put(
      { direct_upload: { ...answer.direct_upload, url: `/rails/active_storage/disk/${expired}` } },
      bytes,
    );
    expect(late.statusCode).toBe(403);

    // A signed id is signed for another use: it is no upload token.
    const asToken = await put(
      {
        direct_upload: {
          ...answer.direct_upload,
          url: `/rails/active_storage/disk/${answer.signed_id}`,
        },
      },
      bytes,
    );
    expect(asToken.statusCode).toBe(403);

    await t.database.db.delete(storageBlobs).where(eq(storageBlobs.id, answer.id));
    const gone = await put(answer, bytes);
    expect(gone.statusCode).toBe(404);
    expect(storedFiles().filter((f) => f.includes(answer.key))).toEqual([]);
  });

  it('answers 413 to a body longer than any purpose allows', async () => {
    const { client } = await member(t);
    const answer = await declared(client, pngBytes());
    const res = await t.app.inject({
      method: 'PUT',
      url: answer.direct_upload.url,
      headers: { ...answer.direct_upload.headers, 'content-length': String(200 * MB + 1) },
      payload: Readable.from([Buffer.alloc(10)]),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'payload_too_large' });
  });
});
