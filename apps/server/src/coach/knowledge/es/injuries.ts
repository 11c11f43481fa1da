import { translations } from '../knowledge-entry';

/** Injuries and where a professional takes over, in Spanish: one row per English entry in ../injuries.ts, same slug. */
export const injuryEntriesEs = translations([]);
