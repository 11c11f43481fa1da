import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { feedKeys } from './keys';

export function deleteComment(input: { id: number; logId: number }): Promise<null> {
  return api.delete<null>(`/api/feed/comments/${input.id}`);
}

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_result, input) => {
      void queryClient.invalidateQueries({ queryKey: feedKeys.list() });
      void queryClient.invalidateQueries({ queryKey: feedKeys.comments(input.logId) });
    },
  });
}
