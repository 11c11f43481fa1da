import type { Locale } from '@fitcoach/shared/locales';
import { injuryEntriesEs } from './es/injuries';
import { nutritionEntriesEs } from './es/nutrition';
import { recoveryEntriesEs } from './es/recovery';
import { supplementEntriesEs } from './es/supplements';
import { trainingEntriesEs } from './es/training';
import { injuryEntries } from './injuries';
import type { EntryTranslation, KnowledgeEntry } from './knowledge-entry';
import { nutritionEntries } from './nutrition';
import { recoveryEntries } from './recovery';
import { supplementEntries } from './supplements';
import { trainingEntries } from './training';

/** Every entry the trainer can answer from, across all topics, in English (the source). */
export const knowledgeBase: readonly KnowledgeEntry[] = [
  ...trainingEntries,
  ...recoveryEntries,
  ...injuryEntries,
  ...nutritionEntries,
  ...supplementEntries,
];

/** Each other language's translations; knowledge-base.test.ts checks each covers every entry. */
export const knowledgeTranslations: Record<Exclude<Locale, 'en'>, readonly EntryTranslation[]> = {
  es: [
    ...trainingEntriesEs,
    ...recoveryEntriesEs,
    ...injuryEntriesEs,
    ...nutritionEntriesEs,
    ...supplementEntriesEs,
  ],
};

function inLanguage(rows: readonly EntryTranslation[]): readonly KnowledgeEntry[] {
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  // An entry not yet translated stays in English rather than disappearing from the answers.
  return knowledgeBase.map((entry) => {
    const t = bySlug.get(entry.slug);
    return t ? { ...entry, title: t.title, tags: t.tags, body: t.body } : entry;
  });
}

/** The knowledge base a member reads, in their language: same slugs, same topics. */
export const knowledgeBases: Record<Locale, readonly KnowledgeEntry[]> = {
  en: knowledgeBase,
  es: inLanguage(knowledgeTranslations.es),
};

/**
 * Words in an injury entry that hand the member over to someone qualified; every injury entry
 * must contain one (the knowledge tests check it).
 */
export const PROFESSIONAL_BOUNDARY =
  /\b(see|ask|talk to|speak to|agree[^.]*with|follow|work with|get[^.]*from|call)\b[^.]*\b(doctor|physiotherapist|physio|surgeon|podiatrist|midwife|emergency services|diabetes team|pelvic health physiotherapist)\b/i;

/** The same boundary in Spanish ("consulta a tu médico", "acude a un fisioterapeuta", …). */
export const PROFESSIONAL_BOUNDARY_ES =
  /(?<![\p{L}])(consulta|consultar|acude|acudir|habla|hablar|pide|pedir|sigue|seguir|llama|llamar|visita|pregunta|trabaja|acordad[oa]|pactad[oa])(?![\p{L}])[^.]*(?<![\p{L}])(médico|médica|fisioterapeuta|fisio|cirujano|cirujana|podólogo|podóloga|matrona|urgencias|servicios de emergencia|equipo de diabetes|fisioterapeuta de suelo pélvico)(?![\p{L}])/iu;
