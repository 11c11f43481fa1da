import { translations } from '../knowledge-entry';

/** Sleep, rest, mobility and recovery, in Spanish: one row per English entry in ../recovery.ts, same slug. */
export const recoveryEntriesEs = translations([]);
