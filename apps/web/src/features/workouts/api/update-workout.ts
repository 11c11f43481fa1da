import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkoutDetail, WorkoutInput } from '@fitcoach/shared/workouts';
import { api } from '../../../lib/api-client';
import { rememberSavedWorkout } from './get-workout';

/** Replaces the whole workout (groups and all) with the form's. */
export function updateWorkout(id: number, input: WorkoutInput): Promise<WorkoutDetail> {
  return api.put<WorkoutDetail>(`/api/workout/${id}`, input);
}

export function useUpdateWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: WorkoutInput }) => updateWorkout(id, input),
    onSuccess: (workout) => rememberSavedWorkout(queryClient, workout),
  });
}
