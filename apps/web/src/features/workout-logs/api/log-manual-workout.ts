import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogResult, ManualWorkoutInput } from '@fitcoach/shared/workout-logs';
import { api } from '../../../lib/api-client';
import { workoutLogKeys, workoutLogMutationKeys } from './keys';

export function logManualWorkout(input: ManualWorkoutInput): Promise<LogResult> {
  return api.post<LogResult>('/api/workout_log/manual', input);
}

export function useLogManualWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    // The stats count logs too: app/ refreshes them after this key.
    mutationKey: workoutLogMutationKeys.write(),
    mutationFn: logManualWorkout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workoutLogKeys.all }),
  });
}
