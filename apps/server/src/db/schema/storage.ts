import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UploadPurpose } from '@fitcoach/shared/uploads';
import { users } from './accounts';

/**
 * A file uploaded through the direct-upload protocol. The row exists before any byte does: the
 * browser declares the file (name, type, size, MD5), then PUTs it. `uploaded_at` is set only
 * once the stored bytes matched the declaration. Blobs no record has attached are purged
 * after 24 h.
 */
export const storageBlobs = pgTable(
  'storage_blobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Random, unguessable; the file's name in the storage service. */
    key: text('key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    /** Base64 MD5 of the content, as the client declared it (and the PUT proved). */
    checksum: text('checksum').notNull(),
    /** What the blob is for; decides the size and type limits. */
    purpose: text('purpose').$type<UploadPurpose>().notNull(),
    /** `disk` or `s3`: where the bytes live. */
    service: text('service').$type<'disk' | 's3'>().notNull(),
    uploadedById: integer('uploaded_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('storage_blobs_key_idx').on(t.key),
    index('storage_blobs_created_at_idx').on(t.createdAt),
    // A member's blobs are summed on every declaration (the storage quota).
    index('storage_blobs_uploaded_by_idx').on(t.uploadedById),
  ],
);

/** A blob attached to a record under a name (e.g. user 7's `avatar`); one blob per name. */
export const storageAttachments = pgTable(
  'storage_attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    recordType: text('record_type').notNull(),
    recordId: integer('record_id').notNull(),
    blobId: integer('blob_id')
      .notNull()
      .references(() => storageBlobs.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('storage_attachments_record_idx').on(t.recordType, t.recordId, t.name),
    index('storage_attachments_blob_idx').on(t.blobId),
  ],
);

/**
 * The key of a bucket object whose blob row is gone but which may still be written: a presigned
 * upload url stays good until it expires, whatever became of its blob, and a PUT to it would
 * recreate an object no row points at. The purge deletes the key once `delete_after` (the url's
 * expiry, plus a margin for clock skew) has passed, and again while the bucket cannot be reached.
 */
export const storageTombstones = pgTable(
  'storage_tombstones',
  {
    key: text('key').primaryKey(),
    deleteAfter: timestamp('delete_after', { withTimezone: true }).notNull(),
  },
  (t) => [index('storage_tombstones_delete_after_idx').on(t.deleteAfter)],
);
