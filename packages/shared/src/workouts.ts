import { z } from 'zod';
import { vm } from './validation-messages';
import { exerciseKinds, tagSchema } from './exercises';
import { cursorQuery, idParam, pageSchema, searchText, tagFilterValue } from './pagination';
import { workoutGoals } from './profile';

/** A group is one exercise on its own, or several done back to back. */
export const groupKinds = ['single', 'superset', 'circuit'] as const;
export type GroupKind = (typeof groupKinds)[number];
export const groupKindLabels: Record<GroupKind, string> = {
  single: 'Single exercise',
  superset: 'Superset',
  circuit: 'Circuit',
};

export const workoutLevels = ['beginner', 'intermediate', 'advanced'] as const;
export type WorkoutLevel = (typeof workoutLevels)[number];

export const MAX_SETS = 20;
export const MAX_WEIGHT = 2000; // in either unit: generous, but it stops typos like 80000
export const MAX_REPS = 1000;

// ---------------------------------------------------------------------------------------------
// Writing a workout (builder)
// ---------------------------------------------------------------------------------------------

/**
 * One exercise of a group with its targets: sets × reps × weight for rep exercises, sets × a
 * duration in seconds for timed ones. Weight is in the member's units; null means bodyweight.
 */
export const groupExerciseInputSchema = z.object({
  exercise_id: idParam,
  sets: z.number().int().min(1, vm('atLeastOneSet')).max(MAX_SETS, vm('atMostSets')),
  reps: z.number().int().min(1, vm('atLeastOneRep')).max(MAX_REPS).nullable().default(null),
  weight: z.number().min(0, vm('weightNegative')).max(MAX_WEIGHT).nullable().default(null),
  duration_seconds: z
    .number()
    .int()
    .min(5, vm('atLeastSeconds'))
    .max(3600, vm('atMostAnHour'))
    .nullable()
    .default(null),
  rest_seconds: z.number().int().min(0).max(900, vm('atMostRest')).default(60),
});
export type GroupExerciseInput = z.input<typeof groupExerciseInputSchema>;

export const exerciseGroupInputSchema = z
  .object({
    kind: z.enum(groupKinds),
    rest_seconds: z.number().int().min(0).max(900, vm('atMostRest')).default(90),
    notes: z.string().trim().max(500).default(''),
    exercises: z
      .array(groupExerciseInputSchema)
      .min(1, vm('addExercise'))
      .max(10, vm('atMostExercisesInGroup')),
  })
  .superRefine((g, ctx) => {
    if (!Array.isArray(g.exercises)) return;
    if (g.kind === 'single' && g.exercises.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['exercises'],
        message: vm('singleGroupOneExercise'),
      });
    }
    if (g.kind !== 'single' && g.exercises.length < 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['exercises'],
        message: vm('groupTwoExercises'),
      });
    }
  });
export type ExerciseGroupInput = z.input<typeof exerciseGroupInputSchema>;

/** `POST /api/workout` and `PUT /api/workout/:id`. */
export const workoutInputSchema = z.object({
  title: z.string().trim().min(1, vm('workoutTitle')).max(120),
  description: z.string().trim().max(2000).default(''),
  goal: z.enum(workoutGoals, { error: vm('chooseGoal') }),
  level: z.enum(workoutLevels, { error: vm('chooseLevel') }).default('intermediate'),
  estimated_minutes: z.number().int().min(5, vm('atLeastMinutes')).max(300).default(45),
  is_public: z.boolean().default(false),
  tag_ids: z.array(idParam).max(10, vm('atMostTags')).default([]),
  groups: z.array(exerciseGroupInputSchema).min(1, vm('addExercise')).max(30, vm('atMostGroups')),
});
export type WorkoutInput = z.input<typeof workoutInputSchema>;
export type WorkoutInputParsed = z.output<typeof workoutInputSchema>;

// ---------------------------------------------------------------------------------------------
// Reading workouts
// ---------------------------------------------------------------------------------------------

export const ownerSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * One exercise of a group, with what the workout page needs between sets. The how-to (steps,
 * muscles, equipment) is `GET /api/exercise/:id`, fetched when a member opens it: most sessions
 * never do, and it was most of this answer's bytes.
 */
export const workoutExerciseSchema = z.object({
  id: z.number().int(),
  exercise_id: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  slug: z.string(),
  kind: z.enum(exerciseKinds),
  video_url: z.string().nullable(),
  sets: z.number().int(),
  reps: z.number().int().nullable(),
  /** In the member's units. */
  weight: z.number().nullable(),
  duration_seconds: z.number().int().nullable(),
  rest_seconds: z.number().int(),
});
export type WorkoutExercise = z.infer<typeof workoutExerciseSchema>;

export const exerciseGroupSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  kind: z.enum(groupKinds),
  rest_seconds: z.number().int(),
  notes: z.string(),
  liked: z.boolean(),
  like_count: z.number().int(),
  exercises: z.array(workoutExerciseSchema),
});
export type ExerciseGroup = z.infer<typeof exerciseGroupSchema>;

export const workoutSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  goal: z.enum(workoutGoals),
  level: z.enum(workoutLevels),
  estimated_minutes: z.number().int(),
  is_public: z.boolean(),
  tags: z.array(tagSchema),
  owner: ownerSchema.nullable(),
  group_count: z.number().int(),
  exercise_count: z.number().int(),
  updated_at: z.string(),
});
export type WorkoutSummary = z.infer<typeof workoutSummarySchema>;

/** `GET /api/workout/:id`. */
export const workoutDetailSchema = workoutSummarySchema.extend({
  can_edit: z.boolean(),
  copied_from_id: z.number().int().nullable(),
  /** The unit weights are given in (the member's). */
  weight_unit: z.enum(['kg', 'lb']),
  groups: z.array(exerciseGroupSchema),
});
export type WorkoutDetail = z.infer<typeof workoutDetailSchema>;

/** A saved workout as the builder's input: what writing it again (a copy, an eased session) takes. */
export function workoutInputOf(w: WorkoutDetail): WorkoutInputParsed {
  return {
    title: w.title,
    description: w.description,
    goal: w.goal,
    level: w.level,
    estimated_minutes: w.estimated_minutes,
    is_public: w.is_public,
    tag_ids: w.tags.map((t) => t.id),
    groups: w.groups.map((g) => ({
      kind: g.kind,
      rest_seconds: g.rest_seconds,
      notes: g.notes,
      exercises: g.exercises.map((e) => ({
        exercise_id: e.exercise_id,
        sets: e.sets,
        reps: e.reps,
        weight: e.weight,
        duration_seconds: e.duration_seconds,
        rest_seconds: e.rest_seconds,
      })),
    })),
  };
}

export const workoutScopes = ['all', 'library', 'mine', 'shared'] as const;
export type WorkoutScope = (typeof workoutScopes)[number];
/**
 * The list's scopes plus `givable`: the library and your own workouts, those you may give a team
 * (not those shared with you: only a private workout's author hands it on). Used by the team's
 * picker, not offered on the workouts page.
 */
export const workoutListScopes = [...workoutScopes, 'givable'] as const;
export type WorkoutListScope = (typeof workoutListScopes)[number];

/** `GET /api/workout` query: everything you may see, or only FitCoach's, yours, or shared. */
export const workoutListQuerySchema = z.object({
  scope: z.enum(workoutListScopes).default('all'),
  tag_id: tagFilterValue.optional(),
  goal: z.enum(workoutGoals).optional(),
  q: searchText.optional(),
  ...cursorQuery,
});
export type WorkoutListQuery = z.input<typeof workoutListQuerySchema>;

export const workoutPageSchema = pageSchema(workoutSummarySchema);

/**
 * `POST /api/workout/filter`: the spec's tag filter form (`tag_id`, empty clears it), plus the
 * list's scope and goal so the answer is the page the member is looking at.
 */
export const workoutFilterSchema = z.object({
  tag_id: tagFilterValue,
  q: searchText.optional(),
  scope: z.enum(workoutScopes).default('all'),
  goal: z.enum(workoutGoals).nullish(),
});

// ---------------------------------------------------------------------------------------------
// Likes and shares
// ---------------------------------------------------------------------------------------------

/** `POST /api/workout/like`: toggles your like of a group unless `liked` says which. */
export const likeInputSchema = z.object({
  exercise_group_id: idParam,
  liked: z.boolean().optional(),
});
export const likeResultSchema = z.object({
  exercise_group_id: z.number().int(),
  liked: z.boolean(),
  like_count: z.number().int(),
});
export type LikeResult = z.infer<typeof likeResultSchema>;

/** `POST /api/workout/share_workout`. */
export const shareWorkoutInputSchema = z.object({ friend_id: idParam, workout_id: idParam });
export const shareResultSchema = z.object({ status: z.literal('shared'), message: z.string() });
