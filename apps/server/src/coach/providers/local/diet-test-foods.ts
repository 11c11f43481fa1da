import type { DietFood } from '@fitcoach/shared/diets';
import { foodSeeds } from '../../../db/seed/reference/foods';

/** The seeded food table with ids, for the engine's tests (the same rows the database holds). */
export const testFoods: DietFood[] = foodSeeds.map((f, i) => ({ ...f, id: i + 1 }));
export const testFoodsById = new Map(testFoods.map((f) => [f.id, f]));
