import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mealTypes } from '@fitcoach/shared/foods';
import {
  dayTotals,
  DietPlanningError,
  fitsPreference,
  generatePlanLocal,
  meetsTargets,
  type DietRequestInputs,
} from './diet-planner';
import { activityFactor, computeTargets, mifflinStJeor } from './diet-targets';
import { dietRequestArb, testFoods, testFoodsById } from './diet-test-support';

describe('diet targets', () => {
  it('follows Mifflin-St Jeor', () => {
    // 10 × 80 + 6.25 × 180 − 5 × 30 + 5 = 1780
    expect(mifflinStJeor({ gender: 'male', weight_kg: 80, height_cm: 180, age: 30 })).toBe(1780);
    // 10 × 60 + 6.25 × 165 − 5 × 40 − 161 = 1270.25
    expect(mifflinStJeor({ gender: 'female', weight_kg: 60, height_cm: 165, age: 40 })).toBe(
      1270.25,
    );
  });

  it('scales with the training week and caps the factor', () => {
    expect(activityFactor(5, 60)).toBeCloseTo(1.55, 5);
    expect(activityFactor(7, 180)).toBe(1.9);
    expect(activityFactor(1, 10)).toBeGreaterThan(1.2);
  });

  it('splits calories into macros that add back up, with keto low in carbohydrate', () => {
    fc.assert(
      fc.property(dietRequestArb, (request) => {
        const { targets } = computeTargets(request, { meal_preference: request.meal_preference });
        const fromMacros = targets.protein_g * 4 + targets.carbs_g * 4 + targets.fat_g * 9;
        expect(Math.abs(fromMacros - targets.kcal)).toBeLessThan(15);
        expect(targets.kcal).toBeGreaterThanOrEqual(1200);
        expect(targets.kcal).toBeLessThanOrEqual(4500);
        if (request.meal_preference === 'keto')
          expect(targets.carbs_g * 4).toBeLessThan(targets.kcal * 0.06);
      }),
      { numRuns: 2000, seed: 20261123 },
    );
  });

  it('honours a calorie target the member set', () => {
    const inputs = {
      gender: 'female',
      age: 35,
      weight_kg: 70,
      height_cm: 168,
      workout_frequency: 3,
      workout_length: 45,
      goal: 'cardio',
    } as const;
    expect(
      computeTargets(inputs, { meal_preference: 'omnivore', kcal_override: 1800 }).targets.kcal,
    ).toBe(1800);
  });
});

describe('diet planner (local)', () => {
  it('plans every valid request within ±5 % calories and ±10 % macros, under its preference', () => {
    let failures = 0;
    fc.assert(
      fc.property(dietRequestArb, (request) => {
        let plan;
        try {
          plan = generatePlanLocal(testFoods, request);
        } catch (error) {
          // The planner may only refuse openly, never return a day that misses.
          expect(error).toBeInstanceOf(DietPlanningError);
          failures++;
          return;
        }
        const totals = dayTotals(plan.meals, testFoodsById);
        expect(meetsTargets(totals, plan.targets)).toBe(true);
        expect(plan.meals.map((m) => m.meal)).toEqual([...mealTypes]);
        for (const meal of plan.meals) {
          expect(meal.items.length).toBeGreaterThan(0);
          for (const item of meal.items) {
            const food = testFoodsById.get(item.food_id)!;
            expect(fitsPreference(food, request.meal_preference)).toBe(true);
            expect(Number.isInteger(item.grams)).toBe(true);
            expect(item.grams).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 1000, seed: 20261123 },
    );
    // Refusals are the rare edge (extreme bodies under narrow preferences), not the norm.
    expect(failures).toBeLessThan(10);
  }, 60_000);

  it('is deterministic for the same inputs and seed', () => {
    const request: DietRequestInputs = {
      gender: 'male',
      age: 30,
      weight_kg: 80,
      height_cm: 180,
      workout_frequency: 4,
      workout_length: 60,
      goal: 'weight_lifting',
      meal_preference: 'vegan',
      seed: 42,
    };
    expect(generatePlanLocal(testFoods, request)).toEqual(generatePlanLocal(testFoods, request));
    expect(generatePlanLocal(testFoods, { ...request, seed: 43 }).meals).not.toEqual(
      generatePlanLocal(testFoods, request).meals,
    );
  });

  it('uses no animal food for vegans and no gluten for gluten_free', () => {
    const base: DietRequestInputs = {
      gender: 'female',
      age: 28,
      weight_kg: 62,
      height_cm: 165,
      workout_frequency: 3,
      workout_length: 45,
      goal: 'hiit',
      meal_preference: 'vegan',
      seed: 7,
    };
    const animal = new Set(['dairy', 'eggs', 'meat', 'poultry', 'fish_and_seafood']);
    const vegan = generatePlanLocal(testFoods, base);
    for (const item of vegan.meals.flatMap((m) => m.items)) {
      expect(animal.has(testFoodsById.get(item.food_id)!.category)).toBe(false);
    }
    const glutenFree = generatePlanLocal(testFoods, { ...base, meal_preference: 'gluten_free' });
    for (const item of glutenFree.meals.flatMap((m) => m.items)) {
      expect(testFoodsById.get(item.food_id)!.diet_tags).toContain('gluten_free');
    }
  });
});
