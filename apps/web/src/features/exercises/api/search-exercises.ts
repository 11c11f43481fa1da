import type { ExerciseSummary } from '@fitcoach/shared/exercises';
import type { Page } from '@fitcoach/shared/pagination';
import { getExercises } from './get-exercises';

/** As many matches as a picker's dropdown shows; nobody scrolls further than that. */
const SEARCH_LIMIT = 30;

/**
 * The library searched by name and description, for the workout builder's exercise picker
 * (cached under `exerciseKeys.search(q)`).
 */
export function searchExercises(q: string, signal?: AbortSignal): Promise<Page<ExerciseSummary>> {
  return getExercises({ tagId: null, q }, null, signal, SEARCH_LIMIT);
}
