import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@fitcoach/shared/pagination';
import type { WorkoutSummary } from '@fitcoach/shared/workouts';
import { getWorkouts, WORKOUT_PAGE_SIZE, type WorkoutFilters } from './get-workouts';
import { workoutKeys } from './keys';

const PAGE_SIZE = 100;

const mine: WorkoutFilters = { scope: 'mine', tagId: null, q: '', goal: null };

/** The member's own workouts, the ones the builder may change, 100 at a time. */
export const myWorkoutsQueryOptions = infiniteQueryOptions({
  queryKey: workoutKeys.mine(PAGE_SIZE),
  queryFn: ({ pageParam, signal }) => getWorkouts(mine, pageParam, signal, PAGE_SIZE),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
});

export function useMyWorkouts() {
  return useInfiniteQuery(myWorkoutsQueryOptions);
}

/**
 * The member's own workouts matching `q`, a page at a time from `cursor`: the fetcher of the
 * builder's workout selector (cached under `workoutKeys.mineSearch()` with `q` added).
 */
export function searchMyWorkouts(
  q: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<WorkoutSummary>> {
  return getWorkouts({ ...mine, q }, cursor, signal, WORKOUT_PAGE_SIZE);
}
