import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { storageAttachments, storageBlobs, storageTombstones } from '../../db/schema/storage';

export type BlobRow = typeof storageBlobs.$inferSelect;
export type NewBlobRow = typeof storageBlobs.$inferInsert;

/** A record's named attachment slot, e.g. user 7's `avatar`. */
export interface AttachmentSlot {
  recordType: string;
  recordId: number;
  name: string;
}

export async function insertBlob(db: Executor, blob: NewBlobRow): Promise<BlobRow> {
  const rows = await db.insert(storageBlobs).values(blob).returning();
  return rows[0]!;
}

export async function findBlobById(db: Executor, id: number): Promise<BlobRow | undefined> {
  const rows = await db.select().from(storageBlobs).where(eq(storageBlobs.id, id)).limit(1);
  return rows[0];
}

export async function findBlobByKey(db: Executor, key: string): Promise<BlobRow | undefined> {
  const rows = await db.select().from(storageBlobs).where(eq(storageBlobs.key, key)).limit(1);
  return rows[0];
}

/**
 * The blob, locked until the transaction ends: a purge cannot delete it meanwhile, and two
 * attaches of one blob at once wait for each other (with a share lock both saw it unattached
 * and both attached it).
 */
export async function lockBlob(db: Executor, id: number): Promise<BlobRow | undefined> {
  const rows = await db
    .select()
    .from(storageBlobs)
    .where(eq(storageBlobs.id, id))
    .limit(1)
    .for('update');
  return rows[0];
}

/** The type the bytes turned out to be (a video declared as another kind of video). */
export async function setContentType(db: Executor, id: number, contentType: string) {
  await db.update(storageBlobs).set({ contentType }).where(eq(storageBlobs.id, id));
}

/** Answers false when the blob is gone (purged or replaced meanwhile). */
export async function markUploaded(db: Executor, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(storageBlobs)
    .set({ uploadedAt: at })
    .where(eq(storageBlobs.id, id))
    .returning({ id: storageBlobs.id });
  return rows.length > 0;
}

/**
 * Deletes the blob row. A bucket's object is tombstoned as it goes: its presigned upload url
 * may still be good (`reuploadableFor` after the declaration), and the object may outlive a
 * delete that failed, so the purge deletes the key again once that time is over.
 */
export async function deleteBlob(db: Executor, id: number, reuploadableFor: number): Promise<void> {
  const rows = await db.delete(storageBlobs).where(eq(storageBlobs.id, id)).returning({
    key: storageBlobs.key,
    service: storageBlobs.service,
    createdAt: storageBlobs.createdAt,
  });
  const gone = rows[0];
  if (gone?.service !== 's3') return;
  const deleteAfter = new Date(Math.max(Date.now(), gone.createdAt.getTime() + reuploadableFor));
  await db
    .insert(storageTombstones)
    .values({ key: gone.key, deleteAfter })
    .onConflictDoUpdate({ target: storageTombstones.key, set: { deleteAfter } });
}

/** Tombstoned keys whose upload url can no longer be used, `limit` at a time. */
export async function findDueTombstones(db: Executor, now: Date, limit: number) {
  return db
    .select({ key: storageTombstones.key })
    .from(storageTombstones)
    .where(lt(storageTombstones.deleteAfter, now))
    .orderBy(asc(storageTombstones.deleteAfter))
    .limit(limit);
}

export async function deleteTombstone(db: Executor, key: string): Promise<void> {
  await db.delete(storageTombstones).where(eq(storageTombstones.key, key));
}

const slotIs = (slot: AttachmentSlot) =>
  and(
    eq(storageAttachments.recordType, slot.recordType),
    eq(storageAttachments.recordId, slot.recordId),
    eq(storageAttachments.name, slot.name),
  );

/** The blob in a slot, or undefined when the slot is empty. */
export async function findAttachedBlob(
  db: Executor,
  slot: AttachmentSlot,
): Promise<BlobRow | undefined> {
  const rows = await db
    .select({ blob: storageBlobs })
    .from(storageAttachments)
    .innerJoin(storageBlobs, eq(storageBlobs.id, storageAttachments.blobId))
    .where(slotIs(slot))
    .limit(1);
  return rows[0]?.blob;
}

/** The slot's attachment, locked until the transaction ends, so replacements queue up. */
export async function lockAttachment(db: Executor, slot: AttachmentSlot) {
  const rows = await db
    .select({ id: storageAttachments.id, blobId: storageAttachments.blobId })
    .from(storageAttachments)
    .where(slotIs(slot))
    .limit(1)
    .for('update');
  return rows[0];
}

/** Puts a blob in the slot (the unique index keeps one per slot); the last writer wins. */
export async function upsertAttachment(
  db: Executor,
  slot: AttachmentSlot,
  blobId: number,
): Promise<void> {
  await db
    .insert(storageAttachments)
    .values({ ...slot, blobId })
    .onConflictDoUpdate({
      target: [storageAttachments.recordType, storageAttachments.recordId, storageAttachments.name],
      set: { blobId, createdAt: new Date() },
    });
}

export async function deleteAttachment(db: Executor, id: number): Promise<void> {
  await db.delete(storageAttachments).where(eq(storageAttachments.id, id));
}

/** Blobs no record holds, declared before `cutoff`; oldest first, `limit` at a time. */
export async function findUnattachedBlobs(db: Executor, cutoff: Date, limit: number) {
  return db
    .select({ id: storageBlobs.id, key: storageBlobs.key, service: storageBlobs.service })
    .from(storageBlobs)
    .leftJoin(storageAttachments, eq(storageAttachments.blobId, storageBlobs.id))
    .where(and(isNull(storageAttachments.id), lt(storageBlobs.createdAt, cutoff)))
    .orderBy(asc(storageBlobs.createdAt))
    .limit(limit);
}

/** Locks the blob row for deletion; answers false when it is already gone. */
export async function lockBlobForDelete(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: storageBlobs.id })
    .from(storageBlobs)
    .where(eq(storageBlobs.id, id))
    .for('update');
  return rows.length > 0;
}

export async function isAttached(db: Executor, blobId: number): Promise<boolean> {
  const rows = await db
    .select({ id: storageAttachments.id })
    .from(storageAttachments)
    .where(eq(storageAttachments.blobId, blobId))
    .limit(1);
  return rows.length > 0;
}

/** An arbitrary constant: the advisory-lock namespace of "declaring this member's uploads". */
const DECLARE_LOCK_NAMESPACE = 727_003;

/** Serialises a member's declarations until the transaction ends, so two cannot both fit. */
export async function lockMemberDeclarations(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${DECLARE_LOCK_NAMESPACE}, ${userId})`);
}

export interface StorageUsage {
  /** Bytes stored or reserved by declarations whose bytes may still arrive. */
  heldBytes: number;
  /** Declarations whose upload url is still good and whose bytes have not arrived. */
  pending: number;
  /** When the oldest of those was declared (null when there are none). */
  oldestPendingAt: Date | null;
}

/**
 * What a member's blobs hold. A blob counts once its bytes arrived, while its upload url is
 * good (`pendingSince`), and, on a bucket, until the purge removes it: the browser PUTs there
 * without telling the app, so only attaching (or the purge) settles whether bytes arrived.
 */
export async function storageUsage(
  db: Executor,
  userId: number,
  pendingSince: Date,
): Promise<StorageUsage> {
  const since = pendingSince.toISOString();
  const rows = await db
    .select({
      heldBytes: sql<string>`coalesce(sum(${storageBlobs.byteSize}) filter (where ${storageBlobs.uploadedAt} is not null or ${storageBlobs.createdAt} > ${since} or ${storageBlobs.service} = 's3'), 0)`,
      pending: sql<string>`count(*) filter (where ${storageBlobs.uploadedAt} is null and ${storageBlobs.createdAt} > ${since})`,
      oldestPendingAt: sql<
        string | null
      >`min(${storageBlobs.createdAt}) filter (where ${storageBlobs.uploadedAt} is null and ${storageBlobs.createdAt} > ${since})`,
    })
    .from(storageBlobs)
    .where(eq(storageBlobs.uploadedById, userId));
  const row = rows[0];
  return {
    heldBytes: Number(row?.heldBytes ?? 0),
    pending: Number(row?.pending ?? 0),
    oldestPendingAt: row?.oldestPendingAt ? new Date(row.oldestPendingAt) : null,
  };
}

/** Declared blobs whose bytes never arrived as far as we know, declared before `cutoff`. */
export async function findUnsettledBlobs(db: Executor, cutoff: Date, limit: number) {
  return db
    .select()
    .from(storageBlobs)
    .where(and(isNull(storageBlobs.uploadedAt), lt(storageBlobs.createdAt, cutoff)))
    .orderBy(asc(storageBlobs.createdAt))
    .limit(limit);
}
