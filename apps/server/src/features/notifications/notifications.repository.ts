import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { notificationReads, notifications } from '../../db/schema/notifications';

const actor = alias(users, 'actor');

export type NewNotification = typeof notifications.$inferInsert;

/** Announcements a member sees: those made since they joined. */
function visibleTo(userId: number) {
  return or(
    eq(notifications.userId, userId),
    and(
      isNull(notifications.userId),
      sql`${notifications.createdAt} >= (select ${users.createdAt} from ${users} where ${users.id} = ${userId})`,
    ),
  );
}

const listColumns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  createdAt: notifications.createdAt,
  actorId: actor.id,
  actorName: actor.name,
};

export type NotificationRow = NonNullable<Awaited<ReturnType<typeof findNotification>>>;

export async function insertNotification(db: Executor, values: NewNotification) {
  const rows = await db.insert(notifications).values(values).returning({ id: notifications.id });
  return rows[0]!.id;
}

export async function findNotification(db: Executor, id: number) {
  const rows = await db
    .select(listColumns)
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .where(eq(notifications.id, id))
    .limit(1);
  return rows[0];
}

/** Newest first, `limit + 1` rows (the extra one says whether more follow). */
export async function listNotifications(
  db: Executor,
  userId: number,
  beforeId: number | null,
  limit: number,
) {
  return db
    .select(listColumns)
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .where(and(visibleTo(userId), beforeId ? lt(notifications.id, beforeId) : undefined))
    .orderBy(desc(notifications.id))
    .limit(limit + 1);
}

export async function seenId(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .select({ seenId: notificationReads.seenId })
    .from(notificationReads)
    .where(eq(notificationReads.userId, userId));
  return rows[0]?.seenId ?? 0;
}

export async function countUnread(db: Executor, userId: number): Promise<number> {
  const seen = await seenId(db, userId);
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(visibleTo(userId), gt(notifications.id, seen)));
  return rows[0]?.n ?? 0;
}

/** Marks everything up to `upToId` seen; never moves backwards. */
export async function markSeen(db: Executor, userId: number, upToId: number): Promise<void> {
  await db
    .insert(notificationReads)
    .values({ userId, seenId: upToId })
    .onConflictDoUpdate({
      target: notificationReads.userId,
      set: {
        seenId: sql`greatest(${notificationReads.seenId}, excluded.seen_id)`,
        updatedAt: sql`now()`,
      },
    });
}

export async function latestVisibleId(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .select({ id: sql<number | null>`max(${notifications.id})` })
    .from(notifications)
    .where(visibleTo(userId));
  return rows[0]?.id ?? 0;
}
