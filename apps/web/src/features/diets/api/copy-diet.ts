import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DietDetail } from '@fitcoach/shared/diets';
import { api } from '../../../lib/api-client';
import { dietKeys } from './keys';

/** `POST /api/diet/:id/copy`: the member's own diet from this one, at version 1. */
export function copyDiet(id: number): Promise<DietDetail> {
  return api.post<DietDetail>(`/api/diet/${id}/copy`);
}

export function useCopyDiet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyDiet,
    onSuccess: (copy) => {
      queryClient.setQueryData(dietKeys.detail(copy.id), copy);
      void queryClient.invalidateQueries({ queryKey: dietKeys.list() });
    },
  });
}
