import { useTranslation } from 'react-i18next';
import { analysisExercises, type AnalysisExercise } from '@fitcoach/shared/video-analysis';
import { DEFAULT_LOCALE } from '@fitcoach/shared/locales';

/**
 * Which saved analyses are "the same exercise". The modal names an analysis by what the member
 * typed, by the library name it opened with (the workout page, a history entry) or by one of
 * its suggestions ("Squat", or "Sentadilla" in Spanish). A name that is one of the suggestions
 * goes with that suggestion in the other language too, so a member who switched language keeps
 * one trend; any other name stands for itself (case aside, as the server's filter compares).
 */

/** The suggestions' names, one map per catalogue (the shown language and English). */
export type SuggestionNames = Record<AnalysisExercise, string>[];

const plain = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

/** The suggested names in the shown language and in English (always loaded: the fallback). */
export function useSuggestionNames(): SuggestionNames {
  const { t, i18n } = useTranslation('video-analysis');
  const english = i18n.getFixedT(DEFAULT_LOCALE, 'video-analysis');
  const names = (translate: typeof t) =>
    Object.fromEntries(
      analysisExercises.map((key) => [key, translate(`exercises.${key}`)]),
    ) as Record<AnalysisExercise, string>;
  return [names(t), names(english)];
}

function suggestionOf(name: string, catalogues: SuggestionNames): AnalysisExercise | null {
  const wanted = plain(name);
  for (const catalogue of catalogues) {
    for (const key of analysisExercises) if (plain(catalogue[key]) === wanted) return key;
  }
  return null;
}

/** The names an exercise's analyses may carry: its own, and a suggestion's in each language. */
export function sameExerciseNames(name: string, catalogues: SuggestionNames): string[] {
  const key = suggestionOf(name, catalogues);
  const names = key ? [name, ...catalogues.map((c) => c[key])] : [name];
  const seen = new Set<string>();
  return names.filter((n) => {
    const k = n.trim().toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** One key per exercise, for grouping analyses by it. */
export function exerciseGroupKey(name: string, catalogues: SuggestionNames): string {
  const key = suggestionOf(name, catalogues);
  return key ? `suggestion:${key}` : `name:${name.trim().toLowerCase()}`;
}
