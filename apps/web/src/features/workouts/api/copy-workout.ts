import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { api } from '../../../lib/api-client';
import { rememberSavedWorkout } from './get-workout';

/** A private copy of a workout, to change as the member likes. */
export function copyWorkout(id: number): Promise<WorkoutDetail> {
  return api.post<WorkoutDetail>(`/api/workout/${id}/copy`);
}

export function useCopyWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyWorkout,
    onSuccess: (copy) => rememberSavedWorkout(queryClient, copy),
  });
}
