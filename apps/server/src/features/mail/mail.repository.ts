import { desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema/social';

export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMail = typeof mailOutbox.$inferInsert;

export async function insertMail(db: Executor, values: NewMail): Promise<number> {
  const [row] = await db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Takes up to `limit` mails that are due and leases them to this node for `leaseMs`: the
 * attempt is counted and the next try moved past the lease, in one statement. `SKIP LOCKED`
 * lets several nodes claim at once without waiting on each other or taking the same mail.
 */
export async function claimDue(db: Executor, limit: number, leaseMs: number): Promise<MailRow[]> {
  const result = await db.execute(sql`
    UPDATE ${mailOutbox}
       SET attempts = attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
     WHERE id IN (
       SELECT id FROM ${mailOutbox}
        WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  const ids = (result as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids)).orderBy(mailOutbox.id);
}

export async function markSent(db: Executor, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: new Date(), lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** A failed attempt: tried again at `retryAt`, or given up (`failed`) when it is null. */
export async function markFailed(
  db: Executor,
  id: number,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryAt
        ? { lastError: error, nextAttemptAt: retryAt }
        : { lastError: error, status: 'failed' },
    )
    .where(eq(mailOutbox.id, id));
}

/** The outbox, newest first, paged by id. */
export async function listMail(db: Executor, beforeId: number | null, limit: number) {
  return db
    .select()
    .from(mailOutbox)
    .where(beforeId === null ? undefined : lt(mailOutbox.id, beforeId))
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}
