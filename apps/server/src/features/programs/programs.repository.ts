import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../lib/cursor';
import { users } from '../../db/schema/accounts';
import { memberBlocks } from '../../db/schema/social';
import {
  diets,
  programEntries,
  programFollows,
  programs,
  sharedDiets,
  sharedPrograms,
  type GeneratedBy,
} from '../../db/schema/coach';
import { exerciseTags, exercises, tags } from '../../db/schema/reference';
import { workoutLogs } from '../../db/schema/workout-logs';
import { workouts } from '../../db/schema/workouts';
import type { CatalogueExercise } from '../../coach/providers/local/session-types';

export type ProgramRow = typeof programs.$inferSelect;

/** The exercise library with its tags, as the planners read it (retired exercises left out). */
export async function loadCatalogue(db: Executor): Promise<CatalogueExercise[]> {
  const [rows, tagRows] = await Promise.all([
    db.select().from(exercises).where(isNull(exercises.retiredAt)).orderBy(asc(exercises.id)),
    db
      .select({ exerciseId: exerciseTags.exerciseId, slug: tags.slug })
      .from(exerciseTags)
      .innerJoin(tags, eq(tags.id, exerciseTags.tagId)),
  ]);
  const tagsOf = new Map<number, string[]>();
  for (const t of tagRows) tagsOf.set(t.exerciseId, [...(tagsOf.get(t.exerciseId) ?? []), t.slug]);
  return rows.map((e) => ({
    id: e.id,
    slug: e.slug,
    name: e.name,
    kind: e.kind,
    defaultDurationSeconds: e.defaultDurationSeconds,
    primaryMuscles: e.primaryMuscles,
    secondaryMuscles: e.secondaryMuscles,
    equipment: e.equipment,
    tags: tagsOf.get(e.id) ?? [],
  }));
}

export interface NewProgram {
  ownerId: number;
  title: string;
  description: string;
  goal: ProgramRow['goal'];
  level: ProgramRow['level'];
  weeks: number;
  /** Null for a built program: each follower's own start dates it. */
  startsOn: string | null;
  visibility?: ProgramRow['visibility'];
  generatedBy: GeneratedBy | null;
}

export async function insertProgram(db: Executor, p: NewProgram): Promise<number> {
  const [row] = await db.insert(programs).values(p).returning({ id: programs.id });
  return row!.id;
}

/** Entries per INSERT: at most 7 values each, well under PostgreSQL's 65,535 parameters. */
const ENTRY_BATCH = 5_000;

export async function insertEntries(
  db: Executor,
  rows: {
    programId: number;
    week: number;
    weekday: number;
    position?: number;
    workoutId?: number | null;
    dietId?: number | null;
    note?: string;
  }[],
) {
  // In batches: a full program (52 weeks × 7 days × 40 items, five values each) is more values
  // than one statement may carry (65,535 parameters).
  for (let k = 0; k < rows.length; k += ENTRY_BATCH) {
    await db.insert(programEntries).values(rows.slice(k, k + ENTRY_BATCH));
  }
}

const programColumns = {
  program: programs,
  ownerName: users.name,
  sessionsPerWeek: sql<number>`(
    SELECT count(*)::int FROM ${programEntries}
    WHERE ${programEntries.programId} = ${programs.id} AND ${programEntries.week} = 1
  )`,
};

/** The member's programs, friends' shared ones and public ones; the member's first. */
export function listVisible(db: Executor, userId: number, friendIds: number[], q?: string) {
  // Shared with the member by its owner (share_program), unless either has blocked the other.
  const sharedWithMe = and(
    sql`exists (select 1 from ${sharedPrograms} where ${sharedPrograms.programId} = ${programs.id}
      and ${sharedPrograms.toUserId} = ${userId})`,
    sql`not exists (select 1 from ${memberBlocks}
      where (${memberBlocks.blockerId} = ${userId} and ${memberBlocks.blockedId} = ${programs.ownerId})
         or (${memberBlocks.blockerId} = ${programs.ownerId} and ${memberBlocks.blockedId} = ${userId}))`,
  );
  const visible = or(
    eq(programs.ownerId, userId),
    eq(programs.visibility, 'public'),
    friendIds.length > 0
      ? and(eq(programs.visibility, 'friends'), inArray(programs.ownerId, friendIds))
      : sql`false`,
    sharedWithMe,
  );
  return db
    .select(programColumns)
    .from(programs)
    .innerJoin(users, eq(users.id, programs.ownerId))
    .where(and(visible, q ? ilike(programs.title, containsPattern(q)) : undefined))
    .orderBy(sql`${programs.ownerId} = ${userId} DESC`, desc(programs.id))
    .limit(100);
}

export async function findProgram(db: Executor, id: number) {
  const [row] = await db
    .select(programColumns)
    .from(programs)
    .innerJoin(users, eq(users.id, programs.ownerId))
    .where(eq(programs.id, id));
  return row;
}

export function entriesOf(db: Executor, programId: number) {
  return db
    .select({
      id: programEntries.id,
      week: programEntries.week,
      weekday: programEntries.weekday,
      note: programEntries.note,
      workoutId: workouts.id,
      title: workouts.title,
      minutes: workouts.estimatedMinutes,
      dietId: diets.id,
      dietTitle: diets.title,
    })
    .from(programEntries)
    .leftJoin(workouts, eq(workouts.id, programEntries.workoutId))
    .leftJoin(diets, eq(diets.id, programEntries.dietId))
    .where(eq(programEntries.programId, programId))
    .orderBy(asc(programEntries.week), asc(programEntries.weekday), asc(programEntries.position));
}

export function recentLogs(db: Executor, userId: number, limit: number) {
  return db
    .select({
      performedOn: workoutLogs.performedOn,
      energyLevel: workoutLogs.energyLevel,
      sleepQuality: workoutLogs.sleepQuality,
    })
    .from(workoutLogs)
    .where(eq(workoutLogs.userId, userId))
    .orderBy(desc(workoutLogs.performedOn), desc(workoutLogs.id))
    .limit(limit);
}

/** Which of these workouts the member logged (any date). */
export async function loggedWorkoutIds(db: Executor, userId: number, workoutIds: number[]) {
  if (workoutIds.length === 0) return new Set<number>();
  const rows = await db
    .selectDistinct({ id: workoutLogs.workoutId })
    .from(workoutLogs)
    .where(and(eq(workoutLogs.userId, userId), inArray(workoutLogs.workoutId, workoutIds)));
  return new Set(rows.map((r) => r.id).filter((id): id is number => id !== null));
}

export async function setEntryNote(db: Executor, entryId: number, note: string) {
  await db.update(programEntries).set({ note }).where(eq(programEntries.id, entryId));
}

/** Programs by id with their owners' names (for cards other features list). */
export async function findPrograms(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(programColumns)
    .from(programs)
    .innerJoin(users, eq(users.id, programs.ownerId))
    .where(inArray(programs.id, ids));
}

/** Every entry of a program as stored (ids, not titles), in calendar order: what a copy copies. */
export function rawEntriesOf(db: Executor, programId: number) {
  return db
    .select()
    .from(programEntries)
    .where(eq(programEntries.programId, programId))
    .orderBy(asc(programEntries.week), asc(programEntries.weekday), asc(programEntries.position));
}

export async function isSharedWith(db: Executor, programId: number, userId: number) {
  const [row] = await db
    .select({ id: sharedPrograms.id })
    .from(sharedPrograms)
    .where(and(eq(sharedPrograms.programId, programId), eq(sharedPrograms.toUserId, userId)));
  return !!row;
}

/** Records a share; false when it was already shared with this member (nothing inserted). */
export async function insertShare(db: Executor, programId: number, fromId: number, toId: number) {
  const rows = await db
    .insert(sharedPrograms)
    .values({ programId, fromUserId: fromId, toUserId: toId })
    .onConflictDoNothing({ target: [sharedPrograms.programId, sharedPrograms.toUserId] })
    .returning({ id: sharedPrograms.id });
  return rows.length > 0;
}

export type FollowRow = typeof programFollows.$inferSelect;

/** The member's following of one program (any status), if any. */
export async function findFollow(db: Executor, userId: number, programId: number) {
  const [row] = await db
    .select()
    .from(programFollows)
    .where(and(eq(programFollows.userId, userId), eq(programFollows.programId, programId)));
  return row;
}

/** The member's active followings with their programs, the latest started first. */
export function activeFollowsOf(db: Executor, userId: number) {
  return db
    .select({ follow: programFollows, program: programs })
    .from(programFollows)
    .innerJoin(programs, eq(programs.id, programFollows.programId))
    .where(and(eq(programFollows.userId, userId), eq(programFollows.status, 'active')))
    .orderBy(desc(programFollows.startsOn), desc(programFollows.id));
}

/** Starts (or restarts) following: a fresh calendar from `startsOn`. */
export async function upsertFollow(
  db: Executor,
  userId: number,
  programId: number,
  startsOn: string,
  /** The coach who assigned it; null when the member chose it. */
  assignedBy: number | null = null,
) {
  await db
    .insert(programFollows)
    .values({ userId, programId, startsOn, assignedBy })
    .onConflictDoUpdate({
      target: [programFollows.userId, programFollows.programId],
      set: {
        startsOn,
        status: 'active',
        pausedOn: null,
        pauses: [],
        assignedBy,
        updatedAt: sql`now()`,
      },
    });
}

export async function updateFollow(
  db: Executor,
  id: number,
  set: Partial<Pick<FollowRow, 'status' | 'pausedOn' | 'pauses'>>,
) {
  await db
    .update(programFollows)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(programFollows.id, id));
}

/** The workouts of a program owned by `ownerId` and not public (a client cannot open them yet). */
export async function privateWorkoutsOf(db: Executor, programId: number, ownerId: number) {
  const rows = await db
    .selectDistinct({ id: workouts.id })
    .from(programEntries)
    .innerJoin(workouts, eq(workouts.id, programEntries.workoutId))
    .where(
      and(
        eq(programEntries.programId, programId),
        eq(workouts.ownerId, ownerId),
        eq(workouts.isPublic, false),
      ),
    );
  return rows.map((r) => r.id);
}

/** Pauses the member's other active followings from `date` (one program at a time). */
export async function pauseOtherFollows(
  db: Executor,
  userId: number,
  programId: number,
  date: string,
) {
  return db
    .update(programFollows)
    .set({ status: 'paused', pausedOn: date, updatedAt: sql`now()` })
    .where(
      and(
        eq(programFollows.userId, userId),
        eq(programFollows.status, 'active'),
        ne(programFollows.programId, programId),
      ),
    )
    .returning({ programId: programFollows.programId });
}

/** Which (workout, date) pairs the member logged between two dates: `${workoutId}@${date}`. */
export async function loggedDays(
  db: Executor,
  userId: number,
  workoutIds: number[],
  from: string,
  to: string,
) {
  if (workoutIds.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ id: workoutLogs.workoutId, on: workoutLogs.performedOn })
    .from(workoutLogs)
    .where(
      and(
        eq(workoutLogs.userId, userId),
        inArray(workoutLogs.workoutId, workoutIds),
        gte(workoutLogs.performedOn, from),
        lte(workoutLogs.performedOn, to),
      ),
    );
  return new Set(rows.map((r) => `${r.id}@${r.on}`));
}

/**
 * Of these workouts, the ones the member may see (the log write's own rule,
 * `fitcoach_may_see_workout`), with whether everyone may.
 */
export function visibleWorkouts(db: Executor, userId: number, isAdmin: boolean, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: workouts.id, isPublic: workouts.isPublic })
    .from(workouts)
    .where(
      and(
        inArray(workouts.id, ids),
        sql`fitcoach_may_see_workout(${workouts.id}, ${userId}, ${isAdmin})`,
      ),
    );
}

/** Of these diets, the ones the member may see: their own and those shared with them. */
export async function visibleDietIds(db: Executor, userId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: diets.id })
    .from(diets)
    .where(
      and(
        inArray(diets.id, ids),
        or(
          eq(diets.ownerId, userId),
          sql`exists (select 1 from ${sharedDiets} where ${sharedDiets.dietId} = ${diets.id}
            and ${sharedDiets.toUserId} = ${userId})`,
        ),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function updateProgram(
  db: Executor,
  id: number,
  set: Pick<NewProgram, 'title' | 'description' | 'goal' | 'level' | 'weeks' | 'visibility'>,
) {
  await db
    .update(programs)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(programs.id, id));
}

export async function deleteEntries(db: Executor, programId: number) {
  await db.delete(programEntries).where(eq(programEntries.programId, programId));
}

export async function deleteProgram(db: Executor, id: number) {
  await db.delete(programs).where(eq(programs.id, id));
}
