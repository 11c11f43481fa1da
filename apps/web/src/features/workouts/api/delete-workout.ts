import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { workoutKeys } from './keys';

/** Answers 204; the member's logs of the workout stay in their history. */
export function deleteWorkout(id: number): Promise<void> {
  return api.delete<void>(`/api/workout/${id}`);
}

/**
 * Refreshes the workout lists. The deleted workout itself stays cached until the page showing
 * it has let go (`forgetDeletedWorkout`): refetching it while still shown would flash a 404.
 */
export function useDeleteWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkout,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: workoutKeys.lists() });
    },
  });
}

export function forgetDeletedWorkout(queryClient: QueryClient, id: number): void {
  queryClient.removeQueries({ queryKey: workoutKeys.detail(id) });
}
