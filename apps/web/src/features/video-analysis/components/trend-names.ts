import { useTranslation } from 'react-i18next';
import { analysisExercises, type AnalysisExercise } from '@fitcoach/shared/video-analysis';
import { LOCALES } from '@fitcoach/shared/locales';

/**
 * Which saved analyses are "the same exercise". The modal names an analysis by what the member
 * typed, by the library name it opened with (the workout page, a history entry) or by one of
 * its suggestions ("Squat", or "Sentadilla" in Spanish). A name that is one of the suggestions
 * goes with that suggestion in the other language too, so a member who switched language keeps
 * one trend; any other name stands for itself (case aside, as the server's filter compares).
 */

/** The suggestions' names, one map per language. */
export type SuggestionNames = Record<AnalysisExercise, string>[];

const plain = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

/**
 * The suggested names in every language whose catalogue is loaded (the shown one and English
 * always; the routes showing trends load them all, loadFormTrendTexts).
 */
export function useSuggestionNames(): SuggestionNames {
  const { i18n } = useTranslation('video-analysis');
  return LOCALES.filter((locale) => i18n.hasResourceBundle(locale, 'video-analysis')).map(
    (locale) => {
      const t = i18n.getFixedT(locale, 'video-analysis');
      return Object.fromEntries(
        analysisExercises.map((key) => [key, t(`exercises.${key}`)]),
      ) as Record<AnalysisExercise, string>;
    },
  );
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
