import { injuryEntries } from './injuries';
import type { KnowledgeEntry } from './knowledge-entry';
import { nutritionEntries } from './nutrition';
import { recoveryEntries } from './recovery';
import { supplementEntries } from './supplements';
import { trainingEntries } from './training';

/** Every entry the trainer can answer from, across all topics. */
export const knowledgeBase: readonly KnowledgeEntry[] = [
  ...trainingEntries,
  ...recoveryEntries,
  ...injuryEntries,
  ...nutritionEntries,
  ...supplementEntries,
];

/**
 * Words in an injury entry that hand the member over to someone qualified; every injury entry
 * must contain one (the knowledge tests check it).
 */
export const PROFESSIONAL_BOUNDARY =
  /\b(see|ask|talk to|speak to|agree[^.]*with|follow|work with|get[^.]*from|call)\b[^.]*\b(doctor|physiotherapist|physio|surgeon|podiatrist|midwife|emergency services|diabetes team|pelvic health physiotherapist)\b/i;
