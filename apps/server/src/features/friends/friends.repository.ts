import { and, asc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { friendships, memberBlocks } from '../../db/schema/social';

const back = alias(friendships, 'back');

/** The row the other way round, also accepted: with it, the pair are friends. */
const acceptedBack = and(
  eq(back.userId, friendships.friendId),
  eq(back.friendId, friendships.userId),
  eq(back.status, 'accepted'),
);

/** Members who accepted each other: a row each way, both accepted. */
export async function listFriends(db: Executor, userId: number) {
  return db
    .select({ id: users.id, name: users.name })
    .from(friendships)
    .innerJoin(back, acceptedBack)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(and(eq(friendships.userId, userId), eq(friendships.status, 'accepted')))
    .orderBy(asc(users.name));
}

export async function areFriends(db: Executor, userId: number, otherId: number): Promise<boolean> {
  const rows = await db
    .select({ id: friendships.id })
    .from(friendships)
    .innerJoin(back, acceptedBack)
    .where(
      and(
        eq(friendships.userId, userId),
        eq(friendships.friendId, otherId),
        eq(friendships.status, 'accepted'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether either member blocked the other: requests, messages and shares stop both ways. */
export async function isBlockedEitherWay(
  db: Executor,
  userId: number,
  otherId: number,
): Promise<boolean> {
  const rows = await db
    .select({ blockerId: memberBlocks.blockerId })
    .from(memberBlocks)
    .where(
      or(
        and(eq(memberBlocks.blockerId, userId), eq(memberBlocks.blockedId, otherId)),
        and(eq(memberBlocks.blockerId, otherId), eq(memberBlocks.blockedId, userId)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
