import type { DietFood } from '@fitcoach/shared/diets';
import { mealTypes, type MealType } from '@fitcoach/shared/foods';
import { z } from 'zod';
import {
  localFoodPicker,
  type DietFoodPicker,
  type MealCandidates,
  type MealPicks,
  type PickRequest,
} from './local/diet-planner';
import { mixSeed, seededRandom, shuffled } from './local/session-random';
import { idsOutside, type AiFailure, type AiIssue, type OpenAiProvider } from './openai';

/**
 * The `openai` engine's food picker: the model chooses one food per slot of each meal (protein,
 * starch, produce, fat), only from the candidate lists the planner offers; the planner then sets
 * the grams and recomputes every total from the food table, as it does for the local picker.
 * The model is asked once, for the planner's first plate; if it fails, or its plate cannot be
 * brought within the targets' tolerance, the local picker's plates follow, and `outcome()` says
 * which one the day was made from.
 */

/** Per list: enough choice for a model, short enough for a small model's context. */
const MAX_CANDIDATES = 30;

type Role = MealCandidates['slots'][number]['role'];

export interface ModelFoodPicker extends DietFoodPicker {
  /**
   * After planning: whether the day's foods are the model's, and the failure that made the
   * local picker take over (null when the model answered but its plate missed the targets).
   */
  outcome(): { used: boolean; failure: AiFailure | null };
}

const proteinShare = (f: DietFood) => (f.kcal > 0 ? (f.protein_g * 4) / f.kcal : 0);

const listName = (meal: MealType, role: Role) => `${meal}_${role}`;

const describe = (f: DietFood) =>
  `${f.name} (per 100 g: ${Math.round(f.kcal)} kcal, protein ${f.protein_g} g, carbs ${f.carbs_g} g, fat ${f.fat_g} g)`;

/** A slot's candidates: lean proteins first (as the local picker), else a seeded sample. */
function candidatesFor(
  role: Role,
  offered: readonly DietFood[],
  avoid: ReadonlySet<number>,
  seed: number,
): DietFood[] {
  const kept = offered.filter((f) => !avoid.has(f.id));
  const pool = kept.length > 0 ? kept : [...offered];
  if (role === 'protein') {
    // High protein targets stay reachable only with the leaner half (the local picker's rule).
    const lean = [...pool].sort((a, b) => proteinShare(b) - proteinShare(a) || a.id - b.id);
    return lean.slice(0, Math.min(MAX_CANDIDATES, Math.max(1, Math.ceil(lean.length / 2))));
  }
  return shuffled(pool, seededRandom(seed)).slice(0, MAX_CANDIDATES);
}

const answerSchema = z.object({
  meals: z
    .array(
      z.object({
        meal: z.enum(mealTypes),
        /** One per slot, in slot order. */
        food_ids: z.array(z.number().int()),
      }),
    )
    .min(1),
});
type Answer = z.infer<typeof answerSchema>;

const SYSTEM = [
  'You are the food selector of FitCoach, a fitness app.',
  'FitCoach plans a day of meals: it sets every amount in grams and computes every total itself.',
  'You only choose which food fills each slot of each meal, by id, from the candidate list named for that slot,',
  'so that each meal makes a sensible, appetising plate and the day is varied.',
  'Never use one food twice in a meal. Answer with JSON only.',
].join(' ');

export function createModelFoodPicker(
  model: OpenAiProvider,
  targets: { kcal: number; protein_g: number; carbs_g: number; fat_g: number },
  preference: string,
): ModelFoodPicker {
  let lastAttempt = -1;
  let modelAnswered = false;
  let failure: AiFailure | null = null;

  async function askModel(request: PickRequest): Promise<MealPicks | null> {
    const lists: Record<string, DietFood[]> = {};
    const meals = request.meals.map(({ meal, slots }) => {
      const avoid = new Set(request.avoid[meal] ?? []);
      for (const s of slots) {
        lists[listName(meal, s.role)] ??= candidatesFor(
          s.role,
          s.candidates,
          avoid,
          mixSeed(request.plan.seed, mealTypes.indexOf(meal) + 1, s.role.length),
        );
      }
      return { meal, roles: slots.map((s) => s.role) };
    });
    const user = [
      `Day's targets: ${targets.kcal} kcal, protein ${targets.protein_g} g, carbs ${targets.carbs_g} g, fat ${targets.fat_g} g; meal preference: ${preference}.`,
      'Fill every slot of every meal. Answer {"meals":[{"meal":"breakfast","food_ids":[…one id per slot, in slot order…]}, …]}.',
      ...meals.flatMap((m) => [
        '',
        `${m.meal}:`,
        ...m.roles.map((r, i) => `slot ${i + 1}: ${r}, from list ${listName(m.meal, r)}`),
      ]),
    ].join('\n');

    const checkIds = (answer: Answer): AiIssue[] => {
      const issues: AiIssue[] = [];
      for (const m of meals) {
        const given = answer.meals.filter((a) => a.meal === m.meal);
        if (given.length !== 1) {
          issues.push({ path: 'meals', message: `give ${m.meal} exactly once` });
          continue;
        }
        const ids = given[0]!.food_ids;
        const path = `meals[meal=${m.meal}].food_ids`;
        if (ids.length !== m.roles.length) {
          issues.push({ path, message: `give exactly ${m.roles.length} ids, one per slot` });
          continue;
        }
        if (new Set(ids).size !== ids.length) {
          issues.push({ path, message: 'use each food at most once a meal' });
        }
        m.roles.forEach((r, i) => {
          const list = listName(m.meal, r);
          issues.push(
            ...idsOutside(
              `${path}[${i}] (list ${list})`,
              lists[list]!.map((f) => f.id),
              [ids[i]!],
            ),
          );
        });
      }
      return issues;
    };

    const result = await model.generateStructured({
      schema: answerSchema,
      name: 'diet_foods',
      system: SYSTEM,
      user,
      candidates: Object.fromEntries(
        Object.entries(lists).map(([list, foods]) => [
          list,
          foods.map((f) => ({ id: f.id, name: describe(f) })),
        ]),
      ),
      checkIds,
    });
    if (!result.ok) {
      failure = result.failure;
      return null;
    }
    return Object.fromEntries(result.value.meals.map((m) => [m.meal, m.food_ids]));
  }

  return {
    name: 'openai',
    async pick(request) {
      lastAttempt = request.attempt;
      // One model call a day: the planner's later attempts (extra protein, starch or fat when
      // the first plates miss the targets) are the local picker's.
      if (request.attempt === 0) {
        const picks = await askModel(request);
        if (picks) {
          modelAnswered = true;
          return picks;
        }
      }
      return localFoodPicker.pick(request);
    },
    outcome: () => ({ used: modelAnswered && lastAttempt === 0, failure }),
  };
}
