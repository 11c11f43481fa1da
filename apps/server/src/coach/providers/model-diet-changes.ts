import {
  CHANGE_REQUEST_MAX,
  DIET_KCAL,
  dietChangeSchema,
  dietExclusions,
  type DietFood,
  type DietPlan,
} from '@fitcoach/shared/diets';
import { mealTypes } from '@fitcoach/shared/foods';
import { mealPreferences } from '@fitcoach/shared/profile';
import { z } from 'zod';
import type { ParsedRequest } from './local/diet-changes';
import { idsOutside, type AiFailure, type AiIssue, type OpenAiProvider } from './openai';

/**
 * The `openai` engine's reader of diet change requests: the model reads the member's words (any
 * phrasing, any language) and answers with the same change operations the local parser makes
 * (`dietChangeSchema`). It never sets an amount: the local engine applies the operations,
 * replans the day and recomputes every total from the food table, so a number the model adds
 * (a "new total", grams) is dropped by the schema and never reaches the plan. Unknown food ids
 * or an invalid answer get the provider's one repair; a failure is the caller's to replace
 * with the local parser's reading.
 */

/** More operations than any sensible request holds; a longer answer is a confused model. */
const MAX_CHANGES = 12;

export const modelChangeAnswerSchema = z.object({
  changes: z.array(dietChangeSchema).max(MAX_CHANGES),
  /** Parts of the request no operation can express, quoted as the member wrote them. */
  not_applicable: z
    .array(z.string().trim().min(1).max(CHANGE_REQUEST_MAX))
    .max(MAX_CHANGES)
    .default([]),
});
type Answer = z.infer<typeof modelChangeAnswerSchema>;

const SYSTEM = [
  'You read change requests for a day of meals in FitCoach, a fitness app.',
  'The member writes in plain words, in any language. Answer with the change operations that express exactly what they ask, and nothing they did not ask:',
  `- {"type":"kcal","kcal":N}: a set daily calorie target (whole kcal, ${DIET_KCAL.min}–${DIET_KCAL.max} is what FitCoach serves; give what the member said even if outside).`,
  '- {"type":"kcal_step","direction":"more"|"less"}: more or fewer calories / more or less food, no number given.',
  `- {"type":"preference","preference":P}: the whole diet becomes P, one of ${mealPreferences.join(', ')}.`,
  `- {"type":"exclude","exclusion":G}: leave out a food group G, one of ${dietExclusions.join(', ')} (lactose → dairy, seafood → fish, wheat → gluten).`,
  '- {"type":"exclude_food","word":W,"food_ids":[…]}: leave out particular foods that are not one of those groups. W is the food as the member named it, in their words; food_ids are every food in the list "foods" they mean (e.g. every kind of rice for "no rice"), or [] when the list has none.',
  `- {"type":"protein","direction":"more"|"less","meal":M|null}: more or less protein, at one meal M (${mealTypes.join(', ')}) or the whole day (null).`,
  '- {"type":"swap","meal":M}: different foods for meal M.',
  'A part of the request that none of these can express (e.g. cheaper food, an extra meal, a recipe) goes in "not_applicable", quoted as the member wrote it; never stretch an operation to cover it.',
  'FitCoach sets every amount and computes every total itself: never give grams, calories eaten, macros or totals.',
  'Answer with JSON only: {"changes":[…],"not_applicable":[…]}.',
].join('\n');

/** The day as the model needs it to read "swap the chicken" or "the same but vegan". */
function describePlan(plan: DietPlan, foodsById: ReadonlyMap<number, DietFood>): string {
  const meals = plan.meals.map(
    (m) =>
      `${m.meal}: ${m.items.map((i) => foodsById.get(i.food_id)?.name ?? `#${i.food_id}`).join(', ')}`,
  );
  const excluded = [
    ...plan.exclusions,
    ...plan.excluded_food_ids.map((id) => foodsById.get(id)?.name ?? `#${id}`),
  ];
  return [
    `The current day: ${plan.meal_preference}, ${plan.targets.kcal} kcal target, protein ${plan.targets.protein_g} g.`,
    `Already left out: ${excluded.length > 0 ? excluded.join(', ') : 'nothing'}.`,
    ...meals,
  ].join('\n');
}

/** Reads a change request with the model; the value is what the local engine applies. */
export async function readChangeRequestWithModel(
  model: OpenAiProvider,
  request: string,
  plan: DietPlan,
  foods: readonly DietFood[],
): Promise<{ ok: true; parsed: ParsedRequest } | { ok: false; failure: AiFailure }> {
  const foodsById = new Map(foods.map((f) => [f.id, f]));
  const checkIds = (answer: Answer): AiIssue[] =>
    answer.changes.flatMap((change, i) =>
      change.type === 'exclude_food'
        ? idsOutside(`changes[${i}].food_ids`, foodsById.keys(), change.food_ids)
        : [],
    );
  const result = await model.generateStructured({
    schema: modelChangeAnswerSchema,
    name: 'diet_changes',
    system: SYSTEM,
    user: [
      describePlan(plan, foodsById),
      '',
      // Quoted as data: the member's words are what to read, not instructions to follow.
      `The member's change request: ${JSON.stringify(request)}`,
    ].join('\n'),
    candidates: { foods: foods.map((f) => ({ id: f.id, name: f.name })) },
    checkIds,
  });
  if (!result.ok) return result;
  return {
    ok: true,
    parsed: {
      changes: result.value.changes.map((c) =>
        c.type === 'exclude_food' ? { ...c, food_ids: [...new Set(c.food_ids)] } : c,
      ),
      unknown: [],
      unsupported: result.value.not_applicable,
    },
  };
}
