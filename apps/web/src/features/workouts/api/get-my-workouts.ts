import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getWorkouts, type WorkoutFilters } from './get-workouts';
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
