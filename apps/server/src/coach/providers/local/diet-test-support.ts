import fc from 'fast-check';
import { genders, mealPreferences, workoutGoals } from '@fitcoach/shared/profile';
import type { DietFood } from '@fitcoach/shared/diets';
import { foodSeeds } from '../../../db/seed/reference/foods';
import type { DietRequestInputs } from './diet-planner';

/** The seeded food table with ids, for the engine's tests (the same rows the database holds). */
export const testFoods: DietFood[] = foodSeeds.map((f, i) => ({ ...f, id: i + 1 }));
export const testFoodsById = new Map(testFoods.map((f) => [f.id, f]));

/** Any valid diet request the planner serves. */
export const dietRequestArb: fc.Arbitrary<DietRequestInputs> = fc.record({
  gender: fc.constantFrom(...genders),
  age: fc.integer({ min: 13, max: 90 }),
  weight_kg: fc.double({ min: 40, max: 160, noNaN: true }),
  height_cm: fc.double({ min: 140, max: 210, noNaN: true }),
  workout_frequency: fc.integer({ min: 1, max: 7 }),
  workout_length: fc.integer({ min: 10, max: 180 }),
  goal: fc.constantFrom(...workoutGoals),
  meal_preference: fc.constantFrom(...mealPreferences),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});
