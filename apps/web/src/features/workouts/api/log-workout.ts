import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogResult, WorkoutLogInput } from '@fitcoach/shared/workout-logs';
import { api } from '../../../lib/api-client';

export function logWorkout(workoutId: number, input: WorkoutLogInput): Promise<LogResult> {
  return api.post<LogResult>(`/api/workout/${workoutId}/log`, input);
}

/** Logging changes the history, charts, stats and any guided session: refresh them. */
export function useLogWorkout(workoutId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkoutLogInput) => logWorkout(workoutId, input),
    onSuccess: () => {
      for (const key of ['workout-logs', 'stats', 'chart-data', 'guided']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
