import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../plugins/errors';
import { localePlugin } from '../plugins/locale';
import { requestedRange, sendStoredFile, storedFileEtag } from './send-stored-file';

const bytes = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');
const blob = {
  key: 'k3y0fth3bl0b',
  checksum: 'Zm9vYmFyYmF6cXV4cXV1eA==',
  byteSize: bytes.length,
  contentType: 'video/mp4',
};
/** Streams handed to sendStoredFile, to check a 304 closes the one it did not send. */
const opened: Readable[] = [];

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(localePlugin);
  await app.register(errorsPlugin);
  // As the video routes do: the range is picked from the blob, then that part is read.
  app.get('/video', async (request, reply) => {
    const range = requestedRange(request, reply, blob);
    const part = range ? bytes.subarray(range.start, range.end + 1) : bytes;
    const stream = Readable.from([part]);
    opened.push(stream);
    return sendStoredFile(
      request,
      reply,
      { blob, download: { kind: 'stream', stream, byteSize: part.length }, range },
      { cacheControl: 'private, no-cache', ranges: true },
    );
  });
  app.get('/redirect', async (request, reply) =>
    sendStoredFile(
      request,
      reply,
      { blob, download: { kind: 'redirect', url: 'https://bucket.example/x?sig=1' } },
      { cacheControl: 'private, no-cache', redirectCacheControl: 'private, max-age=60' },
    ),
  );
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('stored files: ETag', () => {
  it('is strong, the same for the same blob, and another for another blob', async () => {
    const etag = storedFileEtag(blob);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{16,}"$/);
    // The storage key never leaves the server.
    expect(etag).not.toContain(blob.key);
    expect(storedFileEtag({ ...blob })).toBe(etag);
    expect(storedFileEtag({ ...blob, key: 'another-key' })).not.toBe(etag);
    expect(storedFileEtag({ ...blob, checksum: 'b3RoZXI=' })).not.toBe(etag);
    expect(storedFileEtag({ ...blob, byteSize: blob.byteSize + 1 })).not.toBe(etag);

    const res = await get('/video');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 304 with no body when If-None-Match names it, keeping ETag and Cache-Control', async () => {
    const etag = storedFileEtag(blob);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const before = opened.length;
      const res = await get('/video', { 'if-none-match': header });
      expect(res.statusCode, header).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['content-range']).toBeUndefined();
      // The file opened for the answer is closed, not left open.
      expect(opened[before]?.destroyed).toBe(true);
    }
    // With a Range too: the copy is current, nothing is sent.
    const ranged = await get('/video', { 'if-none-match': etag, range: 'bytes=0-3' });
    expect(ranged.statusCode).toBe(304);
    const other = await get('/video', { 'if-none-match': '"other"' });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(bytes)).toBe(true);
  });

  it('leaves a redirect to the bucket as it was', async () => {
    const res = await get('/redirect', { 'if-none-match': storedFileEtag(blob) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://bucket.example/x?sig=1');
    expect(res.headers['cache-control']).toBe('private, max-age=60');
  });
});

describe('stored files: ranges', () => {
  it('answers a range, and with If-Range naming this file', async () => {
    for (const headers of [
      { range: 'bytes=2-5' } as Record<string, string>,
      { range: 'bytes=2-5', 'if-range': storedFileEtag(blob) },
    ]) {
      const res = await get('/video', headers);
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 2-5/${bytes.length}`);
      expect(res.headers.etag).toBe(storedFileEtag(blob));
      expect(res.rawPayload.toString()).toBe('2345');
    }
  });

  it('sends the whole file (200) when If-Range names another version, weakly, or by date', async () => {
    const stale = storedFileEtag({ ...blob, key: 'the-video-before' });
    for (const ifRange of [stale, `W/${storedFileEtag(blob)}`, 'Tue, 24 Nov 2026 10:00:00 GMT']) {
      const res = await get('/video', { range: 'bytes=2-5', 'if-range': ifRange });
      expect(res.statusCode, ifRange).toBe(200);
      expect(res.headers['content-range']).toBeUndefined();
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
    // A stale If-Range with a range past the end: the whole file, not a 416.
    const past = await get('/video', { range: `bytes=${bytes.length}-`, 'if-range': stale });
    expect(past.statusCode).toBe(200);
  });

  it('refuses a range past the end with 416 in the error shape and Content-Range: bytes */size', async () => {
    for (const range of [`bytes=${bytes.length}-`, 'bytes=1000-2000', 'bytes=-0']) {
      const res = await get('/video', { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${bytes.length}`);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        error: 'range_not_satisfiable',
        message: 'The part of the file asked for lies outside it.',
      });
    }
    const es = await get('/video', { range: 'bytes=1000-', 'accept-language': 'es' });
    expect(es.json()).toEqual({
      error: 'range_not_satisfiable',
      message: 'La parte del archivo pedida queda fuera de él.',
    });
  });
});
