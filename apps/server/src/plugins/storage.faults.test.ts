import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, member, type TestApp } from '../test/test-app';
import { declareFile, imageBytes, tempDataDir } from '../test/uploads';
import { S3Storage, STORAGE_PROBE_TTL_MS, STORAGE_RETRY_AFTER_S } from './storage';

/** A local port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const unavailable = {
  error: 'service_unavailable',
  message:
    'File storage cannot be reached right now. Nothing was lost: please try again in a minute.',
};

describe('S3 that cannot be reached', () => {
  let t: TestApp;
  let endpoint: string;
  beforeAll(async () => {
    endpoint = `http://127.0.0.1:${await closedPort()}`;
    t = await createTestApp({
      S3_BUCKET: 'fitcoach-test',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an attach with 503 and Retry-After, and /health reports the storage down', async () => {
    const { client } = await member(t);
    // Declaring only signs a url; it needs no answer from the bucket.
    const answer = await declareFile(client, imageBytes(64));
    const res = await client.put('/api/profile/avatar', { signed_id: answer.signed_id });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(unavailable);
    expect(res.headers['retry-after']).toBe(String(STORAGE_RETRY_AFTER_S));

    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'degraded', db: 'ok', storage: 'down' });
  });

  it('probes the bucket at most once per interval, however often /health is asked', async () => {
    const s3 = new S3Storage({
      bucket: 'fitcoach-test',
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    });
    let probes = 0;
    s3.client.middlewareStack.add(
      (next, context) => (args) => {
        if (context.commandName === 'HeadBucketCommand') probes += 1;
        return next(args);
      },
      { step: 'initialize' },
    );
    const start = 1_000_000;
    // Asked at once, and again within the interval: one probe.
    const answers = await Promise.all([s3.health(start), s3.health(start), s3.health(start)]);
    expect(await s3.health(start + STORAGE_PROBE_TTL_MS - 1)).toBe('down');
    expect(answers).toEqual(['down', 'down', 'down']);
    expect(probes).toBe(1);
    // Once the interval is over, the next question probes again.
    expect(await s3.health(start + STORAGE_PROBE_TTL_MS)).toBe('down');
    expect(probes).toBe(2);
    await s3.close();
  });
});

describe('a disk that cannot take files', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempDataDir();
    // Where the storage folder should be there is a file: every write fails (ENOTDIR), as on a
    // broken mount, even for root, whom permission bits do not stop.
    writeFileSync(path.join(dataDir, 'storage'), 'not a folder');
    t = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers an upload with 503 and Retry-After, and /health reports the storage down', async () => {
    const { client } = await member(t);
    const bytes = imageBytes(64);
    const answer = await declareFile(client, bytes);
    const res = await t.app.inject({
      method: 'PUT',
      url: answer.direct_upload.url,
      headers: answer.direct_upload.headers,
      payload: bytes,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(unavailable);
    expect(res.headers['retry-after']).toBe(String(STORAGE_RETRY_AFTER_S));

    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'degraded', db: 'ok', storage: 'down' });
  });
});
