import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import type { StorageService } from '../../plugins/storage';
import * as repo from './uploads.repository';
import { REUPLOADABLE_FOR_MS } from './uploads.service';

/** A declared blob no record took within this long is abandoned (rows and files go). */
export const UNATTACHED_BLOB_TTL_MS = 24 * 60 * 60 * 1000;
export const BLOB_PURGE_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 200;

export interface PurgeResult {
  blobs: number;
  temporaryFiles: number;
  /** Bucket keys deleted once their upload url could no longer recreate them. */
  tombstones: number;
}

/**
 * Deletes blobs that no record holds and that were declared more than 24 h before `now`, with
 * their files, and partial upload files as old. Safe to run on several nodes at once.
 */
export async function purgeUnattachedBlobs(
  db: Executor,
  storage: StorageService,
  now: Date = new Date(),
): Promise<PurgeResult> {
  const cutoff = new Date(now.getTime() - UNATTACHED_BLOB_TTL_MS);
  let blobs = await settleExpiredDeclarations(db, storage, now);
  // Batches keep each query small. A blob attached meanwhile is spared (re-checked under
  // lock) and no longer matches, so each batch brings new ones; stop when one removes nothing.
  for (;;) {
    const batch = await repo.findUnattachedBlobs(db, cutoff, BATCH);
    let removed = 0;
    for (const blob of batch) {
      const deleted = await db.transaction(async (tx) => {
        if (!(await repo.lockBlobForDelete(tx, blob.id))) return false;
        if (await repo.isAttached(tx, blob.id)) return false;
        await repo.deleteBlob(tx, blob.id, REUPLOADABLE_FOR_MS);
        return true;
      });
      if (!deleted) continue;
      removed += 1;
      // A blob made under the other service (the installation switched) has its bytes
      // elsewhere; only the row can go. A bucket's object is tombstoned too, so one that fails
      // to delete now is deleted on a later run.
      if (blob.service === storage.kind) await storage.delete(blob.key).catch(() => undefined);
    }
    blobs += removed;
    if (batch.length < BATCH || removed === 0) break;
  }
  const temporaryFiles = await storage.purgeTemporary(cutoff);
  const tombstones = await purgeTombstones(db, storage, now);
  return { blobs, temporaryFiles, tombstones };
}

/**
 * Declarations whose upload url has expired either got their bytes or never will. On a bucket
 * only a HEAD tells which (the browser PUTs there without the app), and until then they count
 * against the member's quota: those with their bytes are marked uploaded (the 24 h purge or an
 * attachment takes them from there), the others go now, so a failed upload stops counting
 * within the hour. Answers how many went.
 */
async function settleExpiredDeclarations(
  db: Executor,
  storage: StorageService,
  now: Date,
): Promise<number> {
  const cutoff = new Date(now.getTime() - REUPLOADABLE_FOR_MS);
  let removed = 0;
  for (;;) {
    const batch = await repo.findUnsettledBlobs(db, cutoff, BATCH);
    let settled = 0;
    for (const blob of batch) {
      if (blob.service === 's3' && storage.kind === 's3') {
        let stored: Awaited<ReturnType<typeof storage.verify>>;
        try {
          stored = await storage.verify(blob);
        } catch {
          // The bucket is down: the next run settles them.
          return removed;
        }
        if (stored === 'ok') {
          await repo.markUploaded(db, blob.id, new Date());
          settled += 1;
          continue;
        }
      }
      await db.transaction(async (tx) => {
        if (!(await repo.lockBlobForDelete(tx, blob.id))) return;
        if (await repo.isAttached(tx, blob.id)) return;
        await repo.deleteBlob(tx, blob.id, REUPLOADABLE_FOR_MS);
        removed += 1;
      });
      settled += 1;
    }
    if (batch.length < BATCH || settled === 0) return removed;
  }
}

/**
 * Deletes the bucket objects of removed blobs once their upload urls have expired: a PUT to
 * such a url after the removal recreated an object no row points at. A key whose delete fails
 * (the bucket is down) stays for the next run.
 */
async function purgeTombstones(db: Executor, storage: StorageService, now: Date) {
  let deleted = 0;
  for (;;) {
    const due = await repo.findDueTombstones(db, now, BATCH);
    let done = 0;
    for (const { key } of due) {
      if (storage.kind === 's3') {
        try {
          await storage.delete(key);
        } catch {
          continue;
        }
      }
      await repo.deleteTombstone(db, key);
      done += 1;
    }
    deleted += done;
    if (due.length < BATCH || done === 0) return deleted;
  }
}

/** Runs the purge hourly in this process until the app closes. */
export function startBlobPurge(app: FastifyInstance): void {
  const timer = setInterval(() => {
    purgeUnattachedBlobs(app.db, app.storage).catch((err: unknown) =>
      app.log.warn({ err }, 'could not purge unattached uploads'),
    );
  }, BLOB_PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', () => {
    clearInterval(timer);
    return Promise.resolve();
  });
}
