import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { friendInvitations, friendships, memberBlocks } from '../../db/schema/social';

/** Members by address (lower-cased, as stored in the unique index). */
export async function membersByEmail(db: Executor, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
}

/** The friendship rows between a member and others, both directions. */
export async function rowsBetween(db: Executor, userId: number, otherIds: number[]) {
  if (otherIds.length === 0) return [];
  return db
    .select({
      userId: friendships.userId,
      friendId: friendships.friendId,
      status: friendships.status,
    })
    .from(friendships)
    .where(
      or(
        and(eq(friendships.userId, userId), inArray(friendships.friendId, otherIds)),
        and(eq(friendships.friendId, userId), inArray(friendships.userId, otherIds)),
      ),
    );
}

/** Which of `otherIds` are blocked by, or block, the member. */
export async function blockedAmong(db: Executor, userId: number, otherIds: number[]) {
  if (otherIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ blockerId: memberBlocks.blockerId, blockedId: memberBlocks.blockedId })
    .from(memberBlocks)
    .where(
      or(
        and(eq(memberBlocks.blockerId, userId), inArray(memberBlocks.blockedId, otherIds)),
        and(eq(memberBlocks.blockedId, userId), inArray(memberBlocks.blockerId, otherIds)),
      ),
    );
  return new Set(rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId)));
}

/**
 * Serialises one inviter's invitations for the rest of the transaction, so that two at once
 * cannot both slip under the daily limit.
 */
export async function lockInviter(db: Executor, inviterId: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('friend_invitations'), ${inviterId})`);
}

export async function countInvitationsSince(
  db: Executor,
  inviterId: number,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(friendInvitations)
    .where(and(eq(friendInvitations.inviterId, inviterId), gt(friendInvitations.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertInvitation(
  db: Executor,
  values: typeof friendInvitations.$inferInsert,
): Promise<void> {
  await db.insert(friendInvitations).values(values);
}

export async function findInvitation(db: Executor, tokenHash: string) {
  const rows = await db
    .select({
      inviterId: friendInvitations.inviterId,
      inviterName: users.name,
      name: friendInvitations.name,
      email: friendInvitations.email,
      expiresAt: friendInvitations.expiresAt,
      usedAt: friendInvitations.usedAt,
    })
    .from(friendInvitations)
    .innerJoin(users, eq(users.id, friendInvitations.inviterId))
    .where(eq(friendInvitations.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}

/**
 * Spends an invitation: only an unused one that has not expired, in one statement, so that two
 * sign-ups with the same link cannot both use it. Answers the inviter, or nothing.
 */
export async function useInvitation(
  db: Executor,
  tokenHash: string,
  userId: number,
): Promise<number | null> {
  const rows = await db
    .update(friendInvitations)
    .set({ usedAt: new Date(), usedBy: userId })
    .where(
      and(
        eq(friendInvitations.tokenHash, tokenHash),
        isNull(friendInvitations.usedAt),
        gt(friendInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ inviterId: friendInvitations.inviterId });
  return rows[0]?.inviterId ?? null;
}
