import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { AssignableTeamRole, TeamRole, TeamValues } from '@fitcoach/shared/teams';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { storageAttachments } from '../../db/schema/storage';
import { teamMembers, teams, teamWorkouts } from '../../db/schema/teams';
import { workoutLogs } from '../../db/schema/workout-logs';
import { workouts } from '../../db/schema/workouts';

export type TeamRow = typeof teams.$inferSelect;
export type MemberRow = typeof teamMembers.$inferSelect;

/** A member's photo blob. (Inside a subquery Drizzle writes columns unqualified.) */
const avatarBlobId = sql<number | null>`(
  SELECT a.blob_id FROM ${storageAttachments} a
  WHERE a.record_type = 'user' AND a.name = 'avatar' AND a.record_id = ${users}.id LIMIT 1
)`;

const photoBlobId = sql<number | null>`(
  SELECT a.blob_id FROM ${storageAttachments} a
  WHERE a.record_type = 'team' AND a.name = 'photo' AND a.record_id = ${teams}.id LIMIT 1
)`;

const memberCount = sql<number>`(
  SELECT count(*)::int FROM ${teamMembers} m WHERE m.team_id = ${teams}.id
)`;

/** The viewer's teams with their role, newest first. */
export function teamsOf(db: Executor, userId: number) {
  return db
    .select({ team: teams, role: teamMembers.role, photoBlobId, memberCount })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(sql`${teams.createdAt} DESC`, sql`${teams.id} DESC`)
    .limit(200);
}

/** One team as `userId` sees it: undefined when there is no such team or they are not on it. */
export async function teamFor(db: Executor, teamId: number, userId: number) {
  const [row] = await db
    .select({ team: teams, role: teamMembers.role, photoBlobId, memberCount })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row;
}

/** The viewer's role on the team, locking their row so a concurrent removal waits. */
export async function roleFor(db: Executor, teamId: number, userId: number, lock = false) {
  const query = db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  const [row] = await (lock ? query.for('update') : query);
  return row?.role;
}

/**
 * Locks the team's row: every write to a team takes it first, so writes to one team take turns
 * (two owners stepping down at once cannot leave it with none) and always lock in the same
 * order, team then roster rows (no deadlock). `NO KEY UPDATE` leaves foreign-key checks on the
 * team (and holdTeam) free.
 */
export async function lockTeam(db: Executor, teamId: number): Promise<boolean> {
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.id, teamId))
    .for('no key update');
  return rows.length > 0;
}

/**
 * Whether the team exists, holding its row (KEY SHARE, the lock a foreign key to it takes) to
 * the end of the transaction: a record about to name the team is not left pointing at one
 * deleted meanwhile. Taken before any roster row, in the order a deletion takes them.
 */
export async function holdTeam(db: Executor, teamId: number): Promise<boolean> {
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.id, teamId))
    .for('key share');
  return rows.length > 0;
}

/** The team's owners, longest-standing first. */
export async function ownerIds(db: Executor, teamId: number): Promise<number[]> {
  const rows = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'owner')))
    .orderBy(asc(teamMembers.addedAt), asc(teamMembers.userId));
  return rows.map((r) => r.id);
}

/**
 * Keeps `teams.owner_id` on one of the team's owners (the longest-standing) when the one it
 * names steps down, leaves or is removed: the column outlives its creator's ownership.
 */
export async function keepOwnerOfRecord(db: Executor, teamId: number) {
  await db.execute(sql`
    UPDATE ${teams} SET owner_id = (
      SELECT m.user_id FROM ${teamMembers} m
      WHERE m.team_id = ${teamId} AND m.role = 'owner'
      ORDER BY m.added_at, m.user_id LIMIT 1
    )
    WHERE id = ${teamId} AND NOT EXISTS (
      SELECT 1 FROM ${teamMembers} m
      WHERE m.team_id = ${teamId} AND m.role = 'owner' AND m.user_id = ${teams}.owner_id
    ) AND EXISTS (
      SELECT 1 FROM ${teamMembers} m WHERE m.team_id = ${teamId} AND m.role = 'owner'
    )
  `);
}

/** Whether the workout was given to the team (its members may open and log it). */
export async function hasWorkout(db: Executor, teamId: number, workoutId: number) {
  const rows = await db
    .select({ id: teamWorkouts.workoutId })
    .from(teamWorkouts)
    .where(and(eq(teamWorkouts.teamId, teamId), eq(teamWorkouts.workoutId, workoutId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertTeam(db: Executor, ownerId: number, values: TeamValues) {
  const [team] = await db
    .insert(teams)
    .values({ ...values, ownerId })
    .returning();
  await db.insert(teamMembers).values({ teamId: team!.id, userId: ownerId, role: 'owner' });
  return team!;
}

export async function updateTeam(db: Executor, id: number, values: TeamValues) {
  await db
    .update(teams)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(teams.id, id));
}

export async function deleteTeam(db: Executor, id: number) {
  await db.delete(teams).where(eq(teams.id, id));
}

/** The roster: owner, coaches, scorers, then players by jersey number. */
export function membersOf(db: Executor, teamId: number) {
  return db
    .select({ member: teamMembers, name: users.name, avatarBlobId })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(
      sql`CASE ${teamMembers.role} WHEN 'owner' THEN 0 WHEN 'coach' THEN 1 WHEN 'scorer' THEN 2 ELSE 3 END`,
      asc(teamMembers.jerseyNumber),
      asc(users.name),
    );
}

export async function memberIds(db: Executor, teamId: number): Promise<number[]> {
  const rows = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  return rows.map((r) => r.id);
}

export interface MemberValues {
  role: AssignableTeamRole | TeamRole;
  jerseyNumber: number | null;
  aliasName: string;
  aliasDepedentName: string;
}

/** Adds a member or changes their row; `true` when they were new to the team. */
export async function upsertMember(
  db: Executor,
  teamId: number,
  userId: number,
  values: MemberValues,
): Promise<boolean> {
  const [row] = await db
    .insert(teamMembers)
    .values({ teamId, userId, ...values })
    .onConflictDoUpdate({ target: [teamMembers.teamId, teamMembers.userId], set: values })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted ?? false;
}

/** Changes a member's roster row in place; `false` when they are not on the team. */
export async function updateMember(
  db: Executor,
  teamId: number,
  userId: number,
  values: MemberValues,
): Promise<boolean> {
  const rows = await db
    .update(teamMembers)
    .set(values)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
  return rows.length > 0;
}

/** Who wears `jersey` on the team, if anyone. */
export async function jerseyHolder(db: Executor, teamId: number, jersey: number) {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.jerseyNumber, jersey)));
  return row?.userId;
}

export async function deleteMember(db: Executor, teamId: number, userId: number) {
  const rows = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
  return rows.length > 0;
}

/** The team's workouts with titles, in the order they were given. */
export function workoutsOf(db: Executor, teamId: number) {
  return db
    .select({ id: workouts.id, title: workouts.title, addedAt: teamWorkouts.addedAt })
    .from(teamWorkouts)
    .innerJoin(workouts, eq(workouts.id, teamWorkouts.workoutId))
    .where(eq(teamWorkouts.teamId, teamId))
    .orderBy(asc(teamWorkouts.addedAt), asc(workouts.id));
}

export async function addWorkouts(db: Executor, teamId: number, workoutIds: number[]) {
  if (workoutIds.length === 0) return;
  await db
    .insert(teamWorkouts)
    .values(workoutIds.map((workoutId) => ({ teamId, workoutId })))
    .onConflictDoNothing();
}

export async function removeWorkout(db: Executor, teamId: number, workoutId: number) {
  const rows = await db
    .delete(teamWorkouts)
    .where(and(eq(teamWorkouts.teamId, teamId), eq(teamWorkouts.workoutId, workoutId)))
    .returning({ id: teamWorkouts.workoutId });
  return rows.length > 0;
}

export async function countWorkouts(db: Executor, teamId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamWorkouts)
    .where(eq(teamWorkouts.teamId, teamId));
  return row?.n ?? 0;
}

/**
 * Which members have logged which of the team's workouts since it was given to the team: one
 * row per member and workout, with the day of their latest log and how many there were, latest
 * first.
 */
export function loggersOf(db: Executor, teamId: number) {
  const lastLoggedOn = sql<string>`max(${workoutLogs.performedOn})::text`;
  return db
    .select({
      workoutId: teamWorkouts.workoutId,
      userId: users.id,
      name: users.name,
      avatarBlobId,
      lastLoggedOn,
      times: sql<number>`count(*)::int`,
    })
    .from(workoutLogs)
    .innerJoin(
      teamWorkouts,
      and(
        eq(teamWorkouts.teamId, teamId),
        eq(teamWorkouts.workoutId, workoutLogs.workoutId),
        gte(workoutLogs.createdAt, teamWorkouts.addedAt),
      ),
    )
    .innerJoin(
      teamMembers,
      and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, workoutLogs.userId)),
    )
    .innerJoin(users, eq(users.id, workoutLogs.userId))
    .groupBy(teamWorkouts.workoutId, users.id)
    .orderBy(desc(lastLoggedOn), asc(users.name));
}

/**
 * Of these workouts, those the member may give a team: public ones and their own. As with
 * sharing (only a private workout's author shares it), a private workout someone shared with
 * them, or one they see as an admin or through another team, is not theirs to hand on.
 */
export async function givableWorkoutIds(
  db: Executor,
  userId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: workouts.id })
    .from(workouts)
    .where(
      and(
        inArray(workouts.id, [...ids]),
        // A library workout an admin retired stays readable by id, but is given to nobody new.
        or(
          and(eq(workouts.isPublic, true), isNull(workouts.retiredAt)),
          eq(workouts.ownerId, userId),
        ),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Which of `ids` are library workouts an admin retired. */
export async function retiredWorkoutIds(
  db: Executor,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: workouts.id })
    .from(workouts)
    .where(and(inArray(workouts.id, [...ids]), isNotNull(workouts.retiredAt)));
  return new Set(rows.map((r) => r.id));
}
