import { z } from 'zod';
import { vm } from './validation-messages';
import { cursorQuery, idParam, pageSchema } from './pagination';
import { isIsoDate } from './profile';
import { MAX_REPS, MAX_SETS, MAX_WEIGHT } from './workouts';

/** The spec's rating widgets: max 5, step 1, initial 3. */
export const RATING_MAX = 5;
export const RATING_INITIAL = 3;
const rating = (message: ReturnType<typeof vm>) =>
  z.number({ error: message }).int(message).min(1, message).max(RATING_MAX, message);

export const likedOrDisliked = ['liked', 'disliked'] as const;
export type LikedOrDisliked = (typeof likedOrDisliked)[number];

const localDate = z
  .string()
  .refine(isIsoDate, vm('dateFormat'))
  .refine((v) => Date.parse(`${v}T00:00:00Z`) <= Date.now() + 36 * 3600_000, vm('dateInFuture'));

/**
 * What was done of one exercise: a value per set. Reps and weights are parallel lists (weights
 * in the member's units); timed exercises may send seconds per set in `durations`. Sets with 0
 * reps and no duration were not done and are not stored.
 */
export const completedExerciseSchema = z
  .object({
    exercise_id: idParam,
    reps: z
      .array(z.number().int().min(0, vm('repsNegative')).max(MAX_REPS))
      .max(MAX_SETS, vm('atMostSets')),
    weights: z
      .array(z.number().min(0, vm('weightNegative')).max(MAX_WEIGHT))
      .max(MAX_SETS, vm('atMostSets'))
      .default([]),
    durations: z
      .array(z.number().int().min(0, vm('durationNegative')).max(36_000))
      .max(MAX_SETS)
      .default([]),
    note: z.string().trim().max(500).nullish(),
  })
  .superRefine((e, ctx) => {
    if (!Array.isArray(e.reps)) return;
    if (Array.isArray(e.weights) && e.weights.length > e.reps.length) {
      ctx.addIssue({ code: 'custom', path: ['weights'], message: vm('oneWeightPerSet') });
    }
    if (Array.isArray(e.durations) && e.durations.length > e.reps.length) {
      ctx.addIssue({ code: 'custom', path: ['durations'], message: vm('oneDurationPerSet') });
    }
  });
export type CompletedExercise = z.input<typeof completedExerciseSchema>;

/** `POST /api/workout/:id/log`: the spec's fields, plus optional timing and the guided session. */
export const workoutLogInputSchema = z.object({
  note: z.string().trim().max(2000).default(''),
  liked_or_disliked: z.enum(likedOrDisliked).nullable().default(null),
  completedExercises: z.array(completedExerciseSchema).max(100).default([]),
  energy_level: rating(vm('rateEnergy')),
  sleep_quality: rating(vm('rateSleep')),
  /** The member's local date (streaks count local days); today in UTC when absent. */
  performed_on: localDate.optional(),
  duration_seconds: z.number().int().min(0).max(86_400).optional(),
  guided_session_id: idParam.optional(),
});
export type WorkoutLogInput = z.input<typeof workoutLogInputSchema>;

/** `POST /api/workout_log/manual`: a session done outside the app. */
export const manualWorkoutInputSchema = z.object({
  title: z.string().trim().min(1, vm('sayWhatYouDid')).max(120),
  performed_on: localDate,
  duration_minutes: z.number().int().min(1).max(1440).nullable().default(null),
  note: z.string().trim().max(2000).default(''),
  energy_level: rating(vm('rateEnergy')).default(RATING_INITIAL),
  sleep_quality: rating(vm('rateSleep')).default(RATING_INITIAL),
  completedExercises: z.array(completedExerciseSchema).max(100).default([]),
});
export type ManualWorkoutInput = z.input<typeof manualWorkoutInputSchema>;

/** The spec's achievement modal: image, header, details. */
export const achievementSchema = z.object({
  img: z.string(),
  header: z.string(),
  details: z.string(),
});
export type Achievement = z.infer<typeof achievementSchema>;

export const earnedAchievementSchema = achievementSchema.extend({
  code: z.string(),
  awarded_at: z.string(),
});
export type EarnedAchievement = z.infer<typeof earnedAchievementSchema>;

/** The answer of a log: the achievement to show (the most notable one earned), if any. */
export const logResultSchema = z.object({
  log_id: z.number().int(),
  achievement: achievementSchema.nullable(),
  achievements: z.array(achievementSchema),
});
export type LogResult = z.infer<typeof logResultSchema>;

export const loggedSetSchema = z.object({
  set_number: z.number().int(),
  reps: z.number().int(),
  /** In the member's units. */
  weight: z.number(),
  duration_seconds: z.number().int().nullable(),
});

export const loggedExerciseSchema = z.object({
  exercise_id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  sets: z.array(loggedSetSchema),
});

export const logSources = ['workout', 'guided', 'manual'] as const;

/** One entry of the history. */
export const workoutLogSchema = z.object({
  id: z.number().int(),
  workout_id: z.number().int().nullable(),
  title: z.string(),
  source: z.enum(logSources),
  performed_on: z.string(),
  created_at: z.string(),
  duration_seconds: z.number().int().nullable(),
  note: z.string(),
  liked_or_disliked: z.enum(likedOrDisliked).nullable(),
  energy_level: z.number().int(),
  sleep_quality: z.number().int(),
  /** Σ reps × weight, in the member's units. */
  total_volume: z.number(),
  total_reps: z.number().int(),
  exercises: z.array(loggedExerciseSchema),
});
export type WorkoutLog = z.infer<typeof workoutLogSchema>;

export const workoutLogPageSchema = pageSchema(workoutLogSchema);

export const workoutLogListQuerySchema = z.object({
  workout_id: idParam.optional(),
  ...cursorQuery,
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

// ---------------------------------------------------------------------------------------------
// Charts and stats
// ---------------------------------------------------------------------------------------------

/** `POST /api/workout/chart_data`: one workout's sessions, or all (workout_id empty). */
export const chartDataInputSchema = z.object({
  workout_id: z
    .union([z.literal(''), z.null(), idParam])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
});

export const chartDataSchema = z.object({
  workout_id: z.number().int().nullable(),
  weight_unit: z.enum(['kg', 'lb']),
  /** Volume (Σ reps × weight) per session, oldest first. */
  volume: z.array(z.object({ date: z.string(), log_id: z.number().int(), volume: z.number() })),
  /** Best estimated 1RM (Epley) per exercise per session date. */
  one_rep_max: z.object({
    exercises: z.array(z.object({ exercise_id: z.number().int(), name: z.string() })),
    points: z.array(
      z.object({ date: z.string(), exercise_id: z.number().int(), value: z.number() }),
    ),
  }),
  /** Sessions per ISO week (week_start is that Monday). */
  sessions_per_week: z.array(z.object({ week_start: z.string(), sessions: z.number().int() })),
  /** Energy level and sleep quality per session. */
  wellbeing: z.array(
    z.object({
      date: z.string(),
      log_id: z.number().int(),
      energy_level: z.number().int(),
      sleep_quality: z.number().int(),
    }),
  ),
});
export type ChartData = z.infer<typeof chartDataSchema>;

export const personalRecordSchema = z.object({
  exercise_id: z.number().int(),
  name: z.string(),
  heaviest_weight: z.number().nullable(),
  most_reps: z.number().int().nullable(),
  best_one_rep_max: z.number().nullable(),
  achieved_on: z.string(),
});
export type PersonalRecord = z.infer<typeof personalRecordSchema>;

/** `GET /api/stats/personal`. */
export const personalStatsSchema = z.object({
  weight_unit: z.enum(['kg', 'lb']),
  totals: z.object({
    workouts: z.number().int(),
    volume: z.number(),
    reps: z.number().int(),
    minutes: z.number().int(),
  }),
  current_streak_days: z.number().int(),
  longest_streak_days: z.number().int(),
  current_streak_weeks: z.number().int(),
  last_workout_on: z.string().nullable(),
  personal_records: z.array(personalRecordSchema),
  achievements: z.array(earnedAchievementSchema),
});
export type PersonalStats = z.infer<typeof personalStatsSchema>;

// ---------------------------------------------------------------------------------------------
// Guided workouts
// ---------------------------------------------------------------------------------------------

/** `POST /api/workout/:id/guided/complete` and `/guided/skip`. */
export const guidedStepInputSchema = z.object({
  exercise_group_id: idParam,
  completed_exercises: z.array(completedExerciseSchema).max(20).default([]),
});
export type GuidedStepInput = z.input<typeof guidedStepInputSchema>;

export const guidedStatuses = ['completed', 'skipped'] as const;

export const guidedSessionSchema = z.object({
  id: z.number().int(),
  workout_id: z.number().int(),
  started_at: z.string(),
  groups: z.array(
    z.object({
      exercise_group_id: z.number().int(),
      status: z.enum(guidedStatuses),
      completed_exercises: z.array(
        z.object({
          exercise_id: z.number().int(),
          reps: z.array(z.number().int()),
          weights: z.array(z.number()),
          durations: z.array(z.number().int()),
          note: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type GuidedSession = z.infer<typeof guidedSessionSchema>;

export const guidedSessionResponseSchema = z.object({ session: guidedSessionSchema.nullable() });
