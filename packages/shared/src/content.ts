import { z } from 'zod';
import {
  equipmentTypes,
  exerciseDetailSchema,
  exerciseKinds,
  muscleGroups,
  tagSchema,
} from './exercises';
import { dietTags, foodCategories, mealTypes } from './foods';
import { cursorQuery, idParam, pageSchema, searchText } from './pagination';
import { isOneLine } from './text';
import { trainerPersonaSchema } from './trainer';
import { vm } from './validation-messages';
import { workoutSummarySchema } from './workouts';

/**
 * The admin area's Content tab (issue 14): the library's exercises, library workouts, foods,
 * trainer personas and tags, created, edited and retired by admins. A retired item leaves
 * members' pickers, lists and the planners but stays readable where it is already used; it is
 * deleted outright only when nothing uses it.
 */

export const contentKinds = ['exercises', 'workouts', 'foods', 'personas', 'tags'] as const;
export type ContentKind = (typeof contentKinds)[number];

/** What the admin lists show: the items in use, the retired ones, or both. */
export const contentStatuses = ['active', 'retired', 'all'] as const;
export type ContentStatus = (typeof contentStatuses)[number];

export const contentListQuerySchema = z.object({
  q: searchText.optional(),
  status: z.enum(contentStatuses).default('all'),
  ...cursorQuery,
});
export type ContentListQuery = z.input<typeof contentListQuerySchema>;

/** What every managed item carries besides its own fields. */
const managedFields = {
  /** When it was retired (null: in use). */
  retired_at: z.string().nullable(),
  /** How many records use it (workouts, logs, diets, threads …): 0 means it may be deleted. */
  in_use: z.number().int(),
};

/** A one-line name: trimmed, not empty, no control characters. */
const itemName = (max: number) =>
  z
    .string({ error: vm('enterItemName') })
    .trim()
    .min(1, vm('enterItemName'))
    .max(max, vm('atMostCharacters'))
    .refine(isOneLine, vm('nameOnOneLine'));

const longText = (max: number, empty: Parameters<typeof vm>[0]) =>
  z
    .string({ error: vm(empty) })
    .trim()
    .min(1, vm(empty))
    .max(max, vm('atMostCharacters'));

/** Each value once. */
const distinct = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max, vm('atMostItems'))
    .refine((list) => new Set(list).size === list.length, vm('eachOnce'));

// ---------------------------------------------------------------------------------------------
// Exercises
// ---------------------------------------------------------------------------------------------

export const exerciseInputSchema = z
  .object({
    name: itemName(120),
    description: longText(2000, 'describeItem'),
    steps: z.array(longText(500, 'writeStep')).min(1, vm('addStep')).max(20, vm('atMostItems')),
    primary_muscles: distinct(z.enum(muscleGroups), 10).refine(
      (list) => list.length > 0,
      vm('choosePrimaryMuscle'),
    ),
    secondary_muscles: distinct(z.enum(muscleGroups), 10).default([]),
    equipment: distinct(z.enum(equipmentTypes), 10).refine(
      (list) => list.length > 0,
      vm('chooseEquipmentItem'),
    ),
    kind: z.enum(exerciseKinds, { error: vm('chooseExerciseKind') }),
    /** Timed exercises: how long one set lasts by default. */
    default_duration_seconds: z
      .number()
      .int()
      .min(5, vm('atLeastSeconds'))
      .max(3600, vm('atMostAnHour'))
      .nullable()
      .default(null),
    tag_ids: distinct(idParam, 10).default([]),
  })
  .superRefine((e, ctx) => {
    if (e.kind === 'timed' && e.default_duration_seconds === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['default_duration_seconds'],
        message: vm('timedNeedsDuration'),
      });
    }
  });
export type ExerciseInput = z.input<typeof exerciseInputSchema>;
export type ExerciseInputParsed = z.output<typeof exerciseInputSchema>;

/** An exercise as the admin edits it: everything members read, and its state. */
export const adminExerciseSchema = exerciseDetailSchema.extend(managedFields);
export type AdminExercise = z.infer<typeof adminExerciseSchema>;

// ---------------------------------------------------------------------------------------------
// Foods (nutrients per 100 g)
// ---------------------------------------------------------------------------------------------

const grams = (max: number) =>
  z
    .number({ error: vm('enterAmount') })
    .min(0, vm('notNegative'))
    .max(max, vm('atMostValue'));

export const foodInputSchema = z
  .object({
    name: itemName(120),
    category: z.enum(foodCategories, { error: vm('chooseFoodCategory') }),
    kcal: grams(900),
    protein_g: grams(100),
    carbs_g: grams(100),
    fat_g: grams(100),
    fiber_g: grams(100),
    diet_tags: distinct(z.enum(dietTags), dietTags.length).default([]),
    meals: distinct(z.enum(mealTypes), mealTypes.length).refine(
      (list) => list.length > 0,
      vm('chooseMeal'),
    ),
    serving_g: z
      .number({ error: vm('enterAmount') })
      .min(1, vm('atLeastValue'))
      .max(2000, vm('atMostValue')),
    serving_label: itemName(60),
  })
  .superRefine((f, ctx) => {
    // Per 100 g, the macronutrients cannot weigh more than the food.
    if (f.protein_g + f.carbs_g + f.fat_g > 100) {
      ctx.addIssue({ code: 'custom', path: ['protein_g'], message: vm('macrosOver100') });
    }
    if (f.fiber_g > f.carbs_g) {
      ctx.addIssue({ code: 'custom', path: ['fiber_g'], message: vm('fiberOverCarbs') });
    }
  });
export type FoodInput = z.input<typeof foodInputSchema>;
export type FoodInputParsed = z.output<typeof foodInputSchema>;

export const adminFoodSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  category: z.enum(foodCategories),
  kcal: z.number(),
  protein_g: z.number(),
  carbs_g: z.number(),
  fat_g: z.number(),
  fiber_g: z.number(),
  diet_tags: z.array(z.enum(dietTags)),
  meals: z.array(z.enum(mealTypes)),
  serving_g: z.number(),
  serving_label: z.string(),
  ...managedFields,
});
export type AdminFood = z.infer<typeof adminFoodSchema>;

// ---------------------------------------------------------------------------------------------
// Trainer personas (the spec: name and description)
// ---------------------------------------------------------------------------------------------

export const personaInputSchema = z.object({
  name: itemName(80),
  description: longText(2000, 'describeItem'),
  specialty: longText(300, 'describeSpecialty'),
  tone: longText(500, 'describeTone'),
  greeting: longText(500, 'writeGreeting'),
  example_questions: z
    .array(longText(200, 'writeExampleQuestion'))
    .min(1, vm('addExampleQuestion'))
    .max(8, vm('atMostItems')),
});
export type PersonaInput = z.input<typeof personaInputSchema>;
export type PersonaInputParsed = z.output<typeof personaInputSchema>;

export const adminPersonaSchema = trainerPersonaSchema.extend(managedFields);
export type AdminPersona = z.infer<typeof adminPersonaSchema>;

// ---------------------------------------------------------------------------------------------
// Tags
// ---------------------------------------------------------------------------------------------

export const tagInputSchema = z.object({ name: itemName(40) });
export type TagInput = z.input<typeof tagInputSchema>;

export const adminTagSchema = tagSchema.extend(managedFields);
export type AdminTag = z.infer<typeof adminTagSchema>;

// ---------------------------------------------------------------------------------------------
// Library workouts (written with the builder's `workoutInputSchema`)
// ---------------------------------------------------------------------------------------------

export const adminWorkoutSchema = workoutSummarySchema.extend(managedFields);
export type AdminWorkout = z.infer<typeof adminWorkoutSchema>;

/** `POST /api/admin/content/workouts/copy`: a workout the admin can open, copied into the library. */
export const copyToLibraryInputSchema = z.object({ workout_id: idParam });

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const adminExercisePageSchema = pageSchema(adminExerciseSchema);
export const adminFoodPageSchema = pageSchema(adminFoodSchema);
export const adminPersonaPageSchema = pageSchema(adminPersonaSchema);
export const adminTagPageSchema = pageSchema(adminTagSchema);
export const adminWorkoutPageSchema = pageSchema(adminWorkoutSchema);

/**
 * `DELETE /api/admin/content/<kind>/:id`: deleted when nothing used it; retired instead when
 * something did (the item as it now is comes back then).
 */
export function removalSchema<T extends z.ZodType>(item: T) {
  return z.object({ outcome: z.enum(['deleted', 'retired']), item: item.nullable() });
}

/** `PUT /api/exercise/:id/video`: attach an uploaded demo video (admins and coaches). */
export const attachDemoVideoSchema = z.object({
  signed_id: z.string().min(1, vm('uploadVideoFirst')).max(1000),
});

/** Audit actions of the Content tab; the target type names the kind (`exercise`, `food` …). */
export const contentAuditActions = [
  'content.created',
  'content.updated',
  'content.retired',
  'content.restored',
  'content.deleted',
  'content.video_attached',
  'content.video_removed',
] as const;
export type ContentAuditAction = (typeof contentAuditActions)[number];

/** The audit log's target type for each kind. */
export const contentTargetTypes: Record<ContentKind, string> = {
  exercises: 'exercise',
  workouts: 'workout',
  foods: 'food',
  personas: 'trainer_persona',
  tags: 'tag',
};
