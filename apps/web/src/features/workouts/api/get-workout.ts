import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { api } from '../../../lib/api-client';

export const workoutQueryKey = (id: number) => ['workouts', 'detail', id] as const;

export function workoutQueryOptions(id: number) {
  return queryOptions({
    queryKey: workoutQueryKey(id),
    queryFn: ({ signal }) => api.get<WorkoutDetail>(`/api/workout/${id}`, signal),
  });
}

export function useWorkout(id: number) {
  return useSuspenseQuery(workoutQueryOptions(id));
}
