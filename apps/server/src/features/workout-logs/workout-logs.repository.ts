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
  const best = await db
    .select({
      exerciseId: workoutLogExercises.exerciseId,
      heaviestWeightKg: sql<number>`max(${workoutLogExercises.bestWeightKg})::float8`,
      mostReps: sql<number>`max(${workoutLogExercises.maxReps})::int`,
      bestOneRepMaxKg: sql<number>`max(${workoutLogExercises.bestOneRepMaxKg})::float8`,
      achievedOn: sql<string>`max(${workoutLogExercises.performedOn})::text`,
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

/** An arbitrary constant: the advisory-lock namespace of "writing this member's logs". */
const LOG_LOCK_NAMESPACE = 727_002;

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

export interface LogWrite {
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
  exercises: {
    position: number;
    exercise_id: number;
    note: string | null;
    volume_kg: number;
    best_weight_kg: number;
    max_reps: number;
    best_one_rep_max_kg: number;
  }[];
  sets: {
    position: number;
    set_number: number;
    reps: number;
    weight_kg: number;
    duration_seconds: number | null;
  }[];
  records: {
    exercise_id: number;
    heaviest_weight_kg: number;
    most_reps: number;
    best_one_rep_max_kg: number;
  }[];
}

export interface LogWritten {
  logId: number;
  title: string;
  /** The member's records for the logged exercises before this log. */
  previousRecords: {
    exercise_id: number;
    heaviest_weight_kg: number;
    most_reps: number;
    best_one_rep_max_kg: number;
  }[];
  before: {
    totalWorkouts: number;
    totalVolumeKg: number;
    streakDays: number;
    streakWeeks: number;
    lastWorkoutOn: string | null;
  };
  after: {
    totalWorkouts: number;
    totalVolumeKg: number;
    streakDays: number;
    streakWeeks: number;
    lastWorkoutOn: string;
  };
}

interface LogWriteRow {
  log_id: number | null;
  title: string | null;
  previous_records: LogWritten['previousRecords'];
  before_workouts: number | null;
  before_volume: number | null;
  before_streak_days: number | null;
  before_streak_weeks: number | null;
  before_last: string | null;
  after: {
    total_workouts: number;
    total_volume_kg: number;
    streak_days: number;
    streak_weeks: number;
    last_workout_on: string;
  } | null;
}

/**
 * The log, its exercises and sets, the records and the running totals, in ONE data-modifying
 * statement (a round trip instead of a dozen). The workout's visibility is part of it: when
 * the member may not see the workout nothing is written and the answer is null. Streaks move
 * forward incrementally; a log dated before the last one leaves them for the caller to
 * recompute from the history.
 */
export async function writeLog(db: Executor, w: LogWrite): Promise<LogWritten | null> {
  const source =
    w.workoutId === null
      ? sql`select null::int as id, ${w.title}::text as title`
      : sql`select id, title from workouts
            where id = ${w.workoutId}
              and (${w.isAdmin}::boolean or is_public or owner_id = ${w.userId}
                   or exists (select 1 from shared_workouts s
                              where s.workout_id = ${w.workoutId} and s.to_user_id = ${w.userId}))`;
  const on = sql`${w.performedOn}::date`;
  const newStreakDays = sql`case
      when training_stats.last_workout_on is null then 1
      when excluded.last_workout_on = training_stats.last_workout_on + 1 then training_stats.streak_days + 1
      when excluded.last_workout_on > training_stats.last_workout_on + 1 then 1
      else training_stats.streak_days end`;
  const result = await db.execute(sql`
    with w as (${source}),
    log as (
      insert into workout_logs (user_id, workout_id, title, source, performed_on, duration_seconds,
        note, liked_or_disliked, energy_level, sleep_quality, total_volume_kg, total_reps)
      select ${w.userId}, w.id, w.title, ${w.source}, ${on}, ${w.durationSeconds}::int, ${w.note},
        ${w.likedOrDisliked}::text, ${w.energyLevel}::int, ${w.sleepQuality}::int,
        ${w.totalVolumeKg}::float8, ${w.totalReps}::int
      from w
      returning id, title
    ),
    ex as (
      insert into workout_log_exercises (log_id, user_id, exercise_id, position, performed_on, note,
        volume_kg, best_weight_kg, max_reps, best_one_rep_max_kg)
      select log.id, ${w.userId}, x.exercise_id, x.position, ${on}, x.note, x.volume_kg,
        x.best_weight_kg, x.max_reps, x.best_one_rep_max_kg
      from log, json_to_recordset(${JSON.stringify(w.exercises)}::json) as x(
        exercise_id int, position int, note text, volume_kg float8, best_weight_kg float8,
        max_reps int, best_one_rep_max_kg float8)
      returning id, position
    ),
    st as (
      insert into workout_log_sets (log_exercise_id, set_number, reps, weight_kg, duration_seconds)
      select ex.id, x.set_number, x.reps, x.weight_kg, x.duration_seconds
      from ex join json_to_recordset(${JSON.stringify(w.sets)}::json) as x(
        position int, set_number int, reps int, weight_kg float8, duration_seconds int)
        on x.position = ex.position
    ),
    rec_in as (
      select * from json_to_recordset(${JSON.stringify(w.records)}::json) as x(
        exercise_id int, heaviest_weight_kg float8, most_reps int, best_one_rep_max_kg float8)
    ),
    prev as (
      select exercise_id, heaviest_weight_kg, most_reps, best_one_rep_max_kg from personal_records
      where user_id = ${w.userId} and exercise_id in (select exercise_id from rec_in)
      for update
    ),
    rec as (
      insert into personal_records (user_id, exercise_id, heaviest_weight_kg, most_reps,
        best_one_rep_max_kg, achieved_on)
      select ${w.userId}, r.exercise_id, r.heaviest_weight_kg, r.most_reps, r.best_one_rep_max_kg, ${on}
      from log, rec_in r
      on conflict (user_id, exercise_id) do update set
        heaviest_weight_kg = greatest(personal_records.heaviest_weight_kg, excluded.heaviest_weight_kg),
        most_reps = greatest(personal_records.most_reps, excluded.most_reps),
        best_one_rep_max_kg = greatest(personal_records.best_one_rep_max_kg, excluded.best_one_rep_max_kg),
        achieved_on = excluded.achieved_on
    ),
    old as (
      select total_workouts, total_volume_kg, streak_days, streak_weeks, last_workout_on
      from training_stats where user_id = ${w.userId} for update
    ),
    stats as (
      insert into training_stats (user_id, total_workouts, total_volume_kg, total_reps,
        total_seconds, streak_days, longest_streak_days, streak_weeks, last_workout_on)
      select ${w.userId}, 1, ${w.totalVolumeKg}::float8, ${w.totalReps}::int,
        ${w.durationSeconds ?? 0}::int, 1, 1, 1, ${on}
      from log
      on conflict (user_id) do update set
        total_workouts = training_stats.total_workouts + 1,
        total_volume_kg = training_stats.total_volume_kg + excluded.total_volume_kg,
        total_reps = training_stats.total_reps + excluded.total_reps,
        total_seconds = training_stats.total_seconds + excluded.total_seconds,
        streak_days = ${newStreakDays},
        longest_streak_days = greatest(training_stats.longest_streak_days, ${newStreakDays}),
        streak_weeks = case
          when training_stats.last_workout_on is null then 1
          when date_trunc('week', excluded.last_workout_on)
               = date_trunc('week', training_stats.last_workout_on) + interval '7 days'
            then training_stats.streak_weeks + 1
          when date_trunc('week', excluded.last_workout_on)
               > date_trunc('week', training_stats.last_workout_on) + interval '7 days' then 1
          else training_stats.streak_weeks end,
        last_workout_on = greatest(training_stats.last_workout_on, excluded.last_workout_on),
        updated_at = now()
      returning total_workouts, total_volume_kg, streak_days, streak_weeks,
        last_workout_on::text as last_workout_on
    )
    select (select id from log) as log_id,
      (select title from log) as title,
      coalesce((select json_agg(prev) from prev), '[]'::json) as previous_records,
      (select total_workouts from old) as before_workouts,
      (select total_volume_kg from old) as before_volume,
      (select streak_days from old) as before_streak_days,
      (select streak_weeks from old) as before_streak_weeks,
      (select last_workout_on::text from old) as before_last,
      (select row_to_json(stats) from stats) as after
  `);
  const row = (result as { rows: LogWriteRow[] }).rows[0];
  if (!row || row.log_id === null || !row.after) return null;
  return {
    logId: Number(row.log_id),
    title: row.title ?? w.title,
    previousRecords: row.previous_records,
    before: {
      totalWorkouts: Number(row.before_workouts ?? 0),
      totalVolumeKg: Number(row.before_volume ?? 0),
      streakDays: Number(row.before_streak_days ?? 0),
      streakWeeks: Number(row.before_streak_weeks ?? 0),
      lastWorkoutOn: row.before_last,
    },
    after: {
      totalWorkouts: Number(row.after.total_workouts),
      totalVolumeKg: Number(row.after.total_volume_kg),
      streakDays: Number(row.after.streak_days),
      streakWeeks: Number(row.after.streak_weeks),
      lastWorkoutOn: row.after.last_workout_on,
    },
  };
}
