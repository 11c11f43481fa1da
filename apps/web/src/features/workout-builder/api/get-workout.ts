import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { api } from '../../../lib/api-client';

export const workoutQueryKey = (id: number) => ['workouts', 'detail', id] as const;

export function getWorkout(id: number, signal?: AbortSignal): Promise<WorkoutDetail> {
  return api.get<WorkoutDetail>(`/api/workout/${id}`, signal);
}

export const workoutQueryOptions = (id: number) =>
  queryOptions({
    queryKey: workoutQueryKey(id),
    queryFn: ({ signal }) => getWorkout(id, signal),
  });

/** The workout to edit, weights in the member's units; nothing while none is chosen. */
export function useWorkout(id: number | null) {
  return useQuery({
    ...workoutQueryOptions(id ?? 0),
    enabled: id !== null,
    // Edits start from what was loaded; a refetch mid-edit would only repaint the selector.
    refetchOnWindowFocus: false,
  });
}

const isDetail = (key: readonly unknown[]) => key[0] === 'workouts' && key[1] === 'detail';

/**
 * After a save: keeps the saved workout and refreshes the workout lists (the selector shows the
 * new title). Queries of other pages are marked stale and refetch when next shown.
 */
export function rememberSavedWorkout(queryClient: QueryClient, workout: WorkoutDetail): void {
  queryClient.setQueryData(workoutQueryKey(workout.id), workout);
  void queryClient.invalidateQueries({
    queryKey: ['workouts'],
    predicate: (query) => !isDetail(query.queryKey),
  });
  // Other pages may key one workout as ['workout', id]; they should not show the old version.
  void queryClient.invalidateQueries({ queryKey: ['workout'], refetchType: 'none' });
}

/**
 * After a delete: the same, except the deleted workout itself, which the builder still shows
 * until it has navigated away (refetching it now would only flash a "not found").
 */
export function forgetDeletedWorkout(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({
    queryKey: ['workouts'],
    predicate: (query) => !isDetail(query.queryKey),
  });
  void queryClient.invalidateQueries({ queryKey: ['workout'], refetchType: 'none' });
}
