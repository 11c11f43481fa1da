import type { ExerciseSummary } from '@fitcoach/shared/exercises';
import type { Page } from '@fitcoach/shared/pagination';
import { getExercises } from './get-exercises';

/** A page of the picker's list: enough to scroll, more load as the member nears the end. */
const SEARCH_LIMIT = 30;

/**
 * The library searched by name and description, a page at a time from `cursor`, for the workout
 * builder's exercise picker (cached under `exerciseKeys.search()` with `q` added).
 */
export function searchExercises(
  q: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<ExerciseSummary>> {
  return getExercises({ tagId: null, q }, cursor, signal, SEARCH_LIMIT);
}
