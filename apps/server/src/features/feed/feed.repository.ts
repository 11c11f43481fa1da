import { and, asc, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { feedComments, feedKudos, friendships, memberBlocks } from '../../db/schema/social';
import { storageAttachments } from '../../db/schema/storage';
import { userAchievements, workoutLogs } from '../../db/schema/workout-logs';
import { sharedDiets, sharedPrograms, sharedTrainerThreads } from '../../db/schema/coach';
import { sharedWorkouts } from '../../db/schema/workouts';

export interface FeedLogRow {
  id: number;
  userId: number;
  workoutId: number | null;
  title: string;
  performedOn: string;
  durationSeconds: number | null;
  totalVolumeKg: number;
  totalReps: number;
  memberName: string;
}

/**
 * Whether `other` shows their activity to `viewer`: friends both ways, `other` shares with
 * friends, and neither blocked the other. The one rule, in SQL, used by every read below.
 */
function sharesActivityWith(viewerId: number, other: SQL): SQL {
  return sql`(
    exists (
      select 1 from ${friendships} f
      join ${friendships} b on b.user_id = f.friend_id and b.friend_id = f.user_id
        and b.status = 'accepted'
      where f.user_id = ${viewerId} and f.friend_id = ${other} and f.status = 'accepted'
    )
    and exists (
      select 1 from ${users} u where u.id = ${other} and u.activity_visibility = 'friends'
    )
    and not exists (
      select 1 from ${memberBlocks} mb
      where (mb.blocker_id = ${viewerId} and mb.blocked_id = ${other})
         or (mb.blocker_id = ${other} and mb.blocked_id = ${viewerId})
    )
  )`;
}

/**
 * The feed's page: the reader's own logs and those of friends who show them their activity,
 * newest first. Each member's newest `limit + 1` logs after the cursor come from their own
 * range of workout_logs_user_date_idx (a LATERAL per member), and only those are merged: the
 * cost follows the number of friends and the page size, never the size of anyone's history.
 */
export async function feedPage(
  db: Executor,
  viewerId: number,
  after: { performedOn: string; id: number } | null,
  limit: number,
): Promise<FeedLogRow[]> {
  const take = limit + 1;
  const afterCondition = after
    ? sql`and (l.performed_on, l.id) < (${after.performedOn}::date, ${after.id}::integer)`
    : sql``;
  const result = await db.execute(sql`
    with members as (
      select f.friend_id as id
      from ${friendships} f
      join ${friendships} b on b.user_id = f.friend_id and b.friend_id = f.user_id
        and b.status = 'accepted'
      join ${users} u on u.id = f.friend_id and u.activity_visibility = 'friends'
      where f.user_id = ${viewerId} and f.status = 'accepted'
        and not exists (
          select 1 from ${memberBlocks} mb
          where (mb.blocker_id = ${viewerId} and mb.blocked_id = f.friend_id)
             or (mb.blocker_id = f.friend_id and mb.blocked_id = ${viewerId})
        )
      union
      select ${viewerId}::integer
    ),
    -- The page first, then the names: only the page's rows are joined to users.
    page as (
      select l.* from members m
      cross join lateral (
        select * from ${workoutLogs} l
        where l.user_id = m.id ${afterCondition}
        order by l.performed_on desc, l.id desc
        limit ${take}
      ) l
      order by l.performed_on desc, l.id desc
      limit ${take}
    )
    select l.id, l.user_id as "userId", l.workout_id as "workoutId", l.title,
      l.performed_on::text as "performedOn", l.duration_seconds as "durationSeconds",
      l.total_volume_kg as "totalVolumeKg", l.total_reps as "totalReps",
      u.name as "memberName"
    from page l
    join ${users} u on u.id = l.user_id
    order by l.performed_on desc, l.id desc
  `);
  return (result as { rows: FeedLogRow[] }).rows;
}

/** The log if `viewerId` may see it in the feed (their own, or a friend's they show); else undefined. */
export async function visibleLog(db: Executor, viewerId: number, logId: number) {
  const rows = await db
    .select({ id: workoutLogs.id, userId: workoutLogs.userId, title: workoutLogs.title })
    .from(workoutLogs)
    .where(
      and(
        eq(workoutLogs.id, logId),
        sql`(${workoutLogs.userId} = ${viewerId} or ${sharesActivityWith(viewerId, sql`${workoutLogs.userId}`)})`,
      ),
    )
    .limit(1);
  return rows[0];
}

/** Kudos counts of these logs, and which of them the reader gave. */
export async function kudosOf(db: Executor, logIds: number[], viewerId: number) {
  const counts = new Map<number, number>();
  const given = new Set<number>();
  if (logIds.length === 0) return { counts, given };
  const rows = await db
    .select({
      logId: feedKudos.logId,
      n: count(),
      mine: sql<boolean>`bool_or(${feedKudos.userId} = ${viewerId})`,
    })
    .from(feedKudos)
    .where(inArray(feedKudos.logId, logIds))
    .groupBy(feedKudos.logId);
  for (const row of rows) {
    counts.set(row.logId, Number(row.n));
    if (row.mine) given.add(row.logId);
  }
  return { counts, given };
}

export async function commentCounts(db: Executor, logIds: number[]) {
  const counts = new Map<number, number>();
  if (logIds.length === 0) return counts;
  const rows = await db
    .select({ logId: feedComments.logId, n: count() })
    .from(feedComments)
    .where(inArray(feedComments.logId, logIds))
    .groupBy(feedComments.logId);
  for (const row of rows) counts.set(row.logId, Number(row.n));
  return counts;
}

export interface CommentRow {
  id: number;
  logId: number;
  userId: number;
  body: string;
  createdAt: Date;
  authorName: string;
}

/** The newest `perLog` comments of each log (read from feed_comments_log_idx, per log). */
export async function latestComments(
  db: Executor,
  logIds: number[],
  perLog: number,
): Promise<CommentRow[]> {
  if (logIds.length === 0) return [];
  const result = await db.execute(sql`
    select c.id, c.log_id as "logId", c.user_id as "userId", c.body,
      c.created_at as "createdAt", u.name as "authorName"
    from unnest(${sql.raw(`ARRAY[${logIds.map((id) => Number(id)).join(',')}]::integer[]`)}) as l(id)
    cross join lateral (
      select * from ${feedComments} c where c.log_id = l.id order by c.id desc limit ${perLog}
    ) c
    join ${users} u on u.id = c.user_id
    order by c.log_id, c.id
  `);
  return (result as { rows: (CommentRow & { createdAt: Date | string })[] }).rows.map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt),
  }));
}

/** A log's comments, newest first, before the cursor's id. */
export async function commentsOfLog(
  db: Executor,
  logId: number,
  beforeId: number | null,
  limit: number,
): Promise<CommentRow[]> {
  const conditions = [eq(feedComments.logId, logId)];
  if (beforeId !== null) conditions.push(lt(feedComments.id, beforeId));
  return db
    .select({
      id: feedComments.id,
      logId: feedComments.logId,
      userId: feedComments.userId,
      body: feedComments.body,
      createdAt: feedComments.createdAt,
      authorName: users.name,
    })
    .from(feedComments)
    .innerJoin(users, eq(users.id, feedComments.userId))
    .where(and(...conditions))
    .orderBy(desc(feedComments.id))
    .limit(limit + 1);
}

export async function findComment(db: Executor, id: number) {
  const rows = await db
    .select({
      id: feedComments.id,
      logId: feedComments.logId,
      userId: feedComments.userId,
      ownerId: workoutLogs.userId,
    })
    .from(feedComments)
    .innerJoin(workoutLogs, eq(workoutLogs.id, feedComments.logId))
    .where(eq(feedComments.id, id))
    .limit(1);
  return rows[0];
}

export async function insertComment(db: Executor, logId: number, userId: number, body: string) {
  const [row] = await db
    .insert(feedComments)
    .values({ logId, userId, body })
    .returning({ id: feedComments.id });
  return row!.id;
}

export async function deleteComment(db: Executor, id: number): Promise<void> {
  await db.delete(feedComments).where(eq(feedComments.id, id));
}

/** Gives or takes back kudos; answers whether anything changed. */
export async function setKudos(
  db: Executor,
  logId: number,
  userId: number,
  given: boolean,
): Promise<boolean> {
  if (given) {
    const rows = await db
      .insert(feedKudos)
      .values({ logId, userId })
      .onConflictDoNothing()
      .returning({ logId: feedKudos.logId });
    return rows.length > 0;
  }
  const rows = await db
    .delete(feedKudos)
    .where(and(eq(feedKudos.logId, logId), eq(feedKudos.userId, userId)))
    .returning({ logId: feedKudos.logId });
  return rows.length > 0;
}

export async function hasGivenKudos(db: Executor, logId: number, userId: number) {
  const rows = await db
    .select({ logId: feedKudos.logId })
    .from(feedKudos)
    .where(and(eq(feedKudos.logId, logId), eq(feedKudos.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Achievements earned by these logs, oldest first. */
export async function achievementsOfLogs(db: Executor, logIds: number[]) {
  if (logIds.length === 0) return [];
  return db
    .select({
      logId: userAchievements.logId,
      badge: userAchievements.badge,
      header: userAchievements.header,
      details: userAchievements.details,
      wording: userAchievements.wording,
    })
    .from(userAchievements)
    .where(inArray(userAchievements.logId, logIds))
    .orderBy(asc(userAchievements.id));
}

/** The photo blob of each of these members who has one. */
export async function avatarBlobIds(db: Executor, userIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: storageAttachments.recordId, blobId: storageAttachments.blobId })
    .from(storageAttachments)
    .where(
      and(
        eq(storageAttachments.recordType, 'user'),
        eq(storageAttachments.name, 'avatar'),
        inArray(storageAttachments.recordId, [...new Set(userIds)]),
      ),
    );
  for (const row of rows) out.set(row.userId, row.blobId);
  return out;
}

export interface SharedRow {
  id: number;
  /** The shared workout's, diet's, program's or trainer thread's id. */
  itemId: number;
  fromUserId: number;
  fromName: string;
  createdAt: Date;
}

/** The four things friends share, each with its own table of the same shape. */
const shareTables = {
  workout: { table: sharedWorkouts, itemId: sharedWorkouts.workoutId },
  diet: { table: sharedDiets, itemId: sharedDiets.dietId },
  program: { table: sharedPrograms, itemId: sharedPrograms.programId },
  trainer_thread: { table: sharedTrainerThreads, itemId: sharedTrainerThreads.threadId },
} as const;
export type SharedKind = keyof typeof shareTables;

/**
 * What was shared with the reader, newest first, from members who are still friends and not
 * blocked either way (a share from someone since unfriended or blocked is hidden).
 */
export async function sharedWithMe(
  db: Executor,
  kind: SharedKind,
  viewerId: number,
  beforeId: number | null,
  limit: number,
): Promise<SharedRow[]> {
  const { table } = shareTables[kind];
  return sharesTo(db, kind, viewerId, beforeId === null ? null : lt(table.id, beforeId), limit);
}

/** One workout share to the reader, under the same rule as the list. */
export async function findSharedWithMe(db: Executor, viewerId: number, shareId: number) {
  return (await sharesTo(db, 'workout', viewerId, eq(sharedWorkouts.id, shareId), 0))[0];
}

async function sharesTo(
  db: Executor,
  kind: SharedKind,
  viewerId: number,
  extra: SQL | null,
  limit: number,
): Promise<SharedRow[]> {
  const { table, itemId } = shareTables[kind];
  const conditions: SQL[] = [
    eq(table.toUserId, viewerId),
    sql`exists (
      select 1 from ${friendships} f
      join ${friendships} b on b.user_id = f.friend_id and b.friend_id = f.user_id
        and b.status = 'accepted'
      where f.user_id = ${viewerId} and f.friend_id = ${table.fromUserId}
        and f.status = 'accepted'
    )`,
    sql`not exists (
      select 1 from ${memberBlocks} mb
      where (mb.blocker_id = ${viewerId} and mb.blocked_id = ${table.fromUserId})
         or (mb.blocker_id = ${table.fromUserId} and mb.blocked_id = ${viewerId})
    )`,
  ];
  if (extra) conditions.push(extra);
  return db
    .select({
      id: table.id,
      itemId,
      fromUserId: table.fromUserId,
      fromName: users.name,
      createdAt: table.createdAt,
    })
    .from(table)
    .innerJoin(users, eq(users.id, table.fromUserId))
    .where(and(...conditions))
    .orderBy(desc(table.id))
    .limit(limit + 1);
}
