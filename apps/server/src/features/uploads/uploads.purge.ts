import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import type { StorageService } from '../../plugins/storage';
import * as repo from './uploads.repository';

/** A declared blob no record took within this long is abandoned (rows and files go). */
export const UNATTACHED_BLOB_TTL_MS = 24 * 60 * 60 * 1000;
export const BLOB_PURGE_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 200;

export interface PurgeResult {
  blobs: number;
  temporaryFiles: number;
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
  let blobs = 0;
  // Batches keep each query small. A blob attached meanwhile is spared (re-checked under
  // lock) and no longer matches, so each batch brings new ones; stop when one removes nothing.
  for (;;) {
    const batch = await repo.findUnattachedBlobs(db, cutoff, BATCH);
    let removed = 0;
    for (const blob of batch) {
      const deleted = await db.transaction(async (tx) => {
        if (!(await repo.lockBlobForDelete(tx, blob.id))) return false;
        if (await repo.isAttached(tx, blob.id)) return false;
        await repo.deleteBlob(tx, blob.id);
        return true;
      });
      if (!deleted) continue;
      removed += 1;
      // A blob made under the other service (the installation switched) has its bytes
      // elsewhere; only the row can go.
      if (blob.service === storage.kind) await storage.delete(blob.key);
    }
    blobs += removed;
    if (batch.length < BATCH || removed === 0) break;
  }
  const temporaryFiles = await storage.purgeTemporary(cutoff);
  return { blobs, temporaryFiles };
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
