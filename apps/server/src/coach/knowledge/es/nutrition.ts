import { translations } from '../knowledge-entry';

/** Nutrition, in Spanish: one row per English entry in ../nutrition.ts, same slug. */
export const nutritionEntriesEs = translations([]);
