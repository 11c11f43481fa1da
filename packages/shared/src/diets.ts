import { z } from 'zod';
import { mealTypes } from './foods';
import { genders, mealPreferences, workoutGoals } from './profile';
import { idParam } from './pagination';
import { vm } from './validation-messages';

/** The day's calorie range the planner accepts (a change request outside it is refused). */
export const DIET_KCAL = { min: 1200, max: 4500 } as const;
/** How close a plan must land: ±5 % of the calorie target, ±10 % of each macro. */
export const DIET_KCAL_TOLERANCE = 0.05;
export const DIET_MACRO_TOLERANCE = 0.1;
export const CHANGE_REQUEST_MAX = 500;

/** Things a member can leave out of a diet ("no dairy", "without nuts"). */
export const dietExclusions = ['dairy', 'meat', 'fish', 'eggs', 'nuts', 'gluten', 'soy'] as const;
export type DietExclusion = (typeof dietExclusions)[number];

export const macroTargetsSchema = z.object({
  kcal: z.number(),
  protein_g: z.number(),
  carbs_g: z.number(),
  fat_g: z.number(),
});
export type MacroTargets = z.infer<typeof macroTargetsSchema>;

/** What the targets were computed from, so the diet page can explain them. */
export const dietInputsSchema = z.object({
  gender: z.enum(genders),
  age: z.number().int(),
  weight_kg: z.number(),
  height_cm: z.number(),
  workout_frequency: z.number().int(),
  workout_length: z.number().int(),
  goal: z.enum(workoutGoals),
  bmr: z.number(),
  activity_factor: z.number(),
  goal_adjustment: z.number(),
});
export type DietInputs = z.infer<typeof dietInputsSchema>;

/** A food in a meal as stored: the id and the grams (nutrients always come from the table). */
export const planItemSchema = z.object({ food_id: z.number().int(), grams: z.number().int() });
export type PlanItem = z.infer<typeof planItemSchema>;

export const planMealSchema = z.object({
  meal: z.enum(mealTypes),
  items: z.array(planItemSchema),
});
export type PlanMeal = z.infer<typeof planMealSchema>;

/** The stored plan (diets.plan, diet_versions.plan). */
export const dietPlanSchema = z.object({
  meal_preference: z.enum(mealPreferences),
  targets: macroTargetsSchema,
  inputs: dietInputsSchema,
  exclusions: z.array(z.enum(dietExclusions)),
  /** Foods left out by name ("no banana"). */
  excluded_food_ids: z.array(z.number().int()),
  /** Meals asked to carry more protein ("more protein at breakfast"). */
  protein_focus: z.array(z.enum(mealTypes)),
  /** A calorie target the member set ("1800 kcal"); null → the computed one. */
  kcal_override: z.number().int().nullable(),
  /** Protein above the goal's amount ("more protein"): 1 = none. */
  protein_boost: z.number(),
  seed: z.number().int(),
  /** Bumped by "swap <meal>" so that meal is picked afresh and stays swapped. */
  meal_seeds: z.object({
    breakfast: z.number().int(),
    lunch: z.number().int(),
    dinner: z.number().int(),
    snack: z.number().int(),
  }),
  meals: z.array(planMealSchema),
});
export type DietPlan = z.infer<typeof dietPlanSchema>;

export const dietItemSchema = z.object({
  food_id: z.number().int(),
  name: z.string(),
  category: z.string(),
  grams: z.number(),
  /** The household measure: how many of `serving_label` (rounded to a quarter). */
  servings: z.number(),
  serving_label: z.string(),
  kcal: z.number(),
  protein_g: z.number(),
  carbs_g: z.number(),
  fat_g: z.number(),
});
export type DietItem = z.infer<typeof dietItemSchema>;

export const dietMealSchema = z.object({
  meal: z.enum(mealTypes),
  items: z.array(dietItemSchema),
  totals: macroTargetsSchema,
});
export type DietMeal = z.infer<typeof dietMealSchema>;

export const dietSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  meal_preference: z.enum(mealPreferences),
  goal: z.enum(workoutGoals),
  version: z.number().int(),
  kcal: z.number(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  /** True when a friend shared it with the viewer (not theirs). */
  shared_with_me: z.boolean(),
  updated_at: z.string(),
});
export type DietSummary = z.infer<typeof dietSummarySchema>;

export const dietListSchema = z.object({ items: z.array(dietSummarySchema) });
export type DietList = z.infer<typeof dietListSchema>;

export const dietDetailSchema = dietSummarySchema.extend({
  is_owner: z.boolean(),
  targets: macroTargetsSchema,
  /** Recomputed from the food table on every read. */
  totals: macroTargetsSchema,
  inputs: dietInputsSchema,
  exclusions: z.array(z.enum(dietExclusions)),
  protein_focus: z.array(z.enum(mealTypes)),
  /** The calorie target the member set ("1800 kcal"), or null when it is computed. */
  kcal_override: z.number().int().nullable(),
  meals: z.array(dietMealSchema),
  notes: z.array(z.string()),
});
export type DietDetail = z.infer<typeof dietDetailSchema>;

export const dietChangeRequestSchema = z.object({
  change_request: z
    .string({ error: vm('describeDietChange') })
    .trim()
    .min(1, vm('describeDietChange'))
    .max(CHANGE_REQUEST_MAX, vm('atMostCharacters')),
});
export type DietChangeRequest = z.infer<typeof dietChangeRequestSchema>;

/**
 * One thing a change request asks for, as understood: by the `local` engine's parser, or by a
 * model with `AI_PROVIDER=openai` (which answers with these very operations). The engine applies
 * them and computes every amount and total itself.
 */
export const dietChangeSchema = z.discriminatedUnion('type', [
  /** "1800 kcal": the day's calorie target. */
  z.object({ type: z.literal('kcal'), kcal: z.number().int() }),
  /** "more calories", "less food": the target 10 % up or down. */
  z.object({ type: z.literal('kcal_step'), direction: z.enum(['more', 'less']) }),
  /** "vegetarian", "go keto". */
  z.object({ type: z.literal('preference'), preference: z.enum(mealPreferences) }),
  /** "no dairy": a whole food group. */
  z.object({ type: z.literal('exclude'), exclusion: z.enum(dietExclusions) }),
  /** "no bananas": foods by name; `word` as the member wrote it, `food_ids` from the food table. */
  z.object({
    type: z.literal('exclude_food'),
    word: z.string().trim().min(1).max(60),
    food_ids: z.array(z.number().int()),
  }),
  /** "more protein", "less protein at dinner"; `meal` null for the whole day. */
  z.object({
    type: z.literal('protein'),
    direction: z.enum(['more', 'less']),
    meal: z.enum(mealTypes).nullable(),
  }),
  /** "swap lunch": other foods for that meal. */
  z.object({ type: z.literal('swap'), meal: z.enum(mealTypes) }),
]);
export type DietChange = z.infer<typeof dietChangeSchema>;

export const dietDiffItemSchema = z.object({
  meal: z.enum(mealTypes),
  food_id: z.number().int(),
  name: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  grams_before: z.number().nullable(),
  grams_after: z.number().nullable(),
});
export type DietDiffItem = z.infer<typeof dietDiffItemSchema>;

export const dietDiffSchema = z.object({
  meals_added: z.array(z.enum(mealTypes)),
  meals_removed: z.array(z.enum(mealTypes)),
  items: z.array(dietDiffItemSchema),
  targets_before: macroTargetsSchema,
  targets_after: macroTargetsSchema,
  meal_preference_before: z.enum(mealPreferences),
  meal_preference_after: z.enum(mealPreferences),
});
export type DietDiff = z.infer<typeof dietDiffSchema>;

export const dietChangeResultSchema = z.object({
  diet: dietDetailSchema,
  diff: dietDiffSchema,
  summary: z.string(),
  /** How the request was read, e.g. why the AI model's reading was not used (may be empty). */
  notes: z.array(z.string()),
});
export type DietChangeResult = z.infer<typeof dietChangeResultSchema>;

export const dietVersionSchema = z.object({
  version: z.number().int(),
  change_request: z.string(),
  summary: z.string(),
  kcal: z.number(),
  meal_preference: z.enum(mealPreferences),
  created_at: z.string(),
  current: z.boolean(),
});
export type DietVersion = z.infer<typeof dietVersionSchema>;
export const dietVersionListSchema = z.object({ items: z.array(dietVersionSchema) });
export type DietVersionList = z.infer<typeof dietVersionListSchema>;

export const dietRestoreSchema = z.object({
  version: z
    .number({ error: vm('chooseDietVersion') })
    .int(vm('chooseDietVersion'))
    .min(1, vm('chooseDietVersion'))
    // The versions column is a 32-bit integer: a larger number is no version (not a 500).
    .max(2 ** 31 - 1, vm('chooseDietVersion')),
});
export type DietRestore = z.infer<typeof dietRestoreSchema>;

/** `POST /api/diet/share_diet` (spec section 7: friend_id, diet_id; status 200 means success). */
export const shareDietInputSchema = z.object({
  friend_id: idParam,
  diet_id: idParam,
});
export type ShareDietInput = z.infer<typeof shareDietInputSchema>;
export const shareDietResultSchema = z.object({
  status: z.literal('shared'),
  message: z.string(),
});
export type ShareDietResult = z.infer<typeof shareDietResultSchema>;

/** Foods as the diet engine reads them from the table (per 100 g). */
export interface DietFood {
  id: number;
  slug: string;
  name: string;
  category: string;
  kcal: number;
  protein_g: number;
  carbs_g: number;
  fat_g: number;
  diet_tags: readonly string[];
  meals: readonly string[];
  serving_g: number;
  serving_label: string;
}
