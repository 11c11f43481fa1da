import { translations } from '../knowledge-entry';

/** Supplements, in Spanish: one row per English entry in ../supplements.ts, same slug. */
export const supplementEntriesEs = translations([]);
