import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrainerChatInput, TrainerChatReply } from '@fitcoach/shared/trainer';
import { api } from '../../../lib/api-client';
import { trainerKeys } from './keys';

/** `POST /api/trainer/chat`: the reply, and the thread it was kept in. */
export function sendChat(input: TrainerChatInput) {
  return api.post<TrainerChatReply>('/api/trainer/chat', input);
}

export function useSendChat(options: { beforeSend?: () => Promise<void> } = {}) {
  const queryClient = useQueryClient();
  const { beforeSend } = options;
  return useMutation({
    // Waiting (e.g. for the reply stream) counts as sending: the button stays busy meanwhile.
    mutationFn: async (input: TrainerChatInput) => {
      await beforeSend?.();
      return sendChat(input);
    },
    onSuccess: (reply) => {
      void queryClient.invalidateQueries({ queryKey: trainerKeys.thread(reply.thread_id) });
      if (reply.remembered.length > 0) {
        void queryClient.invalidateQueries({ queryKey: trainerKeys.memory() });
      }
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: trainerKeys.threads(), exact: true }),
  });
}
