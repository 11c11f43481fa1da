import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema/accounts';

export async function insertSession(
  db: Executor,
  session: { id: string; userId: number; expiresAt: Date; userAgent: string | null },
) {
  await db.insert(sessions).values(session);
}

/** A suspended member's sessions count as none (they are deleted at suspension too). */
export async function findSessionWithUser(db: Executor, id: string) {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), isNull(users.suspendedAt)))
    .limit(1);
  return rows[0];
}

export async function findSessionsWithUsers(db: Executor, ids: string[]) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, ids), isNull(users.suspendedAt)));
}

export async function extendSession(db: Executor, id: string, expiresAt: Date) {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Executor, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteOtherSessions(db: Executor, userId: number, keepId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)));
}

export async function deleteExpiredSessions(db: Executor, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/**
 * Marks the member active now, unless they already were within the last minute: the WHERE
 * makes a burst of requests, on any node, one write a minute (friends see "last active").
 */
export async function touchLastActive(db: Executor, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ lastActiveAt: sql`now()` })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.lastActiveAt), lt(users.lastActiveAt, sql`now() - interval '1 minute'`)),
      ),
    );
}
