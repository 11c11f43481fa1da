import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forgetDeletedWorkout } from './get-workout';

/** Answers 204; the member's logs of the workout stay in their history. */
export function deleteWorkout(id: number): Promise<void> {
  return api.delete<void>(`/api/workout/${id}`);
}

export function useDeleteWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkout,
    onSuccess: () => forgetDeletedWorkout(queryClient),
  });
}
