import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dietChangeSchema,
  dietExclusions,
  type DietChange,
  type DietPlan,
} from '@fitcoach/shared/diets';
import { mealPreferences } from '@fitcoach/shared/profile';
import { mealTypes } from '@fitcoach/shared/foods';
import {
  applyChanges,
  DietChangeRefused,
  diffPlans,
  impliedExclusions,
  parseChangeRequest,
  planFitsPreference,
  type ParsedRequest,
} from './diet-changes';
import {
  allowedUnderExclusion,
  dayTotals,
  DietPlanningError,
  fitsPreference,
  generatePlanLocal,
  mealTotals,
  meetsTargets,
  type DietRequestInputs,
} from './diet-planner';
import { dietRequestArb, testFoods, testFoodsById } from './diet-test-support';
import errorsEn from '../../../i18n/locales/en/errors.json';
import errorsEs from '../../../i18n/locales/es/errors.json';

const base: DietRequestInputs = {
  gender: 'male',
  age: 30,
  weight_kg: 80,
  height_cm: 180,
  workout_frequency: 4,
  workout_length: 60,
  goal: 'weight_lifting',
  meal_preference: 'omnivore',
  seed: 3,
};
const plan = generatePlanLocal(testFoods, base);

describe('parseChangeRequest', () => {
  it.each([
    ['no dairy', [{ type: 'exclude', exclusion: 'dairy' }]],
    ['Dairy-free please', [{ type: 'exclude', exclusion: 'dairy' }]],
    ['more protein at breakfast', [{ type: 'protein', direction: 'more', meal: 'breakfast' }]],
    ['swap lunch', [{ type: 'swap', meal: 'lunch' }]],
    ['1800 kcal', [{ type: 'kcal', kcal: 1800 }]],
    ['vegetarian', [{ type: 'preference', preference: 'vegetarian' }]],
    ['make it vegan', [{ type: 'preference', preference: 'vegan' }]],
    ['fewer calories', [{ type: 'kcal_step', direction: 'less' }]],
    [
      'no dairy and 1800 kcal',
      [
        { type: 'exclude', exclusion: 'dairy' },
        { type: 'kcal', kcal: 1800 },
      ],
    ],
    [
      'Vegetarian, swap dinner; more protein',
      [
        { type: 'preference', preference: 'vegetarian' },
        { type: 'swap', meal: 'dinner' },
        { type: 'protein', direction: 'more', meal: null },
      ],
    ],
  ])('understands %j', (request, changes) => {
    expect(parseChangeRequest(request, testFoods)).toEqual({ changes, unknown: [] });
  });

  // A member may write in either language, whatever their locale; accents are optional.
  it.each([
    ['sin lácteos', [{ type: 'exclude', exclusion: 'dairy' }]],
    ['Sin lacteos, por favor', [{ type: 'exclude', exclusion: 'dairy' }]],
    ['sin gluten', [{ type: 'exclude', exclusion: 'gluten' }]],
    ['sin huevo', [{ type: 'exclude', exclusion: 'eggs' }]],
    ['sin carne', [{ type: 'exclude', exclusion: 'meat' }]],
    ['sin pescado', [{ type: 'exclude', exclusion: 'fish' }]],
    ['sin frutos secos', [{ type: 'exclude', exclusion: 'nuts' }]],
    ['sin soja', [{ type: 'exclude', exclusion: 'soy' }]],
    ['no quiero leche', [{ type: 'exclude', exclusion: 'dairy' }]],
    ['no como carne', [{ type: 'exclude', exclusion: 'meat' }]],
    ['libre de gluten', [{ type: 'exclude', exclusion: 'gluten' }]],
    ['vegetariano', [{ type: 'preference', preference: 'vegetarian' }]],
    ['hazla vegana', [{ type: 'preference', preference: 'vegan' }]],
    ['keto', [{ type: 'preference', preference: 'keto' }]],
    ['dieta cetogénica', [{ type: 'preference', preference: 'keto' }]],
    ['paleo', [{ type: 'preference', preference: 'paleo' }]],
    ['omnívoro', [{ type: 'preference', preference: 'omnivore' }]],
    ['pescetariana', [{ type: 'preference', preference: 'pescatarian' }]],
    ['mediterránea', [{ type: 'preference', preference: 'mediterranean' }]],
    ['más proteína en el desayuno', [{ type: 'protein', direction: 'more', meal: 'breakfast' }]],
    ['mas proteina en la cena', [{ type: 'protein', direction: 'more', meal: 'dinner' }]],
    ['menos proteína', [{ type: 'protein', direction: 'less', meal: null }]],
    ['cambia la comida', [{ type: 'swap', meal: 'lunch' }]],
    ['cambia la cena', [{ type: 'swap', meal: 'dinner' }]],
    ['otro desayuno', [{ type: 'swap', meal: 'breakfast' }]],
    ['una merienda distinta', [{ type: 'swap', meal: 'snack' }]],
    ['1800 kcal', [{ type: 'kcal', kcal: 1800 }]],
    ['1800 calorías', [{ type: 'kcal', kcal: 1800 }]],
    ['1.800 calorías al día', [{ type: 'kcal', kcal: 1800 }]],
    ['2,100 calories a day', [{ type: 'kcal', kcal: 2100 }]],
    ['más calorías', [{ type: 'kcal_step', direction: 'more' }]],
    ['menos comida', [{ type: 'kcal_step', direction: 'less' }]],
    [
      'sin lácteos y 1800 kcal',
      [
        { type: 'exclude', exclusion: 'dairy' },
        { type: 'kcal', kcal: 1800 },
      ],
    ],
    [
      'vegetariano, cambia la cena y más proteína',
      [
        { type: 'preference', preference: 'vegetarian' },
        { type: 'swap', meal: 'dinner' },
        { type: 'protein', direction: 'more', meal: null },
      ],
    ],
    [
      'sin lácteos ni huevos',
      [
        { type: 'exclude', exclusion: 'dairy' },
        { type: 'exclude', exclusion: 'eggs' },
      ],
    ],
    [
      'no dairy and eggs',
      [
        { type: 'exclude', exclusion: 'dairy' },
        { type: 'exclude', exclusion: 'eggs' },
      ],
    ],
  ])('understands Spanish and mixed phrasing %j', (request, changes) => {
    expect(parseChangeRequest(request, testFoods)).toEqual({ changes, unknown: [] });
  });

  it('understands every example the hints show, in English and Spanish', () => {
    // Quoted phrases in the refusal hints (server) and the edit dialog (web); templates aside.
    const quoted = (s: string) =>
      [...s.matchAll(/[“«]([^”»]+)[”»]/g)].map((m) => m[1]!).filter((q) => !q.includes('{{'));
    const webDiets = (locale: string) =>
      JSON.parse(
        readFileSync(
          new URL(`../../../../../web/src/locales/${locale}/diets.json`, import.meta.url),
          'utf8',
        ),
      ) as { edit: { examples: string; placeholder: string } };
    const examples: string[] = [];
    for (const locale of ['en', 'es'] as const) {
      const reasons = (locale === 'en' ? errorsEn : errorsEs).diets.reasons;
      const web = webDiets(locale).edit;
      const found = [
        ...quoted(reasons.not_understood),
        ...quoted(reasons.nothing_asked),
        ...quoted(web.examples),
        web.placeholder,
      ];
      expect(found.length, locale).toBeGreaterThan(5);
      examples.push(...found);
    }
    for (const example of examples) {
      const parsed = parseChangeRequest(example, testFoods);
      expect(parsed.unknown, example).toEqual([]);
      expect(parsed.changes.length, example).toBeGreaterThan(0);
    }
    expect(examples).toContain('sin lácteos');
    expect(examples).toContain('más proteína en el desayuno');
  });

  it('leaves out a food by name', () => {
    const parsed = parseChangeRequest('no bananas', testFoods);
    expect(parsed.changes[0]).toMatchObject({ type: 'exclude_food', word: 'banana' });
  });

  it('reports what it did not understand beside what it did', () => {
    expect(parseChangeRequest('no dairy and fly me to the moon', testFoods)).toEqual({
      changes: [{ type: 'exclude', exclusion: 'dairy' }],
      unknown: ['fly me to the moon'],
    });
  });
});

describe('applyChanges', () => {
  it('no dairy: no dairy food is left, targets still met', () => {
    const { plan: next } = applyChanges(plan, parseChangeRequest('no dairy', testFoods), testFoods);
    for (const item of next.meals.flatMap((m) => m.items)) {
      expect(allowedUnderExclusion(testFoodsById.get(item.food_id)!, 'dairy')).toBe(true);
    }
    expect(meetsTargets(dayTotals(next.meals, testFoodsById), next.targets)).toBe(true);
  });

  it('1800 kcal: the target becomes 1800 and the day meets it', () => {
    const { plan: next } = applyChanges(
      plan,
      parseChangeRequest('1800 kcal', testFoods),
      testFoods,
    );
    expect(next.targets.kcal).toBe(1800);
    expect(meetsTargets(dayTotals(next.meals, testFoodsById), next.targets)).toBe(true);
    const diff = diffPlans(plan, next, testFoodsById);
    expect(diff.targets_before.kcal).toBe(plan.targets.kcal);
    expect(diff.targets_after.kcal).toBe(1800);
    expect(diff.items.length).toBeGreaterThan(0);
  });

  it('swap lunch: lunch gets other foods', () => {
    const { plan: next } = applyChanges(
      plan,
      parseChangeRequest('swap lunch', testFoods),
      testFoods,
    );
    const old = new Set(plan.meals.find((m) => m.meal === 'lunch')!.items.map((i) => i.food_id));
    const now = next.meals.find((m) => m.meal === 'lunch')!.items.map((i) => i.food_id);
    expect(now.some((id) => !old.has(id))).toBe(true);
  });

  it('swap lunch: breakfast, dinner and snacks keep their foods and grams', () => {
    const { plan: next, rebalanced } = applyChanges(
      plan,
      parseChangeRequest('swap lunch', testFoods),
      testFoods,
    );
    for (const meal of ['breakfast', 'dinner', 'snack'] as const) {
      expect(
        next.meals.find((m) => m.meal === meal),
        meal,
      ).toEqual(plan.meals.find((m) => m.meal === meal));
    }
    expect(rebalanced).toEqual([]);
    expect(meetsTargets(dayTotals(next.meals, testFoodsById), next.targets)).toBe(true);
    const diff = diffPlans(plan, next, testFoodsById);
    expect(new Set(diff.items.map((i) => i.meal))).toEqual(new Set(['lunch']));
  });

  it('swap <meal>: every other meal keeps its foods; moved grams are named', () => {
    let swapped = 0;
    let rebalancedDays = 0;
    fc.assert(
      fc.property(dietRequestArb, fc.constantFrom(...mealTypes), (inputs, meal) => {
        const before = newDay(inputs);
        if (!before) return;
        let result;
        try {
          result = applyChanges(before, parseChangeRequest(`swap ${meal}`, testFoods), testFoods);
        } catch (error) {
          expect(error).toBeInstanceOf(DietChangeRefused);
          return;
        }
        swapped++;
        const { plan: after, rebalanced } = result;
        expect(meetsTargets(dayTotals(after.meals, testFoodsById), after.targets)).toBe(true);
        for (const kept of before.meals.filter((m) => m.meal !== meal)) {
          const now = after.meals.find((m) => m.meal === kept.meal);
          expect(now?.items.map((i) => i.food_id)).toEqual(kept.items.map((i) => i.food_id));
          // Grams of a kept meal move only when the answer says so.
          expect(rebalanced.includes(kept.meal)).toBe(
            JSON.stringify(now?.items) !== JSON.stringify(kept.items),
          );
        }
        if (rebalanced.length > 0) rebalancedDays++;
      }),
      { numRuns: 300, seed: 20261125 },
    );
    expect(swapped).toBeGreaterThan(240);
    // Holding the other meals' grams is the rule, re-balancing them the exception.
    expect(rebalancedDays).toBeLessThan(swapped / 2);
  }, 30_000);

  it('more protein at breakfast: breakfast carries more protein', () => {
    const { plan: next } = applyChanges(
      plan,
      parseChangeRequest('more protein at breakfast', testFoods),
      testFoods,
    );
    const protein = (p: DietPlan) =>
      mealTotals(
        p.meals.find((m) => m.meal === 'breakfast')!,
        testFoodsById,
      ).protein_g;
    expect(protein(next)).toBeGreaterThan(protein(plan));
  });

  it.each([
    ['fly me to the moon', 'not_understood'],
    ['omnivore', 'already_preference'],
    ['500 kcal', 'kcal_out_of_range'],
    ['1800 kcal and 2000 kcal', 'conflict'],
  ])('refuses %j with the reason %s, naming what it understood', (request, reason) => {
    try {
      applyChanges(plan, parseChangeRequest(request, testFoods), testFoods);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DietChangeRefused);
      expect((error as DietChangeRefused).why.reason).toBe(reason);
    }
  });

  it('names every problem of a request, not only the first', () => {
    const noDairy = applyChanges(plan, parseChangeRequest('no dairy', testFoods), testFoods).plan;
    try {
      applyChanges(
        noDairy,
        parseChangeRequest('no dairy and more protein at breakfast and 100000 kcal', testFoods),
        testFoods,
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DietChangeRefused);
      expect((error as DietChangeRefused).reasons.map((r) => r.reason)).toEqual([
        'already_excluded',
        'kcal_out_of_range',
      ]);
    }
    try {
      applyChanges(
        plan,
        parseChangeRequest('fly me to the moon and omnivore and 500 kcal', testFoods),
        testFoods,
      );
      expect.unreachable();
    } catch (error) {
      expect((error as DietChangeRefused).reasons.map((r) => r.reason)).toEqual([
        'not_understood',
        'already_preference',
        'kcal_out_of_range',
      ]);
    }
  });

  it('without eggs and vegan (a counterexample once): eggplant is no egg, the day is vegan', () => {
    // A random seed found it: "no eggs" also struck "Eggplant", the vegan switch then dropped
    // the exclusion it implies, and the day kept eggplant, which "no eggs" had ruled out.
    const teen = generatePlanLocal(testFoods, {
      gender: 'male',
      age: 13,
      weight_kg: 40,
      height_cm: 140,
      workout_frequency: 1,
      workout_length: 10,
      goal: 'weight_lifting',
      meal_preference: 'omnivore',
      seed: 648949241,
    });
    const { plan: next } = applyChanges(
      teen,
      parseChangeRequest('without eggs and vegan', testFoods),
      testFoods,
    );
    expect(next.meal_preference).toBe('vegan');
    expect(planFitsPreference(next, testFoodsById)).toBe(true);
    expect(meetsTargets(dayTotals(next.meals, testFoodsById), next.targets)).toBe(true);
    for (const item of next.meals.flatMap((m) => m.items)) {
      expect(allowedUnderExclusion(testFoodsById.get(item.food_id)!, 'eggs')).toBe(true);
    }
  });

  it('"no eggs" leaves out eggs and egg noodles, not eggplant', () => {
    const byName = (name: string) => testFoods.find((f) => f.name.startsWith(name))!;
    expect(allowedUnderExclusion(byName('Eggplant'), 'eggs')).toBe(true);
    expect(allowedUnderExclusion(byName('Egg noodles'), 'eggs')).toBe(false);
    expect(allowedUnderExclusion(byName('Quail eggs'), 'eggs')).toBe(false);
  });

  it('a preference already rules out what it implies, for every food in the table', () => {
    for (const [preference, exclusions] of Object.entries(impliedExclusions)) {
      for (const food of testFoods) {
        if (!fitsPreference(food, preference as keyof typeof impliedExclusions)) continue;
        for (const exclusion of exclusions) {
          expect(allowedUnderExclusion(food, exclusion), `${preference}: ${food.name}`).toBe(true);
        }
      }
    }
  });

  it.each(['vegetarian and no fish', 'no fish and vegetarian', 'no soy and no soy'])(
    'applies %j whatever the order or repetition of its clauses',
    (request) => {
      const { plan: next } = applyChanges(plan, parseChangeRequest(request, testFoods), testFoods);
      expect(meetsTargets(dayTotals(next.meals, testFoodsById), next.targets)).toBe(true);
    },
  );

  it('"omnivore but no dairy" on a vegan day brings back animal food, not dairy', () => {
    const vegan = generatePlanLocal(testFoods, { ...base, meal_preference: 'vegan' });
    const { plan: next } = applyChanges(
      vegan,
      parseChangeRequest('omnivore but no dairy', testFoods),
      testFoods,
    );
    expect(next.meal_preference).toBe('omnivore');
    expect(next.exclusions).toEqual(['dairy']);
    for (const item of next.meals.flatMap((m) => m.items)) {
      expect(allowedUnderExclusion(testFoodsById.get(item.food_id)!, 'dairy')).toBe(true);
    }
  });

  it('keeps an exclusion the member named through later preference changes', () => {
    let day = plan;
    for (const request of ['no dairy', 'vegan', 'vegetarian']) {
      day = applyChanges(day, parseChangeRequest(request, testFoods), testFoods).plan;
    }
    expect(day.meal_preference).toBe('vegetarian');
    for (const item of day.meals.flatMap((m) => m.items)) {
      expect(allowedUnderExclusion(testFoodsById.get(item.food_id)!, 'dairy')).toBe(true);
    }
  });

  const clauseArb = fc.oneof(
    fc.integer({ min: 900, max: 5000 }).map((n) => `${n} kcal`),
    fc.constantFrom(
      'no dairy',
      'no meat',
      'no fish',
      'without eggs',
      'no nuts',
      'gluten free',
      'no soy',
      'sin lácteos',
      'sin frutos secos',
    ),
    fc.constantFrom(
      'vegetarian',
      'vegan',
      'pescatarian',
      'keto',
      'paleo',
      'mediterranean',
      'omnivore',
      'vegetariano',
      'vegana',
    ),
    fc.constantFrom(...mealTypes).map((m) => `swap ${m}`),
    fc.constantFrom(...mealTypes).map((m) => `more protein at ${m}`),
    fc.constantFrom(
      'more protein',
      'less protein',
      'more calories',
      'fewer calories',
      'más proteína en el desayuno',
      'cambia la comida',
    ),
    fc.constantFrom('no banana', 'no chicken', 'no rice', 'without salmon'),
    fc.constantFrom('paint it blue', 'xyz', 'tell me a joke'),
  );
  const requestArb = fc
    .array(clauseArb, { minLength: 1, maxLength: 3 })
    .map((c) => c.join(' and '));

  /**
   * Applies a request and checks the outcome: the day changed as asked (targets, preference and
   * every exclusion it had still hold), or a refusal naming what was understood, with a reason
   * that is true of the day it was asked of.
   */
  function checkRequest(before: DietPlan, request: string | ParsedRequest): DietPlan | null {
    const parsed = typeof request === 'string' ? parseChangeRequest(request, testFoods) : request;
    let after: DietPlan;
    try {
      after = applyChanges(before, parsed, testFoods).plan;
    } catch (error) {
      expect(error).toBeInstanceOf(DietChangeRefused);
      const refused = error as DietChangeRefused;
      // It names what it understood: exactly the parser's reading.
      expect(refused.understood).toEqual(parsed.changes);
      if (parsed.unknown.length > 0) expect(refused.why.reason).toBe('not_understood');
      const finalPreference =
        parsed.changes.findLast((c) => c.type === 'preference')?.preference ??
        before.meal_preference;
      const implied = (p: DietPlan['meal_preference']) => impliedExclusions[p] ?? [];
      // Every problem it names is true of the day it was asked of.
      expect(refused.reasons.length).toBeGreaterThan(0);
      for (const why of refused.reasons)
        switch (why.reason) {
          case 'already_excluded':
            expect(
              before.exclusions.includes(why.exclusion) ||
                (implied(before.meal_preference).includes(why.exclusion) &&
                  implied(finalPreference).includes(why.exclusion)),
            ).toBe(true);
            break;
          case 'already_preference':
            expect(before.meal_preference).toBe(why.preference);
            break;
          case 'already_kcal':
            expect(before.targets.kcal).toBe(why.kcal);
            break;
          case 'food_not_in_plan': {
            const ids = new Set(
              parsed.changes.flatMap((c) =>
                c.type === 'exclude_food' && c.word === why.word ? c.food_ids : [],
              ),
            );
            expect(before.meals.flatMap((m) => m.items).some((i) => ids.has(i.food_id))).toBe(
              false,
            );
            break;
          }
          case 'kcal_out_of_range':
            expect(why.kcal < why.min || why.kcal > why.max).toBe(true);
            break;
          case 'conflict':
            expect(why.first).not.toEqual(why.second);
            break;
          case 'not_understood':
          case 'nothing_asked':
            expect(parsed.changes.length === 0 || parsed.unknown.length > 0).toBe(true);
            break;
          case 'unsupported':
            expect(why.unsupported).toEqual(parsed.unsupported);
            expect(why.unsupported.length).toBeGreaterThan(0);
            break;
          case 'meal_protein_not_raised':
          case 'no_foods':
          case 'no_other_foods':
          case 'protein_at_limit':
          case 'targets_unreachable':
            // The planner's findings on this day: what it could not do, said openly.
            break;
        }
      return null;
    }
    expect(parsed.unknown).toEqual([]);
    expect(parsed.unsupported ?? []).toEqual([]);
    if (parsed.changes.every((c) => c.type === 'swap')) {
      const swapped = new Set(parsed.changes.map((c) => c.type === 'swap' && c.meal));
      for (const kept of before.meals.filter((m) => !swapped.has(m.meal))) {
        expect(after.meals.find((m) => m.meal === kept.meal)?.items.map((i) => i.food_id)).toEqual(
          kept.items.map((i) => i.food_id),
        );
      }
    }
    expect(meetsTargets(dayTotals(after.meals, testFoodsById), after.targets)).toBe(true);
    expect(planFitsPreference(after, testFoodsById)).toBe(true);
    const items = after.meals.flatMap((m) => m.items);
    const foodsOf = items.map((i) => testFoodsById.get(i.food_id)!);
    // Many requests run: each check is one assertion over the whole day, not one per food.
    // What the member left out earlier stays out.
    for (const exclusion of before.exclusions) {
      expect(
        foodsOf.every((f) => allowedUnderExclusion(f, exclusion)),
        exclusion,
      ).toBe(true);
    }
    for (const change of parsed.changes) {
      switch (change.type) {
        case 'kcal':
          expect(after.targets.kcal).toBe(change.kcal);
          break;
        case 'kcal_step':
          expect(Math.sign(after.targets.kcal - before.targets.kcal)).toBe(
            change.direction === 'more' ? 1 : -1,
          );
          break;
        case 'preference':
          expect(after.meal_preference).toBe(change.preference);
          break;
        case 'exclude':
          expect(foodsOf.every((f) => allowedUnderExclusion(f, change.exclusion))).toBe(true);
          break;
        case 'exclude_food':
          expect(items.some((i) => change.food_ids.includes(i.food_id))).toBe(false);
          break;
        case 'swap': {
          const old = new Set(
            before.meals.find((m) => m.meal === change.meal)!.items.map((i) => i.food_id),
          );
          const now = after.meals.find((m) => m.meal === change.meal)!.items;
          expect(now.some((i) => !old.has(i.food_id))).toBe(true);
          break;
        }
        case 'protein':
          if (change.meal && change.direction === 'more') {
            const was = mealTotals(
              before.meals.find((m) => m.meal === change.meal)!,
              testFoodsById,
            );
            const now = mealTotals(
              after.meals.find((m) => m.meal === change.meal)!,
              testFoodsById,
            );
            expect(now.protein_g).toBeGreaterThan(was.protein_g);
          } else {
            expect(Math.sign(after.targets.protein_g - before.targets.protein_g)).toBe(
              change.direction === 'more' ? 1 : -1,
            );
          }
          break;
      }
    }
    return after;
  }

  /** A new day for the request, or null when the planner openly refuses it (rare, tested elsewhere). */
  function newDay(inputs: DietRequestInputs): DietPlan | null {
    try {
      return generatePlanLocal(testFoods, inputs);
    } catch (error) {
      expect(error).toBeInstanceOf(DietPlanningError);
      return null;
    }
  }

  // Fixed seeds keep CI repeatable; the properties were also run locally with many random seeds
  // (tens of thousands of requests), which found the cases tested by example above.
  it('every change request changes the diet as asked or explains why not', () => {
    let applied = 0;
    fc.assert(
      fc.property(dietRequestArb, requestArb, (inputs, request) => {
        const before = newDay(inputs);
        if (before && checkRequest(before, request)) applied++;
      }),
      { numRuns: 4000, seed: 20261123 },
    );
    // Most requests are applied; refusals are for nonsense, no-ops and impossible asks.
    expect(applied).toBeGreaterThan(1200);
  }, 60_000);

  /**
   * Whatever a model may answer that the schema accepts (AI_PROVIDER=openai): any operations,
   * foods by any id of the table (or none), calories out of range, contradictions, parts marked
   * not applicable.
   */
  const modelChangeArb: fc.Arbitrary<DietChange> = fc.oneof(
    fc.integer({ min: 0, max: 9000 }).map((kcal) => ({ type: 'kcal' as const, kcal })),
    fc.constantFrom('more', 'less' as const).map((direction) => ({
      type: 'kcal_step' as const,
      direction,
    })),
    fc.constantFrom(...mealPreferences).map((preference) => ({
      type: 'preference' as const,
      preference,
    })),
    fc.constantFrom(...dietExclusions).map((exclusion) => ({
      type: 'exclude' as const,
      exclusion,
    })),
    fc
      .uniqueArray(fc.constantFrom(...testFoods.map((f) => f.id)), { maxLength: 4 })
      .map((food_ids) => ({
        type: 'exclude_food' as const,
        // One word per choice of foods, so a refusal's word names which.
        word: `food ${food_ids.join('+') || 'none'}`,
        food_ids,
      })),
    fc
      .record({
        direction: fc.constantFrom('more', 'less' as const),
        meal: fc.option(fc.constantFrom(...mealTypes), { nil: null }),
      })
      .map((p) => ({ type: 'protein' as const, ...p })),
    fc.constantFrom(...mealTypes).map((meal) => ({ type: 'swap' as const, meal })),
  );
  const modelAnswerArb: fc.Arbitrary<ParsedRequest> = fc.record({
    changes: fc.array(modelChangeArb, { maxLength: 4 }),
    unknown: fc.constant<string[]>([]),
    // Mostly none: a part marked not applicable refuses the whole request.
    unsupported: fc.constantFrom<string[]>([], [], [], ['make it cheaper']),
  });

  it('every change a model may answer changes the diet as asked or explains why not', () => {
    let applied = 0;
    fc.assert(
      fc.property(dietRequestArb, modelAnswerArb, (inputs, answer) => {
        // What the model answers is what the schema lets through.
        expect(answer.changes.every((c) => dietChangeSchema.safeParse(c).success)).toBe(true);
        const before = newDay(inputs);
        if (before && checkRequest(before, answer)) applied++;
      }),
      { numRuns: 1500, seed: 20261125 },
    );
    expect(applied).toBeGreaterThan(300);
  }, 60_000);

  it('a second request on a changed day still holds to the first', () => {
    let applied = 0;
    fc.assert(
      fc.property(dietRequestArb, requestArb, requestArb, (inputs, first, second) => {
        const start = newDay(inputs);
        const changed = start && checkRequest(start, first);
        if (changed && checkRequest(changed, second)) applied++;
      }),
      { numRuns: 1500, seed: 20261124 },
    );
    expect(applied).toBeGreaterThan(200);
  }, 60_000);
});
