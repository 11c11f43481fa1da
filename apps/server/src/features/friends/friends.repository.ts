import { and, asc, desc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { friendships, memberBlocks } from '../../db/schema/social';
import { storageAttachments } from '../../db/schema/storage';

const back = alias(friendships, 'back');

/** The row the other way round, also accepted: with it, the pair are friends. */
const acceptedBack = and(
  eq(back.userId, friendships.friendId),
  eq(back.friendId, friendships.userId),
  eq(back.status, 'accepted'),
);

/** A member's photo is the blob attached to their `avatar` slot (users.service avatarSlot). */
const avatar = alias(storageAttachments, 'avatar');
const avatarOf = (userId: SQL | typeof users.id) =>
  and(
    eq(avatar.recordType, 'user'),
    eq(avatar.name, 'avatar'),
    eq(avatar.recordId, userId as typeof users.id),
  );

/** Members who accepted each other: a row each way, both accepted. */
export async function listFriends(db: Executor, userId: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      avatarBlobId: avatar.blobId,
      lastActiveAt: users.lastActiveAt,
      // Friends since the later of the two rows: when the second one accepted.
      since: sql<Date>`greatest(${friendships.createdAt}, ${back.createdAt})`.mapWith(
        (v: string | Date) => new Date(v),
      ),
    })
    .from(friendships)
    .innerJoin(back, acceptedBack)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .leftJoin(avatar, avatarOf(users.id))
    .where(and(eq(friendships.userId, userId), eq(friendships.status, 'accepted')))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

/** Pending requests others sent the member (`incoming`), or the member sent (`outgoing`). */
export async function listRequests(
  db: Executor,
  userId: number,
  direction: 'incoming' | 'outgoing',
) {
  const [me, other] =
    direction === 'incoming'
      ? [friendships.friendId, friendships.userId]
      : [friendships.userId, friendships.friendId];
  return db
    .select({
      id: users.id,
      name: users.name,
      avatarBlobId: avatar.blobId,
      since: friendships.createdAt,
    })
    .from(friendships)
    .innerJoin(users, eq(users.id, other))
    .leftJoin(avatar, avatarOf(users.id))
    .where(and(eq(me, userId), eq(friendships.status, 'pending')))
    .orderBy(desc(friendships.createdAt), desc(friendships.id));
}

/** Members the member blocked (those who blocked the member are never listed to them). */
export async function listBlocked(db: Executor, userId: number) {
  return db
    .select({ id: users.id, name: users.name, since: memberBlocks.createdAt })
    .from(memberBlocks)
    .innerJoin(users, eq(users.id, memberBlocks.blockedId))
    .where(eq(memberBlocks.blockerId, userId))
    .orderBy(desc(memberBlocks.createdAt), asc(users.id));
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

/** Whether `fromId` has a request pending to `toId`. */
export async function hasPendingRequest(db: Executor, fromId: number, toId: number) {
  const rows = await db
    .select({ id: friendships.id })
    .from(friendships)
    .where(
      and(
        eq(friendships.userId, fromId),
        eq(friendships.friendId, toId),
        eq(friendships.status, 'pending'),
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

const PAIR_LOCK_SPAN = 2_147_483_648n;

/**
 * Serialises every relationship write of one pair until the transaction ends: two requests
 * crossing, a request racing a block, a double click. (The one-bigint key space of advisory
 * locks is apart from the two-int one the other features' locks use.)
 */
export async function lockPair(db: Executor, a: number, b: number): Promise<void> {
  const key = BigInt(Math.min(a, b)) * PAIR_LOCK_SPAN + BigInt(Math.max(a, b));
  await db.execute(sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`);
}

/** The pair's two rows, each way (undefined where there is none). */
export async function pairRows(db: Executor, userId: number, otherId: number) {
  const rows = await db
    .select({ userId: friendships.userId, status: friendships.status })
    .from(friendships)
    .where(
      or(
        and(eq(friendships.userId, userId), eq(friendships.friendId, otherId)),
        and(eq(friendships.userId, otherId), eq(friendships.friendId, userId)),
      ),
    );
  return {
    mine: rows.find((r) => r.userId === userId)?.status,
    theirs: rows.find((r) => r.userId === otherId)?.status,
  };
}

/** Inserts the row user → friend; false when it already exists (the unique pair index). */
export async function insertFriendship(
  db: Executor,
  userId: number,
  friendId: number,
  status: 'pending' | 'accepted',
): Promise<boolean> {
  const rows = await db
    .insert(friendships)
    .values({ userId, friendId, status })
    .onConflictDoNothing()
    .returning({ id: friendships.id });
  return rows.length > 0;
}

export async function acceptRow(db: Executor, userId: number, friendId: number): Promise<boolean> {
  const rows = await db
    .update(friendships)
    .set({ status: 'accepted' })
    .where(
      and(
        eq(friendships.userId, userId),
        eq(friendships.friendId, friendId),
        eq(friendships.status, 'pending'),
      ),
    )
    .returning({ id: friendships.id });
  return rows.length > 0;
}

/** Deletes the row user → friend (any status, or only `status`); answers whether one went. */
export async function deleteRow(
  db: Executor,
  userId: number,
  friendId: number,
  status?: 'pending' | 'accepted',
): Promise<boolean> {
  const rows = await db
    .delete(friendships)
    .where(
      and(
        eq(friendships.userId, userId),
        eq(friendships.friendId, friendId),
        status ? eq(friendships.status, status) : undefined,
      ),
    )
    .returning({ id: friendships.id });
  return rows.length > 0;
}

export async function insertBlock(db: Executor, blockerId: number, blockedId: number) {
  await db.insert(memberBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Executor, blockerId: number, blockedId: number) {
  const rows = await db
    .delete(memberBlocks)
    .where(and(eq(memberBlocks.blockerId, blockerId), eq(memberBlocks.blockedId, blockedId)))
    .returning({ blockerId: memberBlocks.blockerId });
  return rows.length > 0;
}

export async function findMember(db: Executor, id: number) {
  const rows = await db
    .select({ id: users.id, name: users.name, avatarBlobId: avatar.blobId })
    .from(users)
    .leftJoin(avatar, avatarOf(users.id))
    .where(eq(users.id, id))
    .limit(1);
  return rows[0];
}

export interface SearchCursor {
  /** lower(name) of the last result. */
  n: string;
  id: number;
}

/**
 * Members by any part of their name or by exact email, ordered by name, never the searcher nor
 * anyone blocked either way; or only the searcher's friends. `namePattern` is a LIKE pattern on
 * lower(name): with 3 or more characters between its wildcards the pg_trgm GIN index
 * (users_name_trgm_idx) finds the rows; `email` is matched through users_email_lower_idx.
 */
export async function searchMembers(
  db: Executor,
  viewerId: number,
  query: {
    namePattern: string | null;
    email: string | null;
    friendsOnly: boolean;
    after: SearchCursor | null;
    limit: number;
  },
) {
  const mine = alias(friendships, 'mine');
  const theirs = alias(friendships, 'theirs');
  const lowerName = sql<string>`lower(${users.name})`;
  const matches: SQL[] = [];
  if (query.namePattern !== null) matches.push(sql`${lowerName} like ${query.namePattern}`);
  if (query.email !== null) matches.push(sql`lower(${users.email}) = ${query.email}`);
  const blocked = sql`exists (select 1 from ${memberBlocks} where (${memberBlocks.blockerId} = ${viewerId} and ${memberBlocks.blockedId} = ${users.id}) or (${memberBlocks.blockerId} = ${users.id} and ${memberBlocks.blockedId} = ${viewerId}))`;
  const friendsOnly = and(eq(mine.status, 'accepted'), eq(theirs.status, 'accepted'));
  return db
    .select({
      id: users.id,
      name: users.name,
      lowerName,
      avatarBlobId: avatar.blobId,
      mine: mine.status,
      theirs: theirs.status,
    })
    .from(users)
    .leftJoin(mine, and(eq(mine.userId, viewerId), eq(mine.friendId, users.id)))
    .leftJoin(theirs, and(eq(theirs.userId, users.id), eq(theirs.friendId, viewerId)))
    .leftJoin(avatar, avatarOf(users.id))
    .where(
      and(
        matches.length > 0 ? or(...matches) : undefined,
        sql`${users.id} <> ${viewerId}`,
        query.friendsOnly ? friendsOnly : sql`not ${blocked}`,
        query.after
          ? or(
              gt(lowerName, query.after.n),
              and(eq(lowerName, query.after.n), gt(users.id, query.after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(lowerName), asc(users.id))
    .limit(query.limit + 1);
}

/**
 * The first `limit` members whose lower(name) matches `namePattern`, by name: who anyone
 * searching that text could be shown, before the searcher's own blocks are taken out.
 */
export async function directoryMatches(db: Executor, namePattern: string, limit: number) {
  const lowerName = sql<string>`lower(${users.name})`;
  return db
    .select({ id: users.id, name: users.name, lowerName, avatarBlobId: avatar.blobId })
    .from(users)
    .leftJoin(avatar, avatarOf(users.id))
    .where(sql`${lowerName} like ${namePattern}`)
    .orderBy(asc(lowerName), asc(users.id))
    .limit(limit);
}

/** Every friendship row and block that involves the member, from both sides. */
export async function relationsOf(db: Executor, userId: number) {
  const [mine, theirs, blocks] = await Promise.all([
    db
      .select({ id: friendships.friendId, status: friendships.status })
      .from(friendships)
      .where(eq(friendships.userId, userId)),
    db
      .select({ id: friendships.userId, status: friendships.status })
      .from(friendships)
      .where(eq(friendships.friendId, userId)),
    db
      .select({ blockerId: memberBlocks.blockerId, blockedId: memberBlocks.blockedId })
      .from(memberBlocks)
      .where(or(eq(memberBlocks.blockerId, userId), eq(memberBlocks.blockedId, userId))),
  ]);
  return {
    mine,
    theirs,
    blocked: blocks.map((b) => (b.blockerId === userId ? b.blockedId : b.blockerId)),
  };
}
