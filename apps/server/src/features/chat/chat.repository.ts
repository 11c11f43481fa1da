import { and, asc, desc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { chatMessages, friendships, memberBlocks } from '../../db/schema/social';

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** The two members' conversation, as the pair index reads it (least, greatest, id). */
function conversation(a: number, b: number) {
  return and(
    sql`least(${chatMessages.senderId}, ${chatMessages.recipientId}) = ${Math.min(a, b)}`,
    sql`greatest(${chatMessages.senderId}, ${chatMessages.recipientId}) = ${Math.max(a, b)}`,
  );
}

export async function memberName(db: Executor, id: number): Promise<string | undefined> {
  const rows = await db.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return rows[0]?.name;
}

export async function insertMessage(
  db: Executor,
  values: { senderId: number; recipientId: number; body: string },
): Promise<ChatMessageRow> {
  const rows = await db.insert(chatMessages).values(values).returning();
  return rows[0]!;
}

export async function findMessage(db: Executor, id: number): Promise<ChatMessageRow | undefined> {
  const rows = await db.select().from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
  return rows[0];
}

export async function hideMessage(db: Executor, id: number): Promise<void> {
  await db
    .update(chatMessages)
    .set({ hiddenAt: sql`now()` })
    .where(eq(chatMessages.id, id));
}

/** Newest first, `limit + 1` rows (the extra one says whether older ones follow). */
export async function listMessages(
  db: Executor,
  a: number,
  b: number,
  beforeId: number | null,
  limit: number,
): Promise<ChatMessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(and(conversation(a, b), beforeId ? lt(chatMessages.id, beforeId) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(limit + 1);
}

/**
 * Marks `senderId`'s unread messages to `readerId` read up to `upToId`; answers the highest id
 * marked, or null when none was unread.
 */
export async function markRead(
  db: Executor,
  readerId: number,
  senderId: number,
  upToId: number,
): Promise<number | null> {
  const rows = await db
    .update(chatMessages)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(chatMessages.recipientId, readerId),
        eq(chatMessages.senderId, senderId),
        isNull(chatMessages.readAt),
        lte(chatMessages.id, upToId),
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.length === 0 ? null : Math.max(...rows.map((r) => r.id));
}

const back = alias(friendships, 'back');

/**
 * Unread messages to `userId` per sender, from current friends only (a removed or blocked
 * member's old messages stop counting). Reads the partial index chat_messages_unread_idx.
 */
export async function unreadByFriend(
  db: Executor,
  userId: number,
): Promise<{ friendId: number; count: number }[]> {
  return db
    .select({ friendId: chatMessages.senderId, count: sql<number>`count(*)::int` })
    .from(chatMessages)
    .innerJoin(
      friendships,
      and(
        eq(friendships.userId, userId),
        eq(friendships.friendId, chatMessages.senderId),
        eq(friendships.status, 'accepted'),
      ),
    )
    .innerJoin(
      back,
      and(
        eq(back.userId, chatMessages.senderId),
        eq(back.friendId, userId),
        eq(back.status, 'accepted'),
      ),
    )
    .where(
      and(
        eq(chatMessages.recipientId, userId),
        isNull(chatMessages.readAt),
        sql`not exists (select 1 from ${memberBlocks} where (${memberBlocks.blockerId} = ${userId} and ${memberBlocks.blockedId} = ${chatMessages.senderId}) or (${memberBlocks.blockerId} = ${chatMessages.senderId} and ${memberBlocks.blockedId} = ${userId}))`,
      ),
    )
    .groupBy(chatMessages.senderId)
    .orderBy(asc(chatMessages.senderId));
}

/** The oldest message from `senderId` to `recipientId` still unread, if any. */
export async function oldestUnreadId(
  db: Executor,
  recipientId: number,
  senderId: number,
): Promise<number | null> {
  const rows = await db
    .select({ id: sql<number | null>`min(${chatMessages.id})` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.recipientId, recipientId),
        eq(chatMessages.senderId, senderId),
        isNull(chatMessages.readAt),
      ),
    );
  return rows[0]?.id ?? null;
}
