import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ExerciseSummary } from '@fitcoach/shared/exercises';
import type { Page } from '@fitcoach/shared/pagination';
import { api } from '../../../lib/api-client';
import { exerciseKeys } from './keys';

/** The same size as the filter endpoint's page, so a filtered first page and the next line up. */
export const EXERCISE_PAGE_SIZE = 24;

export interface ExerciseFilters {
  tagId: number | null;
  q: string;
}

export function exerciseListUrl(
  filters: ExerciseFilters,
  cursor: string | null,
  limit = EXERCISE_PAGE_SIZE,
): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (filters.tagId !== null) params.set('tag_id', String(filters.tagId));
  if (filters.q) params.set('q', filters.q);
  if (cursor) params.set('cursor', cursor);
  return `/api/exercise?${params.toString()}`;
}

/** A page of the library (`GET /api/exercise`), filtered on the server. */
export function getExercises(
  filters: ExerciseFilters,
  cursor: string | null,
  signal?: AbortSignal,
  limit = EXERCISE_PAGE_SIZE,
): Promise<Page<ExerciseSummary>> {
  return api.get<Page<ExerciseSummary>>(exerciseListUrl(filters, cursor, limit), signal);
}

export function exercisesQueryOptions(filters: ExerciseFilters) {
  return infiniteQueryOptions({
    queryKey: exerciseKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getExercises(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** The library, a page at a time; the previous results stay on screen while new ones load. */
export function useExercises(filters: ExerciseFilters) {
  return useInfiniteQuery({ ...exercisesQueryOptions(filters), placeholderData: keepPreviousData });
}
