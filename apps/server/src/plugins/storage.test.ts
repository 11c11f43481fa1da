import { createHash, createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directUploadAnswerSchema } from '@fitcoach/shared/uploads';
import { ConfigError, loadConfig } from '../config/env';
import { storageAttachments, storageBlobs } from '../db/schema/storage';
import { createTestApp, member, type TestApp } from '../test/test-app';
import { md5Base64 } from '../test/uploads';
import { S3Storage } from './storage';

const credentials = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};

const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();

/**
 * The signature S3 computes for a presigned request (AWS Signature Version 4, query-string
 * auth), worked out here independently of the SDK from the url and the headers a browser sends.
 */
function signatureFor(url: URL, method: string, headers: Record<string, string>): string {
  const query = [...url.searchParams]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
    .sort()
    .join('&');
  const signed = url.searchParams.get('X-Amz-SignedHeaders')!.split(';');
  const all: Record<string, string> = { host: url.host };
  for (const [k, v] of Object.entries(headers)) all[k.toLowerCase()] = v;
  const canonicalHeaders = signed.map((h) => `${h}:${(all[h] ?? '').trim()}\n`).join('');
  const canonical = [
    method,
    url.pathname,
    query,
    canonicalHeaders,
    signed.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const amzDate = url.searchParams.get('X-Amz-Date')!;
  const [, date, region, service] = url.searchParams.get('X-Amz-Credential')!.split('/') as [
    string,
    string,
    string,
    string,
  ];
  const toSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    `${date}/${region}/${service}/aws4_request`,
    sha256(canonical),
  ].join('\n');
  let key = hmac(`AWS4${credentials.secretAccessKey}`, date);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part);
  return createHmac('sha256', key).update(toSign).digest('hex');
}

describe('S3Storage presigned upload url', () => {
  const bytes = Buffer.from('a small photo');
  const declaration = {
    key: 'abcdef0123456789abcdef0123456789',
    contentType: 'image/png',
    byteSize: bytes.length,
    checksum: md5Base64(bytes),
  };

  for (const settings of [
    { name: 'AWS', bucket: 'fitcoach-uploads', region: 'eu-west-1', forcePathStyle: false },
    {
      name: 'a path-style service',
      bucket: 'uploads',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
    },
  ]) {
    it(`signs Content-MD5, Content-Type and Content-Length (${settings.name})`, async () => {
      const s3 = new S3Storage({ ...settings, ...credentials });
      await s3.init();
      const target = await s3.directUpload(declaration);
      await s3.close();
      expect(target.headers).toEqual({
        'Content-Type': 'image/png',
        'Content-MD5': declaration.checksum,
      });
      const url = new URL(target.url);
      expect(url.origin).toBe(s3.browserOrigins[0]);
      expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
        expect.arrayContaining(['content-md5', 'content-type', 'content-length', 'host']),
      );
      expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
      // No checksum of an empty body rides along (the SDK's default would break every upload).
      expect([...url.searchParams.keys()].some((k) => k.startsWith('x-amz-checksum'))).toBe(false);

      // What the browser sends verifies; other bytes (MD5), another type or length do not.
      const sent = {
        'Content-Type': 'image/png',
        'Content-MD5': declaration.checksum,
        'Content-Length': String(bytes.length),
      };
      const signature = url.searchParams.get('X-Amz-Signature');
      expect(signatureFor(url, 'PUT', sent)).toBe(signature);
      expect(
        signatureFor(url, 'PUT', { ...sent, 'Content-MD5': md5Base64(Buffer.from('other')) }),
      ).not.toBe(signature);
      expect(signatureFor(url, 'PUT', { ...sent, 'Content-Type': 'text/html' })).not.toBe(
        signature,
      );
      expect(signatureFor(url, 'PUT', { ...sent, 'Content-Length': '999' })).not.toBe(signature);
    });
  }

  it('points readers at a short-lived url that answers with the image’s type', async () => {
    const s3 = new S3Storage({
      bucket: 'b1',
      region: 'us-east-1',
      forcePathStyle: true,
      endpoint: 'http://127.0.0.1:9000',
      ...credentials,
    });
    const download = await s3.download(declaration);
    await s3.close();
    expect(download?.kind).toBe('redirect');
    const url = new URL(download?.kind === 'redirect' ? download.url : '');
    expect(url.pathname).toBe(`/b1/${declaration.key}`);
    expect(url.searchParams.get('response-content-type')).toBe('image/png');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(signatureFor(url, 'GET', {})).toBe(url.searchParams.get('X-Amz-Signature'));
  });
});

describe('storage configuration', () => {
  it('needs the bucket with the other S3 settings, and both keys or neither', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'a' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'uploads', S3_ENDPOINT: 'not a url' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ S3_BUCKET: 'uploads', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
    expect(loadConfig({ S3_BUCKET: 'uploads' })).toMatchObject({
      S3_BUCKET: 'uploads',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
  });
});

describe('the app on S3 storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      S3_BUCKET: 'fitcoach-test',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a declaration with a presigned bucket url and lets pages reach the bucket', async () => {
    const { client, user } = await member(t);
    const bytes = Buffer.from('photo bytes');
    const res = await client.post('/rails/active_storage/direct_uploads?purpose=avatar', {
      blob: {
        filename: 'me.png',
        content_type: 'image/png',
        byte_size: bytes.length,
        checksum: md5Base64(bytes),
      },
    });
    expect(res.statusCode).toBe(200);
    const answer = directUploadAnswerSchema.parse(res.json());
    const url = new URL(answer.direct_upload.url);
    expect(url.origin).toBe('http://127.0.0.1:9000');
    expect(url.pathname).toBe(`/fitcoach-test/${answer.key}`);
    const rows = await t.database.db
      .select()
      .from(storageBlobs)
      .where(eq(storageBlobs.id, answer.id));
    expect(rows[0]).toMatchObject({ service: 's3', uploadedById: user.id });

    // The disk route does not exist for a bucket.
    const disk = await t.app.inject({
      method: 'PUT',
      url: '/rails/active_storage/disk/anything',
      payload: bytes,
    });
    expect(disk.statusCode).toBe(404);

    const page = await t.app.inject({ method: 'GET', url: '/health' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:9000/);
    expect(csp).toMatch(/img-src [^;]*http:\/\/127\.0\.0\.1:9000/);
  });

  it('redirects a photo request to a presigned url of the bucket', async () => {
    const { client, user } = await member(t);
    const [blob] = await t.database.db
      .insert(storageBlobs)
      .values({
        key: 'fedcba9876543210fedcba9876543210',
        filename: 'me.png',
        contentType: 'image/png',
        byteSize: 10,
        checksum: md5Base64(Buffer.from('0123456789')),
        purpose: 'avatar',
        service: 's3',
        uploadedById: user.id,
        uploadedAt: new Date(),
      })
      .returning();
    await t.database.db
      .insert(storageAttachments)
      .values({ name: 'avatar', recordType: 'user', recordId: user.id, blobId: blob!.id });
    const res = await client.get(`/api/users/${user.id}/avatar`);
    expect(res.statusCode).toBe(302);
    // Not kept by the browser: after sign-out the next request is refused, not served from cache.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const location = new URL(String(res.headers.location));
    expect(location.origin + location.pathname).toBe(
      `http://127.0.0.1:9000/fitcoach-test/${blob!.key}`,
    );
  });
});
