import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkoutDetail, WorkoutInput } from '@fitcoach/shared/workouts';
import { api } from '../../../lib/api-client';
import { rememberSavedWorkout } from './get-workout';

/** Answers 201 with the new workout, weights in the member's units. */
export function createWorkout(input: WorkoutInput): Promise<WorkoutDetail> {
  return api.post<WorkoutDetail>('/api/workout', input);
}

export function useCreateWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkout,
    onSuccess: (workout) => rememberSavedWorkout(queryClient, workout),
  });
}
