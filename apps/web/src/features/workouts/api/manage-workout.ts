import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { api } from '../../../lib/api-client';
import { workoutQueryKey } from './get-workout';

export function copyWorkout(id: number): Promise<WorkoutDetail> {
  return api.post<WorkoutDetail>(`/api/workout/${id}/copy`);
}

export function deleteWorkout(id: number): Promise<void> {
  return api.delete<void>(`/api/workout/${id}`);
}

export function useCopyWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyWorkout,
    onSuccess: (copy) => {
      queryClient.setQueryData(workoutQueryKey(copy.id), copy);
      void queryClient.invalidateQueries({ queryKey: ['workouts', 'list'] });
    },
  });
}

export function useDeleteWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkout,
    onSuccess: (_void, id) => {
      queryClient.removeQueries({ queryKey: workoutQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['workouts', 'list'] });
    },
  });
}
