import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  uploadLimits,
  type DirectUploadAnswer,
  type DirectUploadInput,
  type UploadPurpose,
} from '@fitcoach/shared/uploads';
import type { Database, Executor } from '../../db/client';
import { text, type Text, type TextKey } from '../../i18n/i18n';
import { HttpError, notFound } from '../../lib/http-error';
import type { Viewer } from '../../lib/viewer';
import {
  DIRECT_UPLOAD_TTL_MS,
  newBlobKey,
  UploadMismatchError,
  type BlobDeclaration,
  type BlobDownload,
  type StorageService,
} from '../../plugins/storage';
import type { MessageVerifier } from '../../lib/signed-messages';
import * as repo from './uploads.repository';
import type { AttachmentSlot, BlobRow } from './uploads.repository';
import { sniffVideo, VIDEO_SNIFF_BYTES, type VideoContainer } from './video-sniff';
import type { ServiceContext } from '../../lib/service-context';

export type { AttachmentSlot, BlobRow } from './uploads.repository';

/**
 * How long after its declaration a blob's upload url may still be used: its lifetime, plus a
 * margin for a bucket whose clock runs behind ours (S3 allows 15 minutes of skew).
 */
export const REUPLOADABLE_FOR_MS = DIRECT_UPLOAD_TTL_MS + 15 * 60 * 1000;

/**
 * A signed id lives as long as an unattached blob does: after that the blob is purged and
 * the reference would point at nothing anyway.
 */
export const SIGNED_ID_TTL_MS = 24 * 60 * 60 * 1000;

const MB = 1024 * 1024;

/**
 * Declarations a member may have under way at once (each reserves its size until its bytes
 * arrive or its url expires).
 */
export const MAX_PENDING_UPLOADS = 10;

/** `12 KB`, `1.5 MB`, `120 MB`: sizes as a person reads them. */
function formatMb(bytes: number): string {
  const mb = bytes / MB;
  if (mb < 0.1) return `${Math.ceil(bytes / 1024)} KB`;
  return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10} MB`;
}

const unprocessable = (key: TextKey) => new HttpError(422, 'unprocessable', text(key));

const TYPE_NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'video/mp4': 'MP4',
  'video/webm': 'WebM',
  'video/quicktime': 'MOV',
};

/** "JPEG, PNG or GIF", the "or" in the reader's language. */
function listTypes(types: readonly string[]): Text | string {
  const names = types.map((t) => TYPE_NAMES[t] ?? t);
  if (names.length <= 1) return names.join('');
  return text('errors:uploads.typesOr', {
    first: names.slice(0, -1).join(', '),
    last: names[names.length - 1] ?? '',
  });
}

/** `image/PNG; charset=x` → `image/png`: the part a type check and the bucket care about. */
export function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** A file name without any folder part or control characters (it is only ever displayed). */
function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean || 'file';
}

function toAnswer(
  blob: BlobRow,
  signedId: string,
  target: { url: string; headers: Record<string, string> },
): DirectUploadAnswer {
  return {
    id: blob.id,
    key: blob.key,
    filename: blob.filename,
    content_type: blob.contentType,
    byte_size: blob.byteSize,
    checksum: blob.checksum,
    signed_id: signedId,
    direct_upload: target,
  };
}

/**
 * `POST /rails/active_storage/direct_uploads`: checks the purpose's limits on the declaration
 * (so nothing oversized or of the wrong type is ever stored), records the blob and answers
 * where to PUT the bytes.
 */
export async function declareUpload(
  { db, config }: ServiceContext,
  storage: StorageService,
  verifier: MessageVerifier,
  viewer: Viewer,
  input: DirectUploadInput,
  queryPurpose: UploadPurpose,
): Promise<DirectUploadAnswer> {
  const purpose = input.purpose ?? queryPurpose;
  // Demo videos are for the library every member sees: only its keepers may upload them.
  if (purpose === 'exercise_demo' && viewer.role !== 'coach' && viewer.role !== 'admin') {
    throw new HttpError(403, 'forbidden', text('errors:content.demoUploaders'));
  }
  const limit = uploadLimits[purpose];
  const contentType = mediaType(input.blob.content_type);
  if (!limit.contentTypes.includes(contentType)) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      text(`errors:uploads.chooseType.${purpose}`, { types: listTypes(limit.contentTypes) }),
    );
  }
  if (input.blob.byte_size > limit.maxBytes) {
    throw new HttpError(
      413,
      'payload_too_large',
      text(`errors:uploads.tooLarge.${purpose}`, { max: limit.maxBytes / MB }),
    );
  }
  const blob = await db.transaction(async (tx) => {
    await repo.lockMemberDeclarations(tx, viewer.id);
    const now = Date.now();
    const usage = await repo.storageUsage(tx, viewer.id, new Date(now - DIRECT_UPLOAD_TTL_MS));
    if (usage.pending >= MAX_PENDING_UPLOADS) {
      // The oldest one's url expires first, and with it its claim.
      const freedAt = (usage.oldestPendingAt?.getTime() ?? now) + DIRECT_UPLOAD_TTL_MS;
      const minutes = Math.max(1, Math.ceil((freedAt - now) / 60_000));
      throw new HttpError(
        429,
        'rate_limited',
        text('errors:uploads.pending', { max: MAX_PENDING_UPLOADS, count: minutes }),
        undefined,
        (freedAt - now) / 1000,
      );
    }
    const quota = config.UPLOAD_QUOTA_MB * MB;
    if (usage.heldBytes + input.blob.byte_size > quota) {
      const free = Math.max(0, quota - usage.heldBytes);
      throw new HttpError(
        413,
        'payload_too_large',
        text('errors:uploads.overQuota', {
          size: formatMb(input.blob.byte_size),
          used: formatMb(usage.heldBytes),
          quota: config.UPLOAD_QUOTA_MB,
          free: formatMb(free),
        }),
      );
    }
    return repo.insertBlob(tx, {
      key: newBlobKey(),
      filename: cleanFilename(input.blob.filename),
      contentType,
      byteSize: input.blob.byte_size,
      checksum: input.blob.checksum,
      purpose,
      service: storage.kind,
      uploadedById: viewer.id,
    });
  });
  const target = await storage.directUpload(declarationOf(blob));
  return toAnswer(blob, verifier.sign('blob_id', blob.id, SIGNED_ID_TTL_MS), target);
}

function declarationOf(blob: BlobRow): BlobDeclaration {
  return {
    key: blob.key,
    contentType: blob.contentType,
    byteSize: blob.byteSize,
    checksum: blob.checksum,
  };
}

export interface DiskPut {
  contentType: string | undefined;
  contentMd5: string | undefined;
  contentLength: string | undefined;
  body: Readable;
}

const mismatchMessages: Record<UploadMismatchError['reason'], TextKey> = {
  too_large: 'errors:uploads.largerThanDeclared',
  too_small: 'errors:uploads.smallerThanDeclared',
  checksum: 'errors:uploads.checksumMismatch',
};

/** The client went away mid-body: nothing to answer, but not a server fault either. */
function isInterrupted(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'ECONNRESET' ||
    (error instanceof Error && error.message === 'aborted')
  );
}

/**
 * `PUT /rails/active_storage/disk/:token`: the signed token names the blob and carries its
 * declaration; the body is streamed to disk and kept only if its size and MD5 match.
 */
/** Keys whose bytes are arriving right now, on this node. */
const writing = new Set<string>();

export async function receiveDiskUpload(
  { db }: ServiceContext,
  storage: StorageService,
  token: string,
  put: DiskPut,
): Promise<void> {
  if (storage.kind !== 'disk') throw notFound('upload');
  const declared = storage.readUploadToken(token);
  if (!declared) {
    throw new HttpError(403, 'forbidden', text('errors:uploads.linkInvalid'));
  }
  // The headers the declaration answered must come back unchanged, as a bucket requires of
  // its signed headers; a wrong length is refused before any byte is read.
  if (put.contentType === undefined || mediaType(put.contentType) !== declared.contentType) {
    throw unprocessable('errors:uploads.wrongContentType');
  }
  if (put.contentMd5 !== declared.checksum) {
    throw unprocessable('errors:uploads.wrongContentMd5');
  }
  if (put.contentLength !== undefined && Number(put.contentLength) !== declared.byteSize) {
    throw unprocessable(
      Number(put.contentLength) > declared.byteSize
        ? mismatchMessages.too_large
        : mismatchMessages.too_small,
    );
  }
  const blob = await repo.findBlobByKey(db, declared.key);
  if (!blob) throw notFound('upload');
  // One link, one file: a finished upload is not overwritten, and two PUTs of the same file
  // at once (each holding a socket and a partial file) are not allowed.
  if (blob.uploadedAt !== null) {
    throw new HttpError(409, 'conflict', text('errors:uploads.alreadyUploaded'));
  }
  if (writing.has(declared.key)) {
    throw new HttpError(409, 'conflict', text('errors:uploads.alreadyUploading'));
  }
  writing.add(declared.key);
  try {
    await storage.write(put.body, declared);
  } catch (error) {
    if (error instanceof UploadMismatchError) throw unprocessable(mismatchMessages[error.reason]);
    if (isInterrupted(error)) {
      throw new HttpError(400, 'validation_failed', text('errors:uploads.interrupted'));
    }
    throw error;
  } finally {
    writing.delete(declared.key);
  }
  if (!(await repo.markUploaded(db, blob.id, new Date()))) {
    // Purged or replaced while the bytes travelled: keep nothing.
    await storage.delete(declared.key);
    throw notFound('upload');
  }
}

/**
 * The blob a signed id refers to, if it is the viewer's, for `purpose`, and its bytes have
 * arrived; 422 otherwise. A record attaches a blob only through this.
 */
export async function blobForSignedId(
  db: Executor,
  storage: StorageService,
  verifier: MessageVerifier,
  signedId: string,
  expect: { ownerId: number; purpose: UploadPurpose },
): Promise<BlobRow> {
  const id = verifier.verify('blob_id', signedId);
  if (typeof id !== 'number') {
    throw unprocessable('errors:uploads.signedIdInvalid');
  }
  const blob = await repo.findBlobById(db, id);
  if (!blob || blob.uploadedById !== expect.ownerId) {
    throw unprocessable('errors:uploads.signedIdMissing');
  }
  if (blob.purpose !== expect.purpose) {
    throw unprocessable(`errors:uploads.wrongPurpose.${expect.purpose}`);
  }
  if (blob.uploadedAt) return blob;
  // On S3 the browser sent the bytes to the bucket, so only the bucket knows they arrived. The
  // signed Content-MD5 should have made it refuse other bytes, but not every S3-compatible
  // service checks it: the stored object's size and MD5 are compared too.
  if (storage.kind === 's3') {
    const stored = await storage.verify(declarationOf(blob));
    if (stored === 'mismatch') {
      throw unprocessable('errors:uploads.storedMismatch');
    }
    if (stored === 'ok') {
      const uploadedAt = new Date();
      await repo.markUploaded(db, blob.id, uploadedAt);
      return { ...blob, uploadedAt };
    }
  }
  throw unprocessable('errors:uploads.notFinished');
}

/** Deleting a file is not transactional; one left behind is only disk space. */
async function deleteFiles(storage: StorageService, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}

/**
 * Puts `blob` in the slot in one transaction, deleting the blob it replaces (row, then file
 * once committed).
 */
export async function attachBlob(
  db: Executor,
  storage: StorageService,
  slot: AttachmentSlot,
  blob: BlobRow,
): Promise<void> {
  const replaced = await db.transaction(async (tx) => {
    // Locked: a purge running now waits, then sees the attachment and spares the blob; another
    // attach of the same blob waits, then finds it attached.
    if (!(await repo.lockBlob(tx, blob.id))) {
      throw unprocessable('errors:uploads.signedIdMissing');
    }
    const current = await repo.lockAttachment(tx, slot);
    if (current?.blobId === blob.id) return null;
    // One blob, one slot: replacing or removing a file deletes its blob, which would empty every
    // other slot it had been attached to (another team's photo, another exercise's video).
    if (await repo.isAttached(tx, blob.id)) throw unprocessable('errors:uploads.alreadyAttached');
    await repo.upsertAttachment(tx, slot, blob.id);
    if (!current) return null;
    const old = await repo.findBlobById(tx, current.blobId);
    await repo.deleteBlob(tx, current.blobId, REUPLOADABLE_FOR_MS);
    return old ?? null;
  });
  if (replaced) await deleteFiles(storage, [replaced.key]);
}

/** Empties the slot, deleting its blob (row, then file). */
export async function detachBlob(
  db: Executor,
  storage: StorageService,
  slot: AttachmentSlot,
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const current = await repo.lockAttachment(tx, slot);
    if (!current) return null;
    const blob = await repo.findBlobById(tx, current.blobId);
    // The attachment goes with it (ON DELETE CASCADE).
    await repo.deleteBlob(tx, current.blobId, REUPLOADABLE_FOR_MS);
    return blob ?? null;
  });
  if (removed) await deleteFiles(storage, [removed.key]);
}

export async function attachedBlob(db: Executor, slot: AttachmentSlot): Promise<BlobRow | null> {
  return (await repo.findAttachedBlob(db, slot)) ?? null;
}

/** The bytes of a blob for a reader, or null when they are missing from storage. */
export async function openBlob(
  storage: StorageService,
  blob: BlobRow,
  range?: { start: number; end: number },
): Promise<BlobDownload | null> {
  return storage.download(declarationOf(blob), range);
}

/**
 * Checks that an uploaded blob's bytes are a video (MP4, WebM or QuickTime by their first bytes,
 * whatever type was declared) and answers the blob with the type its bytes are (the row is
 * corrected when the declaration named another video type). A file that is not a video is
 * deleted, row and bytes, and refused with a 422: it never becomes something members stream.
 */
export async function requireVideoBytes(
  db: Database,
  storage: StorageService,
  blob: BlobRow,
): Promise<BlobRow & { contentType: VideoContainer }> {
  const head = await storage.head(blob.key, VIDEO_SNIFF_BYTES);
  if (!head) throw unprocessable('errors:uploads.notFinished');
  const container = sniffVideo(head);
  if (!container) {
    // Called outside any other transaction, so the refusal below rolls nothing back.
    await db.transaction((tx) => repo.deleteBlob(tx, blob.id, REUPLOADABLE_FOR_MS));
    await deleteFiles(storage, [blob.key]);
    throw unprocessable('errors:content.notAVideo');
  }
  if (container !== blob.contentType) await repo.setContentType(db, blob.id, container);
  return { ...blob, contentType: container };
}

/**
 * Stores bytes the server made from a member's file (a video's poster) as a blob of theirs and
 * puts it in the slot, replacing what was there. The row is written first: if storing the bytes
 * fails, the unattached row is purged like any abandoned upload.
 */
export async function attachGeneratedFile(
  db: Database,
  storage: StorageService,
  slot: AttachmentSlot,
  file: {
    bytes: Buffer;
    filename: string;
    contentType: string;
    purpose: UploadPurpose;
    ownerId: number;
  },
): Promise<BlobRow> {
  const blob = await repo.insertBlob(db, {
    key: newBlobKey(),
    filename: cleanFilename(file.filename),
    contentType: file.contentType,
    byteSize: file.bytes.length,
    checksum: createHash('md5').update(file.bytes).digest('base64'),
    purpose: file.purpose,
    service: storage.kind,
    uploadedById: file.ownerId,
  });
  await storage.put(file.bytes, declarationOf(blob));
  const uploadedAt = new Date();
  await repo.markUploaded(db, blob.id, uploadedAt);
  await attachBlob(db, storage, slot, blob);
  return { ...blob, uploadedAt };
}
