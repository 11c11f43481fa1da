import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogResult, WorkoutLogInput } from '@fitcoach/shared/workout-logs';
import { api } from '../../../lib/api-client';
import { guidedKeys, workoutMutationKeys } from './keys';

export function logWorkout(workoutId: number, input: WorkoutLogInput): Promise<LogResult> {
  return api.post<LogResult>(`/api/workout/${workoutId}/log`, input);
}

/**
 * Logging ends any guided session of the workout. It also changes the history, charts and
 * stats, which other features show: app/ refreshes those after this mutation's key.
 */
export function useLogWorkout(workoutId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: workoutMutationKeys.log(),
    mutationFn: (input: WorkoutLogInput) => logWorkout(workoutId, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: guidedKeys.all });
    },
  });
}
