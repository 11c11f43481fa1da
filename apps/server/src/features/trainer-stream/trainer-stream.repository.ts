import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { trainerThreads } from '../../db/schema/coach';

/** Whether the thread exists and belongs to the member. */
export async function isThreadOwner(
  db: Executor,
  threadId: number,
  userId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: trainerThreads.id })
    .from(trainerThreads)
    .where(and(eq(trainerThreads.id, threadId), eq(trainerThreads.userId, userId)))
    .limit(1);
  return row !== undefined;
}
