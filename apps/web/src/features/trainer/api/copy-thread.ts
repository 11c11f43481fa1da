import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrainerThreadDetail } from '@fitcoach/shared/trainer';
import { api } from '../../../lib/api-client';
import { trainerKeys } from './keys';

/** `POST /api/trainer/threads/:id/copy`: the conversation, copied into the member's own. */
export function useCopyThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<TrainerThreadDetail>(`/api/trainer/threads/${id}/copy`),
    onSuccess: (copy) => {
      queryClient.setQueryData(trainerKeys.thread(copy.id), copy);
      void queryClient.invalidateQueries({ queryKey: trainerKeys.threads(), exact: true });
    },
  });
}
