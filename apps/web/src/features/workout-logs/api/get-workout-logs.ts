import { infiniteQueryOptions, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@fitcoach/shared/pagination';
import type { WorkoutLog } from '@fitcoach/shared/workout-logs';
import { api } from '../../../lib/api-client';
import { workoutLogKeys } from './keys';

const PAGE_SIZE = 10;

export function getWorkoutLogs(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<WorkoutLog>> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<Page<WorkoutLog>>(`/api/workout_log?${params.toString()}`, signal);
}

export const workoutLogsQueryOptions = infiniteQueryOptions({
  queryKey: workoutLogKeys.list(),
  queryFn: ({ pageParam, signal }) => getWorkoutLogs(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
});

export function useWorkoutLogs() {
  return useSuspenseInfiniteQuery(workoutLogsQueryOptions);
}
