import { queryOptions, useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { api } from '../../../lib/api-client';
import { workoutKeys } from './keys';

/** One workout, weights in the member's units (`GET /api/workout/:id`). */
export function getWorkout(id: number, signal?: AbortSignal): Promise<WorkoutDetail> {
  return api.get<WorkoutDetail>(`/api/workout/${id}`, signal);
}

export function workoutQueryOptions(id: number) {
  return queryOptions({
    queryKey: workoutKeys.detail(id),
    queryFn: ({ signal }) => getWorkout(id, signal),
  });
}

/** The workout page's and guided mode's workout (their loaders fetched it). */
export function useWorkout(id: number) {
  return useSuspenseQuery(workoutQueryOptions(id));
}

/** The workout the builder edits; nothing while none is chosen. */
export function useEditableWorkout(id: number | null) {
  return useQuery({
    ...workoutQueryOptions(id ?? 0),
    enabled: id !== null,
    // Edits start from what was loaded; a refetch mid-edit would only repaint the selector.
    refetchOnWindowFocus: false,
  });
}

/**
 * After a create, update or copy: keeps the saved workout and refreshes the workout lists (the
 * builder's selector shows the new title). Lists of other pages refetch when next shown.
 */
export function rememberSavedWorkout(queryClient: QueryClient, workout: WorkoutDetail): void {
  queryClient.setQueryData(workoutKeys.detail(workout.id), workout);
  void queryClient.invalidateQueries({ queryKey: workoutKeys.lists() });
}
