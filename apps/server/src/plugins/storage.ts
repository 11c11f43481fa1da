import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, finished } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Config } from '../config/env';
import { text } from '../i18n/i18n';
import { HttpError } from '../lib/http-error';
import { MessageVerifier } from '../lib/signed-messages';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live: DATA_DIR on disk, or an S3-compatible bucket. */
    storage: StorageService;
    /** Signs blob ids and disk upload urls (key derived from the session secret). */
    storageVerifier: MessageVerifier;
  }
}

/** What the browser declared and the stored bytes must match. */
export interface BlobDeclaration {
  key: string;
  contentType: string;
  byteSize: number;
  /** Base64 MD5. */
  checksum: string;
}

export interface DirectUploadTarget {
  url: string;
  headers: Record<string, string>;
}

/** How a reader gets the bytes: streamed by the app, or straight from the bucket. */
export type BlobDownload =
  { kind: 'stream'; stream: Readable; byteSize: number } | { kind: 'redirect'; url: string };

/** An upload url is good for this long after the declaration (the PUT must start by then). */
export const DIRECT_UPLOAD_TTL_MS = 10 * 60 * 1000;
/** A redirect to the bucket is good for this long; browsers cache the redirect for less. */
export const DOWNLOAD_URL_TTL_S = 5 * 60;

/** Keys are ours (random hex); checking the shape keeps a path from ever leaving the root. */
const KEY_PATTERN = /^[a-z0-9]{16,64}$/;

export function newBlobKey(): string {
  return randomBytes(16).toString('hex');
}

/** The bytes did not match the declaration; nothing of them was kept. */
export class UploadMismatchError extends Error {
  constructor(readonly reason: 'too_large' | 'too_small' | 'checksum') {
    super(`upload does not match its declaration: ${reason}`);
    this.name = 'UploadMismatchError';
  }
}

/** How long `/health` reuses a storage probe's answer: a busy health check never floods S3. */
export const STORAGE_PROBE_TTL_MS = 5_000;
/** What a 503 for unreachable storage suggests waiting, in seconds. */
export const STORAGE_RETRY_AFTER_S = 10;

/** `ok`, or `down` while files can be neither written nor read (the shape of `/health`'s `db`). */
export type StorageHealth = 'ok' | 'down';

/**
 * The storage itself failed (a bucket that cannot be reached or answers 5xx, a disk that cannot
 * be written): not the member's fault, and over when the storage is back. Answers 503.
 */
export class StorageUnavailableError extends HttpError {
  constructor(cause: unknown) {
    super(
      503,
      'service_unavailable',
      text('errors:storageUnavailable'),
      undefined,
      STORAGE_RETRY_AFTER_S,
    );
    this.name = 'StorageUnavailableError';
    this.cause = cause;
  }
}

/** Error codes of a disk that cannot take files (full, read-only, no permission, not a folder). */
const DISK_FAULTS = new Set([
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOSPC',
  'EDQUOT',
  'EIO',
  'ENOTDIR',
  'EEXIST',
  'EISDIR',
]);

function isDiskFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DISK_FAULTS.has(code);
}

/**
 * The last probe's answer, reused for STORAGE_PROBE_TTL_MS; concurrent callers share one probe.
 * A request that meets a storage fault reports it here too, so `/health` says so at once.
 */
class ProbeCache {
  private last: { health: StorageHealth; at: number } | null = null;
  private running: Promise<StorageHealth> | null = null;

  constructor(private readonly check: () => Promise<void>) {}

  health(now: number): Promise<StorageHealth> {
    if (this.last && now - this.last.at < STORAGE_PROBE_TTL_MS) {
      return Promise.resolve(this.last.health);
    }
    this.running ??= this.check()
      .then(
        () => 'ok' as const,
        () => 'down' as const,
      )
      .then((health) => {
        this.last = { health, at: now };
        this.running = null;
        return health;
      });
    return this.running;
  }

  reportFault(now: number = Date.now()): void {
    this.last = { health: 'down', at: now };
  }
}

/** What a disk upload url's token carries: the declaration, signed. */
const diskTokenSchema = z.object({
  key: z.string().regex(KEY_PATTERN),
  content_type: z.string(),
  byte_size: z.number().int().positive(),
  checksum: z.string(),
});

/**
 * Files under `DATA_DIR/storage/<k[0..2]>/<k[2..4]>/<key>`. The browser PUTs to
 * `/rails/active_storage/disk/<token>` on the app, which streams the body to a temporary file
 * while hashing and counting it, and moves it into place only when it matches.
 */
export class DiskStorage {
  readonly kind = 'disk';
  readonly browserOrigins: string[] = [];
  readonly root: string;
  private readonly tmpDir: string;
  private readonly probe: ProbeCache;

  constructor(
    dataDir: string,
    private readonly verifier: MessageVerifier,
  ) {
    this.root = path.join(dataDir, 'storage');
    this.tmpDir = path.join(this.root, 'tmp');
    // A real write: permission bits alone say nothing to a process running as root.
    this.probe = new ProbeCache(async () => {
      await mkdir(this.tmpDir, { recursive: true });
      const file = path.join(this.tmpDir, `probe.${randomBytes(6).toString('hex')}`);
      await writeFile(file, 'ok');
      await rm(file, { force: true });
    });
  }

  /** Whether files can be written now (cached for STORAGE_PROBE_TTL_MS). */
  health(now: number = Date.now()): Promise<StorageHealth> {
    return this.probe.health(now);
  }

  /** A disk fault becomes a 503 (and `/health` hears of it); anything else is left as it is. */
  private fault(error: unknown): Error {
    if (!isDiskFault(error)) return error instanceof Error ? error : new Error(String(error));
    this.probe.reportFault();
    return new StorageUnavailableError(error);
  }

  pathFor(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`not a blob key: ${key}`);
    return path.join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  directUpload(blob: BlobDeclaration): Promise<DirectUploadTarget> {
    const token = this.verifier.sign(
      'blob_token',
      {
        key: blob.key,
        content_type: blob.contentType,
        byte_size: blob.byteSize,
        checksum: blob.checksum,
      } satisfies z.infer<typeof diskTokenSchema>,
      DIRECT_UPLOAD_TTL_MS,
    );
    return Promise.resolve({
      url: `/rails/active_storage/disk/${token}`,
      headers: { 'Content-Type': blob.contentType, 'Content-MD5': blob.checksum },
    });
  }

  /** The declaration an upload url was made for, or null when forged or expired. */
  readUploadToken(token: string): BlobDeclaration | null {
    const parsed = diskTokenSchema.safeParse(this.verifier.verify('blob_token', token));
    if (!parsed.success) return null;
    const d = parsed.data;
    return { key: d.key, contentType: d.content_type, byteSize: d.byte_size, checksum: d.checksum };
  }

  /**
   * Streams `source` to disk, never holding more than a chunk in memory. Stops as soon as it
   * runs past the declared size; keeps the file only when size and MD5 match, otherwise throws
   * UploadMismatchError with no file left behind.
   */
  async write(source: Readable, expected: BlobDeclaration): Promise<void> {
    const final = this.pathFor(expected.key);
    await mkdir(this.tmpDir, { recursive: true }).catch((error: unknown) => {
      throw this.fault(error);
    });
    const tmp = path.join(this.tmpDir, `${expected.key}.${randomBytes(6).toString('hex')}.part`);
    const hash = createHash('md5');
    let received = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        if (received > expected.byteSize) {
          callback(new UploadMismatchError('too_large'));
          return;
        }
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    // The request is piped in rather than made part of the pipeline: a pipeline destroys its
    // source on failure, and destroying a request drops the connection before the 422 is sent.
    // A client that goes away mid-upload still fails the write, through this watcher.
    const stopWatching = finished(source, (error) => {
      if (error) meter.destroy(error);
    });
    source.pipe(meter);
    try {
      await pipeline(meter, createWriteStream(tmp, { flags: 'wx' }));
      if (received !== expected.byteSize) throw new UploadMismatchError('too_small');
      if (hash.digest('base64') !== expected.checksum) throw new UploadMismatchError('checksum');
      await mkdir(path.dirname(final), { recursive: true });
      await rename(tmp, final);
    } catch (error) {
      source.unpipe(meter);
      await rm(tmp, { force: true }).catch(() => undefined);
      throw this.fault(error);
    } finally {
      stopWatching();
    }
  }

  /** Stores bytes the server made itself (a video's poster), checked as an upload is. */
  async put(bytes: Buffer, blob: BlobDeclaration): Promise<void> {
    await this.write(Readable.from([bytes]), blob);
  }

  async stat(key: string): Promise<{ byteSize: number } | null> {
    try {
      return { byteSize: (await stat(this.pathFor(key))).size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw this.fault(error);
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  /**
   * The file's bytes; with `range` (inclusive offsets, already checked against the size) only
   * those, so a video element can seek without fetching the whole file.
   */
  async download(
    blob: BlobDeclaration,
    range?: { start: number; end: number },
  ): Promise<BlobDownload | null> {
    const file = await this.stat(blob.key);
    if (!file) return null;
    return {
      kind: 'stream',
      stream: createReadStream(this.pathFor(blob.key), range),
      byteSize: range ? range.end - range.start + 1 : file.byteSize,
    };
  }

  /** The file's first `length` bytes (fewer when it is shorter), or null when it is missing. */
  async head(key: string, length: number): Promise<Buffer | null> {
    let handle;
    try {
      handle = await open(this.pathFor(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw this.fault(error);
    }
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } catch (error) {
      throw this.fault(error);
    } finally {
      await handle.close();
    }
  }

  /** Partial files a crashed process left behind (a live upload's is recent). */
  async purgeTemporary(olderThan: Date): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.tmpDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.tmpDir, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtime < olderThan) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

/**
 * An S3-compatible bucket (AWS, MinIO, R2, …). The browser PUTs straight to the bucket with a
 * presigned url whose signature covers Content-MD5, Content-Type and Content-Length, so the
 * bucket itself refuses bytes that differ from the declaration; readers are redirected to a
 * short-lived presigned GET.
 */
export class S3Storage {
  readonly kind = 's3';
  readonly client: S3Client;
  readonly bucket: string;
  /** The bucket's origin, which the browser talks to (CSP connect-src and img-src). */
  browserOrigins: string[] = [];
  private readonly probe: ProbeCache;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? {
            credentials: {
              accessKeyId: settings.accessKeyId,
              secretAccessKey: settings.secretAccessKey,
            },
          }
        : {}),
      // By default the SDK adds a CRC32 of the (empty, at signing time) body to a presigned PUT,
      // which the real upload would then fail; MD5 is the checksum of this protocol.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A bucket that does not answer must not hold a request (and its member) for minutes.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 20_000 },
    });
    this.probe = new ProbeCache(async () => {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    });
  }

  /** Whether the bucket answers (HeadBucket, cached for STORAGE_PROBE_TTL_MS). */
  health(now: number = Date.now()): Promise<StorageHealth> {
    return this.probe.health(now);
  }

  /**
   * Sends a command; a bucket that cannot be reached, times out or fails on its side becomes a
   * 503. `expected` lets a caller keep an answer it handles itself (a 404 on HEAD).
   */
  private async send<T>(
    run: () => Promise<T>,
    expected: (error: S3ServiceException) => boolean = () => false,
  ): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof S3ServiceException && expected(error)) throw error;
      this.probe.reportFault();
      throw new StorageUnavailableError(error);
    }
  }

  /** Works out the bucket's origin by presigning locally (no request is made). */
  async init(): Promise<void> {
    const probe = await getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.bucket, Key: 'probe' }),
      { expiresIn: 60 },
    );
    this.browserOrigins = [new URL(probe).origin];
  }

  async directUpload(blob: BlobDeclaration): Promise<DirectUploadTarget> {
    const url = await getSignedUrl(
      this.client,
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: blob.key,
        ContentType: blob.contentType,
        ContentMD5: blob.checksum,
        ContentLength: blob.byteSize,
      }),
      {
        expiresIn: DIRECT_UPLOAD_TTL_MS / 1000,
        // The presigner leaves Content-Type unsigned unless asked; signing it (and Content-MD5)
        // is what makes the bucket refuse another type or other bytes.
        signableHeaders: new Set(['content-type', 'content-md5']),
      },
    );
    return { url, headers: { 'Content-Type': blob.contentType, 'Content-MD5': blob.checksum } };
  }

  /**
   * Whether the bucket holds exactly the declared bytes: their size, and their MD5 as the HEAD's
   * ETag gives it (a single-part PUT's ETag is its hex MD5). When the ETag is no MD5 (multipart,
   * KMS encryption) the object is read once and hashed. A bucket that skipped the signed
   * Content-MD5 would otherwise let other bytes of the right length through; such an object is
   * deleted here and `mismatch` answered.
   */
  async verify(blob: BlobDeclaration): Promise<'missing' | 'mismatch' | 'ok'> {
    const notFound = (error: S3ServiceException) => error.$metadata.httpStatusCode === 404;
    let head;
    try {
      head = await this.send(
        () => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: blob.key })),
        notFound,
      );
    } catch (error) {
      if (error instanceof S3ServiceException && notFound(error)) return 'missing';
      throw error;
    }
    const expectedHex = Buffer.from(blob.checksum, 'base64').toString('hex');
    const etag = (head.ETag ?? '').replaceAll('"', '').toLowerCase();
    const matches =
      head.ContentLength === blob.byteSize &&
      (/^[0-9a-f]{32}$/.test(etag) ? etag === expectedHex : await this.hashMatches(blob));
    if (matches) return 'ok';
    await this.delete(blob.key);
    return 'mismatch';
  }

  /** Reads the object (never past the declared size) and compares its MD5. */
  private async hashMatches(blob: BlobDeclaration): Promise<boolean> {
    const body = await this.send(async () => {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: blob.key }),
      );
      return answer.Body as Readable;
    });
    const hash = createHash('md5');
    let received = 0;
    try {
      for await (const chunk of body) {
        const bytes = chunk as Buffer;
        received += bytes.length;
        if (received > blob.byteSize) {
          body.destroy();
          return false;
        }
        hash.update(bytes);
      }
    } catch (error) {
      this.probe.reportFault();
      throw new StorageUnavailableError(error);
    }
    return received === blob.byteSize && hash.digest('base64') === blob.checksum;
  }

  /** Stores bytes the server made itself (a video's poster); the bucket checks their MD5. */
  async put(bytes: Buffer, blob: BlobDeclaration): Promise<void> {
    await this.send(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: blob.key,
          Body: bytes,
          ContentType: blob.contentType,
          ContentMD5: blob.checksum,
          ContentLength: blob.byteSize,
        }),
      ),
    );
  }

  async delete(key: string): Promise<void> {
    await this.send(() =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })),
    );
  }

  /** The object's first `length` bytes (a ranged GET), or null when it is missing. */
  async head(key: string, length: number): Promise<Buffer | null> {
    const notFound = (error: S3ServiceException) => error.$metadata.httpStatusCode === 404;
    let body: Readable;
    try {
      body = await this.send(async () => {
        const answer = await this.client.send(
          new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${length - 1}` }),
        );
        return answer.Body as Readable;
      }, notFound);
    } catch (error) {
      if (error instanceof S3ServiceException && notFound(error)) return null;
      throw error;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    try {
      // Never more than asked for, whatever a bucket that ignores Range sends.
      for await (const chunk of body) {
        chunks.push(chunk as Buffer);
        received += (chunk as Buffer).length;
        if (received >= length) break;
      }
    } catch (error) {
      this.probe.reportFault();
      throw new StorageUnavailableError(error);
    } finally {
      body.destroy();
    }
    return Buffer.concat(chunks).subarray(0, length);
  }

  /** A short-lived url of the object: the bucket itself answers ranges. */
  async download(
    blob: BlobDeclaration,
    _range?: { start: number; end: number },
  ): Promise<BlobDownload | null> {
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: blob.key,
        ResponseContentType: blob.contentType,
        ResponseCacheControl: `private, max-age=${DOWNLOAD_URL_TTL_S}`,
      }),
      { expiresIn: DOWNLOAD_URL_TTL_S },
    );
    return { kind: 'redirect', url };
  }

  /** Abandoned bucket uploads leave nothing behind: a presigned PUT is all or nothing. */
  purgeTemporary(): Promise<number> {
    return Promise.resolve(0);
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}

export type StorageService = DiskStorage | S3Storage;

/** Disk under DATA_DIR unless S3_BUCKET is set. */
export async function createStorage(
  config: Config,
  verifier: MessageVerifier,
): Promise<StorageService> {
  if (!config.S3_BUCKET) return new DiskStorage(config.DATA_DIR, verifier);
  const s3 = new S3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  });
  await s3.init();
  return s3;
}

/** Decorates the app with its storage service and the verifier of blob ids and upload urls. */
export const storagePlugin = fp(
  async (app: FastifyInstance, opts: { secret: string }) => {
    const verifier = new MessageVerifier(opts.secret);
    const storage = await createStorage(app.config, verifier);
    app.decorate<StorageService>('storage', storage);
    app.decorate('storageVerifier', verifier);
    app.addHook('onClose', async () => {
      await storage.close();
    });
  },
  { name: 'storage' },
);
