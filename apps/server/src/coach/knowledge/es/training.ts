import { translations } from '../knowledge-entry';

/** Programming, technique and conditioning, in Spanish: one row per English entry in ../training.ts, same slug. */
export const trainingEntriesEs = translations([]);
