import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Page } from '@fitcoach/shared/pagination';
import type { WorkoutLog } from '@fitcoach/shared/workout-logs';
import { api } from '../../../lib/api-client';
import { workoutLogKeys, workoutLogMutationKeys } from './keys';

export function deleteWorkoutLog(id: number): Promise<void> {
  return api.delete<void>(`/api/workout_log/${id}`);
}

export function useDeleteWorkoutLog() {
  const queryClient = useQueryClient();
  return useMutation({
    // The stats count logs too: app/ refreshes them after this key.
    mutationKey: workoutLogMutationKeys.write(),
    mutationFn: deleteWorkoutLog,
    onSuccess: async (_, id) => {
      // The card goes at once; the refetch then brings totals and charts in line.
      queryClient.setQueryData<InfiniteData<Page<WorkoutLog>, string | null>>(
        workoutLogKeys.list(),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.filter((log) => log.id !== id),
            })),
          },
      );
      await queryClient.invalidateQueries({ queryKey: workoutLogKeys.all });
    },
  });
}
