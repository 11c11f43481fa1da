import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/** What storage gives to read a file (the storage plugin's BlobDownload, by shape). */
type Download =
  { kind: 'stream'; stream: Readable; byteSize: number } | { kind: 'redirect'; url: string };

interface StoredFile {
  blob: { contentType: string; checksum: string; byteSize: number };
  download: Download;
  /** The part a Range request asked for (videos), already read from `download`. */
  range?: { start: number; end: number } | null;
}

interface SendOptions {
  cacheControl: string;
  /** For the redirect to the bucket, when it differs (its url expires sooner than the file). */
  redirectCacheControl?: string;
  /** Sends the blob's checksum as the ETag (a browser may then ask If-None-Match). */
  etag?: boolean;
  /** Says the file is served in parts (`accept-ranges: bytes`): videos a player seeks in. */
  ranges?: boolean;
}

/**
 * Sends a stored file the route has already checked the viewer may see: a redirect to the
 * bucket's short-lived url, or the bytes under the app's origin, where a file that is not what
 * it claims to be can never run as a page (`sandbox`).
 */
export function sendStoredFile(
  reply: FastifyReply,
  { blob, download, range = null }: StoredFile,
  options: SendOptions,
): FastifyReply {
  if (download.kind === 'redirect') {
    return reply
      .header('cache-control', options.redirectCacheControl ?? options.cacheControl)
      .redirect(download.url, 302);
  }
  reply
    .header('cache-control', options.cacheControl)
    .header('content-type', blob.contentType)
    .header('content-length', download.byteSize)
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (options.etag) reply.header('etag', `"${blob.checksum}"`);
  if (options.ranges) reply.header('accept-ranges', 'bytes');
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${blob.byteSize}`);
  }
  return reply.send(download.stream);
}
