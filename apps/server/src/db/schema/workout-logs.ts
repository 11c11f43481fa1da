import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LikedOrDisliked } from '@fitcoach/shared/workout-logs';
import { users } from './accounts';
import { exercises } from './reference';
import { exerciseGroups, workouts } from './workouts';

export const workoutLogs = pgTable(
  'workout_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for a manual log, or when the workout was deleted since. */
    workoutId: integer('workout_id').references(() => workouts.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    source: text('source').$type<'workout' | 'guided' | 'manual'>().notNull(),
    /** The member's local date of the session: streaks and weeks count these. */
    performedOn: date('performed_on', { mode: 'string' }).notNull(),
    durationSeconds: integer('duration_seconds'),
    note: text('note').notNull().default(''),
    likedOrDisliked: text('liked_or_disliked').$type<LikedOrDisliked>(),
    energyLevel: integer('energy_level').notNull(),
    sleepQuality: integer('sleep_quality').notNull(),
    totalVolumeKg: doublePrecision('total_volume_kg').notNull().default(0),
    totalReps: integer('total_reps').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // History (newest first) and streaks read a member's logs in date order.
    // DESC NULLS FIRST is what a plain `ORDER BY … DESC` means; the index must say the same.
    index('workout_logs_user_date_idx').on(
      t.userId,
      t.performedOn.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('workout_logs_user_workout_idx').on(t.userId, t.workoutId, t.performedOn),
  ],
);

/** One exercise of a log, with its per-session bests precomputed for charts and records. */
export const workoutLogExercises = pgTable(
  'workout_log_exercises',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    logId: integer('log_id')
      .notNull()
      .references(() => workoutLogs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exerciseId: integer('exercise_id')
      .notNull()
      .references(() => exercises.id),
    position: integer('position').notNull(),
    performedOn: date('performed_on', { mode: 'string' }).notNull(),
    note: text('note'),
    volumeKg: doublePrecision('volume_kg').notNull().default(0),
    bestWeightKg: doublePrecision('best_weight_kg').notNull().default(0),
    maxReps: integer('max_reps').notNull().default(0),
    bestOneRepMaxKg: doublePrecision('best_one_rep_max_kg').notNull().default(0),
  },
  (t) => [
    index('workout_log_exercises_log_idx').on(t.logId, t.position),
    index('workout_log_exercises_user_exercise_idx').on(t.userId, t.exerciseId, t.performedOn),
  ],
);

export const workoutLogSets = pgTable(
  'workout_log_sets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    logExerciseId: integer('log_exercise_id')
      .notNull()
      .references(() => workoutLogExercises.id, { onDelete: 'cascade' }),
    setNumber: integer('set_number').notNull(),
    reps: integer('reps').notNull(),
    weightKg: doublePrecision('weight_kg').notNull().default(0),
    durationSeconds: integer('duration_seconds'),
  },
  (t) => [index('workout_log_sets_exercise_idx').on(t.logExerciseId, t.setNumber)],
);

/** A member's bests per exercise, kept current as logs are written or deleted. */
export const personalRecords = pgTable(
  'personal_records',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exerciseId: integer('exercise_id')
      .notNull()
      .references(() => exercises.id),
    heaviestWeightKg: doublePrecision('heaviest_weight_kg').notNull().default(0),
    mostReps: integer('most_reps').notNull().default(0),
    bestOneRepMaxKg: doublePrecision('best_one_rep_max_kg').notNull().default(0),
    achievedOn: date('achieved_on', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.exerciseId] })],
);

/** Running totals and streaks, so stats and achievements never scan a member's history. */
export const trainingStats = pgTable('training_stats', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totalWorkouts: integer('total_workouts').notNull().default(0),
  totalVolumeKg: doublePrecision('total_volume_kg').notNull().default(0),
  totalReps: integer('total_reps').notNull().default(0),
  totalSeconds: integer('total_seconds').notNull().default(0),
  /** Consecutive days with a workout, ending at lastWorkoutOn. */
  streakDays: integer('streak_days').notNull().default(0),
  longestStreakDays: integer('longest_streak_days').notNull().default(0),
  /** Consecutive ISO weeks with a workout, ending at lastWorkoutOn's week. */
  streakWeeks: integer('streak_weeks').notNull().default(0),
  lastWorkoutOn: date('last_workout_on', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userAchievements = pgTable(
  'user_achievements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Unique per member: each achievement is awarded once. */
    code: text('code').notNull(),
    /** Which image: `/achievements/<badge>.svg`. */
    badge: text('badge').notNull(),
    /**
     * Written when awarded, in English and the member's units of that moment: what is shown
     * for achievements awarded before `wording` existed.
     */
    header: text('header').notNull(),
    details: text('details').notNull(),
    /**
     * What the achievement says as a catalogue entry and its values (features/achievements,
     * `AchievementWording`): worded when read, in the reader's language and units.
     */
    wording: jsonb('wording').$type<Record<string, unknown>>(),
    exerciseId: integer('exercise_id').references(() => exercises.id),
    value: doublePrecision('value'),
    logId: integer('log_id').references(() => workoutLogs.id, { onDelete: 'set null' }),
    awardedAt: timestamp('awarded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_achievements_code_idx').on(t.userId, t.code),
    index('user_achievements_user_awarded_idx').on(t.userId, t.awardedAt),
    // The feed shows each log's achievements: found by log, not by scanning every award.
    index('user_achievements_log_idx').on(t.logId),
  ],
);

export const guidedSessions = pgTable(
  'guided_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workoutId: integer('workout_id')
      .notNull()
      .references(() => workouts.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    logId: integer('log_id').references(() => workoutLogs.id, { onDelete: 'set null' }),
  },
  (t) => [
    // At most one session in progress per member and workout.
    uniqueIndex('guided_sessions_active_idx')
      .on(t.userId, t.workoutId)
      .where(sql`${t.finishedAt} is null`),
  ],
);

export interface StoredCompletedExercise {
  exercise_id: number;
  reps: number[];
  weights: number[];
  durations: number[];
  note: string | null;
}

export const guidedSessionGroups = pgTable(
  'guided_session_groups',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => guidedSessions.id, { onDelete: 'cascade' }),
    exerciseGroupId: integer('exercise_group_id')
      .notNull()
      .references(() => exerciseGroups.id, { onDelete: 'cascade' }),
    status: text('status').$type<'completed' | 'skipped'>().notNull(),
    /** Weights in canonical kilograms. */
    completedExercises: jsonb('completed_exercises').$type<StoredCompletedExercise[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.exerciseGroupId] })],
);
