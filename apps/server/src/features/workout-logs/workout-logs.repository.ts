import { and, asc, count, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exercises } from '../../db/schema/reference';
import {
  personalRecords,
  trainingStats,
  userAchievements,
  workoutLogExercises,
  workoutLogs,
  workoutLogSets,
} from '../../db/schema/workout-logs';

export type LogRow = typeof workoutLogs.$inferSelect;
export type NewLogRow = typeof workoutLogs.$inferInsert;
export type TrainingStatsRow = typeof trainingStats.$inferSelect;

/** Totals recomputed from the logs themselves (after a deletion). */
export async function recomputeTotals(db: Executor, userId: number): Promise<void> {
  const [sums] = await db
    .select({
      workouts: count(),
      volume: sql<number>`coalesce(sum(${workoutLogs.totalVolumeKg}), 0)::float8`,
      reps: sql<number>`coalesce(sum(${workoutLogs.totalReps}), 0)::int`,
      seconds: sql<number>`coalesce(sum(${workoutLogs.durationSeconds}), 0)::int`,
    })
    .from(workoutLogs)
    .where(eq(workoutLogs.userId, userId));
  const values = {
    totalWorkouts: Number(sums?.workouts ?? 0),
    totalVolumeKg: Number(sums?.volume ?? 0),
    totalReps: Number(sums?.reps ?? 0),
    totalSeconds: Number(sums?.seconds ?? 0),
  };
  await db
    .insert(trainingStats)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: trainingStats.userId,
      set: { ...values, updatedAt: new Date() },
    });
}

/** The distinct days the member trained, newest first. */
export async function trainingDays(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ day: workoutLogs.performedOn })
    .from(workoutLogs)
    .where(eq(workoutLogs.userId, userId))
    .orderBy(desc(workoutLogs.performedOn));
  return rows.map((r) => r.day);
}

export async function setStreaks(
  db: Executor,
  userId: number,
  s: {
    streakDays: number;
    longestStreakDays: number;
    streakWeeks: number;
    lastWorkoutOn: string | null;
  },
): Promise<TrainingStatsRow | undefined> {
  const rows = await db
    .update(trainingStats)
    .set({ ...s, updatedAt: new Date() })
    .where(eq(trainingStats.userId, userId))
    .returning();
  return rows[0];
}

/** Inserts achievements; answers the codes that were new (each is awarded once). */
export async function awardAchievements(
  db: Executor,
  rows: (typeof userAchievements.$inferInsert)[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insert(userAchievements)
    .values(rows)
    .onConflictDoNothing()
    .returning({ code: userAchievements.code });
  return new Set(inserted.map((r) => r.code));
}

export async function findLog(db: Executor, id: number) {
  const rows = await db.select().from(workoutLogs).where(eq(workoutLogs.id, id)).limit(1);
  return rows[0];
}

export async function deleteLog(db: Executor, id: number): Promise<number[]> {
  const affected = await db
    .selectDistinct({ exerciseId: workoutLogExercises.exerciseId })
    .from(workoutLogExercises)
    .where(eq(workoutLogExercises.logId, id));
  await db.delete(workoutLogs).where(eq(workoutLogs.id, id));
  return affected.map((a) => a.exerciseId);
}

/** Records rebuilt from what is left in the history (after a deletion). */
export async function recomputeRecords(db: Executor, userId: number, exerciseIds: number[]) {
  if (exerciseIds.length === 0) return;
  await db
    .delete(personalRecords)
    .where(
      and(eq(personalRecords.userId, userId), inArray(personalRecords.exerciseId, exerciseIds)),
    );
  const heaviest = sql`max(${workoutLogExercises.bestWeightKg})`;
  const mostReps = sql`max(${workoutLogExercises.maxReps})`;
  const bestOneRepMax = sql`max(${workoutLogExercises.bestOneRepMaxKg})`;
  const best = await db
    .select({
      exerciseId: workoutLogExercises.exerciseId,
      heaviestWeightKg: sql<number>`${heaviest}::float8`,
      mostReps: sql<number>`${mostReps}::int`,
      bestOneRepMaxKg: sql<number>`${bestOneRepMax}::float8`,
      // The day the remaining bests were set, by the same rule as the log write (migration 0008).
      achievedOn: sql<string>`fitcoach_record_achieved_on(${userId}::integer,
        ${workoutLogExercises.exerciseId}, ${heaviest}, ${mostReps}, ${bestOneRepMax})::text`,
    })
    .from(workoutLogExercises)
    // Records are kept for rep exercises only, as when logging.
    .innerJoin(
      exercises,
      and(eq(exercises.id, workoutLogExercises.exerciseId), eq(exercises.kind, 'reps')),
    )
    .where(
      and(
        eq(workoutLogExercises.userId, userId),
        inArray(workoutLogExercises.exerciseId, exerciseIds),
      ),
    )
    .groupBy(workoutLogExercises.exerciseId);
  if (best.length > 0) {
    await db.insert(personalRecords).values(
      best.map((b) => ({
        userId,
        exerciseId: b.exerciseId,
        heaviestWeightKg: Number(b.heaviestWeightKg),
        mostReps: Number(b.mostReps),
        bestOneRepMaxKg: Number(b.bestOneRepMaxKg),
        achievedOn: b.achievedOn,
      })),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the history
// ---------------------------------------------------------------------------------------------

export async function listLogs(
  db: Executor,
  f: {
    userId: number;
    workoutId: number | null;
    after: { performedOn: string; id: number } | null;
    limit: number;
  },
): Promise<LogRow[]> {
  const conditions = [eq(workoutLogs.userId, f.userId)];
  if (f.workoutId !== null) conditions.push(eq(workoutLogs.workoutId, f.workoutId));
  if (f.after) {
    conditions.push(
      or(
        lt(workoutLogs.performedOn, f.after.performedOn),
        and(eq(workoutLogs.performedOn, f.after.performedOn), lt(workoutLogs.id, f.after.id)),
      )!,
    );
  }
  return db
    .select()
    .from(workoutLogs)
    .where(and(...conditions))
    .orderBy(desc(workoutLogs.performedOn), desc(workoutLogs.id))
    .limit(f.limit + 1);
}

/** The exercises and sets of these logs, in order. */
export async function detailsOfLogs(db: Executor, logIds: number[]) {
  if (logIds.length === 0) return { items: [], sets: [] };
  const items = await db
    .select({
      id: workoutLogExercises.id,
      logId: workoutLogExercises.logId,
      exerciseId: workoutLogExercises.exerciseId,
      name: exercises.name,
      note: workoutLogExercises.note,
    })
    .from(workoutLogExercises)
    .innerJoin(exercises, eq(exercises.id, workoutLogExercises.exerciseId))
    .where(inArray(workoutLogExercises.logId, logIds))
    .orderBy(asc(workoutLogExercises.logId), asc(workoutLogExercises.position));
  const sets =
    items.length === 0
      ? []
      : await db
          .select()
          .from(workoutLogSets)
          .where(
            inArray(
              workoutLogSets.logExerciseId,
              items.map((i) => i.id),
            ),
          )
          .orderBy(asc(workoutLogSets.logExerciseId), asc(workoutLogSets.setNumber));
  return { items, sets };
}

// ---------------------------------------------------------------------------------------------
// Charts and stats
// ---------------------------------------------------------------------------------------------

/** The most recent sessions (optionally of one workout), newest first. */
export async function recentSessions(
  db: Executor,
  userId: number,
  workoutId: number | null,
  limit: number,
) {
  const conditions = [eq(workoutLogs.userId, userId)];
  if (workoutId !== null) conditions.push(eq(workoutLogs.workoutId, workoutId));
  return db
    .select({
      id: workoutLogs.id,
      performedOn: workoutLogs.performedOn,
      volumeKg: workoutLogs.totalVolumeKg,
      energyLevel: workoutLogs.energyLevel,
      sleepQuality: workoutLogs.sleepQuality,
    })
    .from(workoutLogs)
    .where(and(...conditions))
    .orderBy(desc(workoutLogs.performedOn), desc(workoutLogs.id))
    .limit(limit);
}

/** Best estimated 1RM per exercise per day, over the given logs. */
export async function oneRepMaxByDay(db: Executor, logIds: number[]) {
  if (logIds.length === 0) return [];
  return db
    .select({
      exerciseId: workoutLogExercises.exerciseId,
      name: exercises.name,
      day: workoutLogExercises.performedOn,
      value: sql<number>`max(${workoutLogExercises.bestOneRepMaxKg})::float8`,
    })
    .from(workoutLogExercises)
    .innerJoin(exercises, eq(exercises.id, workoutLogExercises.exerciseId))
    .where(
      and(
        inArray(workoutLogExercises.logId, logIds),
        sql`${workoutLogExercises.bestOneRepMaxKg} > 0`,
      ),
    )
    .groupBy(workoutLogExercises.exerciseId, exercises.name, workoutLogExercises.performedOn)
    .orderBy(asc(workoutLogExercises.performedOn));
}

/** Sessions per day since a date (the chart folds days into weeks). */
export async function sessionsPerDaySince(
  db: Executor,
  userId: number,
  workoutId: number | null,
  since: string,
) {
  const conditions = [eq(workoutLogs.userId, userId), gte(workoutLogs.performedOn, since)];
  if (workoutId !== null) conditions.push(eq(workoutLogs.workoutId, workoutId));
  return db
    .select({ day: workoutLogs.performedOn, sessions: count() })
    .from(workoutLogs)
    .where(and(...conditions))
    .groupBy(workoutLogs.performedOn);
}

/**
 * An arbitrary constant: the advisory-lock namespace of "writing this member's logs". Both the
 * deletion below and `fitcoach_write_log` (which is handed it in the payload) lock with it.
 */
export const LOG_LOCK_NAMESPACE = 727_002;

/**
 * Serialises one member's log writes (a double tap, two devices): their records and totals
 * are then updated one after the other instead of deadlocking on each other's rows.
 */
export async function lockMemberLogs(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${LOG_LOCK_NAMESPACE}, ${userId})`);
}

// ---------------------------------------------------------------------------------------------
// Writing a log in one statement
// ---------------------------------------------------------------------------------------------

/** One exercise's bests, as records and logged exercises keep them. */
export interface ExerciseBests {
  exerciseId: number;
  bestWeightKg: number;
  maxReps: number;
  bestOneRepMaxKg: number;
}

/** Running totals and streaks as a log moves them. */
export interface LogTotals {
  totalWorkouts: number;
  totalVolumeKg: number;
  streakDays: number;
  streakWeeks: number;
  /** Null once every log was deleted. */
  lastWorkoutOn: string | null;
}

/**
 * `fitcoach_write_log`'s argument, exactly as the function reads it (migration 0005): the only
 * shape a log takes on its way into the database.
 */
export interface LogWrite {
  lockNamespace: typeof LOG_LOCK_NAMESPACE;
  userId: number;
  /** Admins may log any workout; others only what they can see. */
  isAdmin: boolean;
  /** Null for a manual log; otherwise the workout must be visible to the member. */
  workoutId: number | null;
  /** The log's title for a manual log (a workout's own title is used otherwise). */
  title: string;
  source: 'workout' | 'guided' | 'manual';
  performedOn: string;
  durationSeconds: number | null;
  note: string;
  likedOrDisliked: 'liked' | 'disliked' | null;
  energyLevel: number;
  sleepQuality: number;
  totalVolumeKg: number;
  totalReps: number;
  exercises: (ExerciseBests & { position: number; note: string | null; volumeKg: number })[];
  sets: {
    position: number;
    setNumber: number;
    reps: number;
    weightKg: number;
    durationSeconds: number | null;
  }[];
  /** The session's bests per rep exercise, to merge into the member's records. */
  records: ExerciseBests[];
}

/** What `fitcoach_write_log` answers, exactly as it builds it. */
export interface LogWritten {
  logId: number;
  title: string;
  /** The member's records for the logged exercises before this log. */
  previousRecords: ExerciseBests[];
  /** Null on the member's first log. */
  before: LogTotals | null;
  after: LogTotals;
}

/**
 * The log, its exercises and sets, the records and the running totals, in one call of
 * `fitcoach_write_log`, which also takes the member's lock and checks that they may see the
 * workout: when they may not, nothing is written and the answer is null. Streaks move forward
 * incrementally; a log dated before the last one leaves them for the caller to recount.
 */
export async function writeLog(db: Executor, payload: LogWrite): Promise<LogWritten | null> {
  const result = await db.execute(
    sql`select fitcoach_write_log(${JSON.stringify(payload)}::jsonb) as written`,
  );
  return (result as { rows: { written: LogWritten | null }[] }).rows[0]?.written ?? null;
}
