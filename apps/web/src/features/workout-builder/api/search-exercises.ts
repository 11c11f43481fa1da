import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ExerciseSummary } from '@fitcoach/shared/exercises';
import type { Page } from '@fitcoach/shared/pagination';
import { api } from '../../../lib/api-client';

const RESULT_LIMIT = 30;

export function searchExercises(q: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(RESULT_LIMIT) });
  if (q) params.set('q', q);
  return api.get<Page<ExerciseSummary>>(`/api/exercise?${params.toString()}`, signal);
}

export const exerciseSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['workout-builder', 'exercise-search', q] as const,
    queryFn: ({ signal }) => searchExercises(q, signal),
    // The library changes rarely; a search typed twice should answer at once.
    staleTime: 5 * 60_000,
  });

/** The exercise library filtered on the server; the last answer stays while the next loads. */
export function useExerciseSearch(q: string, enabled: boolean) {
  return useQuery({ ...exerciseSearchQueryOptions(q), enabled, placeholderData: keepPreviousData });
}
