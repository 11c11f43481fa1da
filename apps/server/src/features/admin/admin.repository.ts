import { and, count, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, type NewAuditRow } from '../../db/schema/admin';
import { sessions, users } from '../../db/schema/accounts';
import { friendships } from '../../db/schema/social';
import { workoutLogs } from '../../db/schema/workout-logs';
import { workouts } from '../../db/schema/workouts';

/** Members whose name or email contains `pattern` (a LIKE pattern, lower-case), newest first. */
export async function searchUsers(
  db: Executor,
  pattern: string | null,
  beforeId: number | null,
  limit: number,
) {
  const where: SQL[] = [];
  if (pattern !== null) {
    where.push(
      or(sql`lower(${users.name}) like ${pattern}`, sql`lower(${users.email}) like ${pattern}`)!,
    );
  }
  if (beforeId !== null) where.push(lt(users.id, beforeId));
  return db
    .select()
    .from(users)
    .where(and(...where))
    .orderBy(desc(users.id))
    .limit(limit);
}

export async function findUser(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The row locked for this transaction: two admins acting on one member take turns. */
export async function lockUser(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row;
}

/**
 * The active admins, locked in id order: every admin action takes these locks first, so two
 * admins demoting or suspending each other at once take turns and never leave none.
 */
export async function lockActiveAdmins(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.suspendedAt)))
    .orderBy(users.id)
    .for('update');
  return rows.map((r) => r.id);
}

export async function countsFor(db: Executor, id: number) {
  const [w, l, f, s] = await Promise.all([
    db.select({ n: count() }).from(workouts).where(eq(workouts.ownerId, id)),
    db.select({ n: count() }).from(workoutLogs).where(eq(workoutLogs.userId, id)),
    db
      .select({ n: count() })
      .from(friendships)
      .where(and(eq(friendships.userId, id), eq(friendships.status, 'accepted'))),
    db.select({ n: count() }).from(sessions).where(eq(sessions.userId, id)),
  ]);
  return {
    workouts: w[0]?.n ?? 0,
    workout_logs: l[0]?.n ?? 0,
    friends: f[0]?.n ?? 0,
    sessions: s[0]?.n ?? 0,
  };
}

export async function setRole(db: Executor, id: number, role: 'member' | 'coach' | 'admin') {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function setSuspended(db: Executor, id: number, at: Date | null) {
  await db.update(users).set({ suspendedAt: at, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Ends every session of the member; answers their ids, so their sockets close too. */
export async function deleteSessionsOf(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Deletes the account; everything it owns goes with it (ON DELETE CASCADE). */
export async function deleteUser(db: Executor, id: number) {
  await db.delete(users).where(eq(users.id, id));
}

/** The only write to the audit log: an insert (the table refuses updates and deletes). */
export async function insertAudit(db: Executor, row: NewAuditRow) {
  await db.insert(auditLog).values(row);
}

export async function listAudit(
  db: Executor,
  filter: { actorId?: number; targetId?: number; action?: string },
  beforeId: number | null,
  limit: number,
) {
  const where: SQL[] = [];
  if (filter.actorId !== undefined) where.push(eq(auditLog.actorId, filter.actorId));
  if (filter.targetId !== undefined) where.push(eq(auditLog.targetId, filter.targetId));
  if (filter.action !== undefined) where.push(eq(auditLog.action, filter.action as never));
  if (beforeId !== null) where.push(lt(auditLog.id, beforeId));
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/**
 * What a member's export holds: each table of their own data and the column that names them as
 * its owner. Rows that only mention them (a friend's message to them, a comment on their log)
 * are the other member's and stay out; their own messages and comments are in.
 */
export const EXPORT_TABLES = [
  ['workouts', 'owner_id'],
  ['workout_logs', 'user_id'],
  ['personal_records', 'user_id'],
  ['user_achievements', 'user_id'],
  ['game_stats', 'user_id'],
  ['team_members', 'user_id'],
  ['team_game_stats', 'player_id'],
  ['programs', 'owner_id'],
  ['program_follows', 'user_id'],
  ['diets', 'owner_id'],
  ['trainer_threads', 'user_id'],
  ['trainer_memories', 'user_id'],
  ['challenges', 'creator_id'],
  ['challenge_participants', 'user_id'],
  ['friendships', 'user_id'],
  ['chat_messages', 'sender_id'],
  ['feed_comments', 'user_id'],
] as const;

export async function exportRows(db: Executor, userId: number) {
  const out: Record<string, unknown[]> = {};
  for (const [table, column] of EXPORT_TABLES) {
    const result = await db.execute(
      sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId} order by 1`,
    );
    out[table] = (result as { rows: unknown[] }).rows;
  }
  const threads = await db.execute(
    sql`select m.* from trainer_messages m join trainer_threads t on t.id = m.thread_id
         where t.user_id = ${userId} order by m.id`,
  );
  out.trainer_messages = (threads as { rows: unknown[] }).rows;
  return out;
}
