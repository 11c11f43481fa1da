import { z } from 'zod';
import { cursorQuery, pageSchema, searchText, tagFilterValue } from './pagination';

export const exerciseKinds = ['reps', 'timed'] as const;
export type ExerciseKind = (typeof exerciseKinds)[number];

export const muscleGroups = [
  'chest',
  'upper_back',
  'lats',
  'traps',
  'lower_back',
  'front_delts',
  'side_delts',
  'rear_delts',
  'biceps',
  'triceps',
  'forearms',
  'abs',
  'obliques',
  'hip_flexors',
  'glutes',
  'quadriceps',
  'hamstrings',
  'adductors',
  'abductors',
  'calves',
  'neck',
  'heart',
] as const;
export type MuscleGroup = (typeof muscleGroups)[number];
export const muscleGroupLabels: Record<MuscleGroup, string> = {
  chest: 'Chest',
  upper_back: 'Upper back',
  lats: 'Lats',
  traps: 'Traps',
  lower_back: 'Lower back',
  front_delts: 'Front delts',
  side_delts: 'Side delts',
  rear_delts: 'Rear delts',
  biceps: 'Biceps',
  triceps: 'Triceps',
  forearms: 'Forearms',
  abs: 'Abs',
  obliques: 'Obliques',
  hip_flexors: 'Hip flexors',
  glutes: 'Glutes',
  quadriceps: 'Quadriceps',
  hamstrings: 'Hamstrings',
  adductors: 'Adductors',
  abductors: 'Abductors',
  calves: 'Calves',
  neck: 'Neck',
  heart: 'Heart and lungs',
};

export const equipmentTypes = [
  'bodyweight',
  'barbell',
  'dumbbell',
  'kettlebell',
  'cable',
  'machine',
  'bench',
  'pull_up_bar',
  'resistance_band',
  'medicine_ball',
  'jump_rope',
  'plyo_box',
  'rower',
  'bike',
  'treadmill',
  'mat',
  'heavy_bag',
  'boxing_gloves',
  'battle_ropes',
  'sled',
  'suspension_trainer',
  'ab_wheel',
  'stability_ball',
  'foam_roller',
  'parallel_bars',
  'ez_bar',
  'trap_bar',
  'landmine',
] as const;
export type Equipment = (typeof equipmentTypes)[number];
export const equipmentLabels: Record<Equipment, string> = {
  bodyweight: 'Bodyweight',
  barbell: 'Barbell',
  dumbbell: 'Dumbbell',
  kettlebell: 'Kettlebell',
  cable: 'Cable machine',
  machine: 'Machine',
  bench: 'Bench',
  pull_up_bar: 'Pull-up bar',
  resistance_band: 'Resistance band',
  medicine_ball: 'Medicine ball',
  jump_rope: 'Jump rope',
  plyo_box: 'Plyo box',
  rower: 'Rowing machine',
  bike: 'Exercise bike',
  treadmill: 'Treadmill',
  mat: 'Mat',
  heavy_bag: 'Heavy bag',
  boxing_gloves: 'Boxing gloves',
  battle_ropes: 'Battle ropes',
  sled: 'Sled',
  suspension_trainer: 'Suspension trainer',
  ab_wheel: 'Ab wheel',
  stability_ball: 'Stability ball',
  foam_roller: 'Foam roller',
  parallel_bars: 'Parallel bars',
  ez_bar: 'EZ bar',
  trap_bar: 'Trap bar',
  landmine: 'Landmine',
};

/**
 * The tags exercise and workout lists filter by. Slugs are stable identifiers; names are what
 * members see.
 */
export const tagSlugs = [
  'strength',
  'hypertrophy',
  'power',
  'cardio',
  'hiit',
  'tabata',
  'crossfit',
  'boxing',
  'kickboxing',
  'core',
  'upper_body',
  'lower_body',
  'full_body',
  'push',
  'pull',
  'legs',
  'bodyweight',
  'free_weights',
  'machines',
  'plyometrics',
  'mobility',
  'stretching',
  'warm_up',
  'balance',
  'endurance',
  'sport_conditioning',
  'beginner',
  'intermediate',
  'advanced',
  'home',
] as const;
export type TagSlug = (typeof tagSlugs)[number];

export const tagSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;

/** An exercise as lists show it. */
export const exerciseSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(exerciseKinds),
  default_duration_seconds: z.number().int().nullable(),
  primary_muscles: z.array(z.enum(muscleGroups)),
  equipment: z.array(z.enum(equipmentTypes)),
  tags: z.array(tagSchema),
  has_video: z.boolean(),
});
export type ExerciseSummary = z.infer<typeof exerciseSummarySchema>;

/** `GET /api/exercise/:id`: everything, with the how-to steps and the demo video. */
export const exerciseDetailSchema = exerciseSummarySchema.extend({
  steps: z.array(z.string()),
  secondary_muscles: z.array(z.enum(muscleGroups)),
  video_url: z.string().nullable(),
});
export type ExerciseDetail = z.infer<typeof exerciseDetailSchema>;

export const exercisePageSchema = pageSchema(exerciseSummarySchema);

/** `GET /api/exercise` query. */
export const exerciseListQuerySchema = z.object({
  tag_id: tagFilterValue.optional(),
  q: searchText.optional(),
  ...cursorQuery,
});
export type ExerciseListQuery = z.input<typeof exerciseListQuerySchema>;

/** `POST /api/exercise/filter` and `POST /api/workout/filter`: the spec's tag filter form. */
export const tagFilterSchema = z.object({
  tag_id: tagFilterValue,
  q: searchText.optional(),
});
export type TagFilterInput = z.input<typeof tagFilterSchema>;

/** The answer of a tag filter: the chosen tag (null when cleared) and the first page. */
export function filteredPageSchema<T extends z.ZodType>(item: T) {
  return pageSchema(item).extend({ tag_id: z.number().int().nullable() });
}

export const tagListSchema = z.object({ items: z.array(tagSchema) });
