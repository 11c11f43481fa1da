import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@fitcoach/shared/pagination';
import type { WorkoutSummary } from '@fitcoach/shared/workouts';
import { api } from '../../../lib/api-client';

const PAGE_SIZE = 100;

export function getMyWorkouts(cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ scope: 'mine', limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<Page<WorkoutSummary>>(`/api/workout?${params.toString()}`, signal);
}

/** The member's own workouts, the ones the builder may change, 100 at a time. */
export const myWorkoutsQueryOptions = infiniteQueryOptions({
  queryKey: ['workouts', 'list', { scope: 'mine', limit: PAGE_SIZE }] as const,
  queryFn: ({ pageParam, signal }) => getMyWorkouts(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
});

export function useMyWorkouts() {
  return useInfiniteQuery(myWorkoutsQueryOptions);
}
