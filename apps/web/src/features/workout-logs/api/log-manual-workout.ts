import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogResult, ManualWorkoutInput } from '@fitcoach/shared/workout-logs';
import { api } from '../../../lib/api-client';
import { workoutLogsKey } from './get-workout-logs';

export function logManualWorkout(input: ManualWorkoutInput): Promise<LogResult> {
  return api.post<LogResult>('/api/workout_log/manual', input);
}

export function useLogManualWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logManualWorkout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workoutLogsKey }),
  });
}
