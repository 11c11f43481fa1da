import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { text } from '../i18n/i18n';
import { parseRange } from './byte-range';
import { HttpError } from './http-error';

/** What storage gives to read a file (the storage plugin's BlobDownload, by shape). */
type Download =
  { kind: 'stream'; stream: Readable; byteSize: number } | { kind: 'redirect'; url: string };

/** The blob row's fields a stored file's answer is built from. */
interface BlobFacts {
  /** The file's name in storage: one blob's, never reused (a new file is a new blob). */
  key: string;
  checksum: string;
  byteSize: number;
}

interface StoredFile {
  blob: BlobFacts & { contentType: string };
  download: Download;
  /** The part a Range request asked for (videos; see `requestedRange`), already read. */
  range?: { start: number; end: number } | null;
}

interface SendOptions {
  cacheControl: string;
  /** For the redirect to the bucket, when it differs (its url expires sooner than the file). */
  redirectCacheControl?: string;
  /** Says the file is served in parts (`accept-ranges: bytes`): videos a player seeks in. */
  ranges?: boolean;
}

/**
 * A stored file's strong ETag. A blob's bytes never change under its key, so the key (with the
 * checksum and size the upload proved) names one exact content; hashed, so the storage key never
 * leaves the server. Computed from the row alone: a 304 needs no storage call.
 */
export function storedFileEtag(blob: BlobFacts): string {
  const digest = createHash('sha256')
    .update(`${blob.key}\n${blob.checksum}\n${blob.byteSize}`)
    .digest('base64url');
  return `"${digest.slice(0, 32)}"`;
}

/** The entity tags a conditional header lists (`"a", W/"b"`), or `*`. */
function tagsOf(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return [];
  return value
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/**
 * If-None-Match names this file: the browser's copy is current (304). The weak comparison
 * (RFC 9110 §13.1.2): `W/"x"` matches `"x"`.
 */
export function isNotModified(request: FastifyRequest, etag: string): boolean {
  return tagsOf(request.headers['if-none-match']).some(
    (tag) => tag === '*' || tag.replace(/^W\//, '') === etag,
  );
}

/**
 * The byte range to read (a video element asks for them to seek), or null for the whole file:
 * none asked; not one we serve (several ranges); an `If-Range` that does not name this very file
 * (RFC 9110 §13.1.5, strong comparison; a date never matches, no Last-Modified being sent), so
 * a player holding part of an older video gets the whole new one rather than a mix; or an
 * `If-None-Match` that will answer 304 anyway. A range past the end is refused: 416 in the
 * error shape, with `Content-Range: bytes *\/size` as RFC 9110 §15.5.17 asks.
 */
export function requestedRange(
  request: FastifyRequest,
  reply: FastifyReply,
  blob: BlobFacts,
): { start: number; end: number } | null {
  const header = request.headers.range;
  if (!header) return null;
  const etag = storedFileEtag(blob);
  if (isNotModified(request, etag)) return null;
  const ifRange = request.headers['if-range'];
  if (ifRange !== undefined && String(ifRange).trim() !== etag) return null;
  const range = parseRange(header, blob.byteSize);
  if (range !== 'unsatisfiable') return range;
  reply.header('content-range', `bytes */${blob.byteSize}`);
  throw new HttpError(416, 'range_not_satisfiable', text('errors:request.rangeNotSatisfiable'));
}

/**
 * Sends a stored file the route has already checked the viewer may see: a redirect to the
 * bucket's short-lived url, or the bytes under the app's origin, where a file that is not what
 * it claims to be can never run as a page (`sandbox`). The bytes carry a strong ETag; a request
 * whose If-None-Match names it is answered 304 with no body, keeping the ETag and Cache-Control
 * a 200 would have (the browser refreshes its copy's freshness from them).
 */
export function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { blob, download, range = null }: StoredFile,
  options: SendOptions,
): FastifyReply {
  if (download.kind === 'redirect') {
    return reply
      .header('cache-control', options.redirectCacheControl ?? options.cacheControl)
      .redirect(download.url, 302);
  }
  const etag = storedFileEtag(blob);
  reply.header('cache-control', options.cacheControl).header('etag', etag);
  if (isNotModified(request, etag)) {
    // Opened for nothing: closed at once rather than left holding a file or a socket.
    download.stream.destroy();
    return reply.status(304).send();
  }
  reply
    .header('content-type', blob.contentType)
    .header('content-length', download.byteSize)
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (options.ranges) reply.header('accept-ranges', 'bytes');
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${blob.byteSize}`);
  }
  return reply.send(download.stream);
}
