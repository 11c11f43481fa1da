import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CoachingStatus } from '@fitcoach/shared/coaching';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { coachClients, logComments } from '../../db/schema/coaching';
import { storageAttachments } from '../../db/schema/storage';
import { workoutLogs } from '../../db/schema/workout-logs';

export type LinkRow = typeof coachClients.$inferSelect;

/** A new invitation; undefined when the pair already has an open invitation or an active link. */
export async function insertInvitation(db: Executor, coachId: number, clientId: number) {
  const [row] = await db
    .insert(coachClients)
    .values({ coachId, clientId })
    .onConflictDoNothing()
    .returning({ id: coachClients.id });
  return row?.id;
}

export async function findLink(db: Executor, id: number) {
  const [row] = await db.select().from(coachClients).where(eq(coachClients.id, id));
  return row;
}

/** The pair's open invitation or active link, if any. */
export async function findOpenLink(db: Executor, coachId: number, clientId: number) {
  const [row] = await db
    .select()
    .from(coachClients)
    .where(
      and(
        eq(coachClients.coachId, coachId),
        eq(coachClients.clientId, clientId),
        inArray(coachClients.status, ['invited', 'active']),
      ),
    );
  return row;
}

/**
 * Moves a link on from the state it was read in; false when another request moved it first
 * (an accept racing an end, two tabs declining).
 */
export async function moveLink(
  db: Executor,
  id: number,
  from: CoachingStatus,
  set: Partial<Pick<LinkRow, 'status' | 'startedAt' | 'endedAt' | 'endedBy'>>,
) {
  const rows = await db
    .update(coachClients)
    .set(set)
    .where(and(eq(coachClients.id, id), eq(coachClients.status, from)))
    .returning({ id: coachClients.id });
  return rows.length > 0;
}

/**
 * A member's name and photo blob. (Inside a subquery Drizzle writes a column unqualified, so the
 * outer `users` row is named by its table explicitly.)
 */
const personColumns = {
  name: users.name,
  avatarBlobId: sql<number | null>`(
    SELECT a.blob_id FROM ${storageAttachments} a
    WHERE a.record_type = 'user' AND a.name = 'avatar' AND a.record_id = ${users}.id LIMIT 1
  )`,
};

/** The coach's links with their members: active first, then invitations, then past ones. */
export function linksOfCoach(db: Executor, coachId: number) {
  return db
    .select({ link: coachClients, ...personColumns })
    .from(coachClients)
    .innerJoin(users, eq(users.id, coachClients.clientId))
    .where(eq(coachClients.coachId, coachId))
    .orderBy(
      sql`CASE ${coachClients.status} WHEN 'active' THEN 0 WHEN 'invited' THEN 1 ELSE 2 END`,
      desc(coachClients.invitedAt),
      desc(coachClients.id),
    )
    .limit(200);
}

/** The member's active coaches and open invitations, with the coaches' names. */
export function linksOfClient(db: Executor, clientId: number) {
  return db
    .select({ link: coachClients, ...personColumns })
    .from(coachClients)
    .innerJoin(users, eq(users.id, coachClients.coachId))
    .where(
      and(eq(coachClients.clientId, clientId), inArray(coachClients.status, ['invited', 'active'])),
    )
    .orderBy(desc(coachClients.invitedAt), desc(coachClients.id));
}

/** Whether `coachId` coaches `clientId` now. */
export async function isActiveCoach(db: Executor, coachId: number, clientId: number) {
  const [row] = await db
    .select({ id: coachClients.id })
    .from(coachClients)
    .where(
      and(
        eq(coachClients.coachId, coachId),
        eq(coachClients.clientId, clientId),
        eq(coachClients.status, 'active'),
      ),
    );
  return !!row;
}

/** The ids of the member's active coaches. */
export async function activeCoachIdsOf(db: Executor, clientId: number) {
  const rows = await db
    .select({ id: coachClients.coachId })
    .from(coachClients)
    .where(and(eq(coachClients.clientId, clientId), eq(coachClients.status, 'active')));
  return rows.map((r) => r.id);
}

const logColumns = {
  id: workoutLogs.id,
  userId: workoutLogs.userId,
  title: workoutLogs.title,
  performedOn: workoutLogs.performedOn,
  durationSeconds: workoutLogs.durationSeconds,
  energyLevel: workoutLogs.energyLevel,
  sleepQuality: workoutLogs.sleepQuality,
  likedOrDisliked: workoutLogs.likedOrDisliked,
  note: workoutLogs.note,
  commentCount: sql<number>`(
    SELECT count(*)::int FROM ${logComments} c WHERE c.log_id = ${workoutLogs}.id
  )`,
};
export type LogRow = Awaited<ReturnType<typeof recentLogsOf>>[number];

/** A member's latest logs, newest first, with how many comments each has. */
export function recentLogsOf(db: Executor, userId: number, limit: number) {
  return db
    .select(logColumns)
    .from(workoutLogs)
    .where(eq(workoutLogs.userId, userId))
    .orderBy(desc(workoutLogs.performedOn), desc(workoutLogs.id))
    .limit(limit);
}

export async function findLog(db: Executor, id: number) {
  const [row] = await db
    .select({ id: workoutLogs.id, userId: workoutLogs.userId, title: workoutLogs.title })
    .from(workoutLogs)
    .where(eq(workoutLogs.id, id));
  return row;
}

/** Of these logs, the ones `userId` owns. */
export async function ownLogIds(db: Executor, userId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: workoutLogs.id })
    .from(workoutLogs)
    .where(and(eq(workoutLogs.userId, userId), inArray(workoutLogs.id, ids)));
  return rows.map((r) => r.id);
}

export type CommentRow = Awaited<ReturnType<typeof commentsOfLogs>>[number];

/** The comments of these logs, oldest first, with their authors. */
export function commentsOfLogs(db: Executor, logIds: number[]) {
  if (logIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: logComments.id,
      logId: logComments.logId,
      authorId: logComments.authorId,
      body: logComments.body,
      createdAt: logComments.createdAt,
      ...personColumns,
    })
    .from(logComments)
    .innerJoin(users, eq(users.id, logComments.authorId))
    .where(inArray(logComments.logId, logIds))
    .orderBy(asc(logComments.logId), asc(logComments.id));
}

export async function insertComment(db: Executor, logId: number, authorId: number, body: string) {
  const [row] = await db
    .insert(logComments)
    .values({ logId, authorId, body })
    .returning({ id: logComments.id });
  return row!.id;
}
