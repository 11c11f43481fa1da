import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@fitcoach/shared/chat';
import { api } from '../../../lib/api-client';
import { chatKeys } from './keys';
import { withMessage, type ChatMessagesData } from './list-messages';

export function sendChatMessage(friendId: number, body: string) {
  return api.post<ChatMessage>(`/api/chat/${friendId}/messages`, { body });
}

/** Sends a message; it joins the history at once (the channel's copy of it is then a no-op). */
export function useSendChatMessage(friendId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendChatMessage(friendId, body),
    onSuccess: (message) => {
      queryClient.setQueryData<ChatMessagesData>(chatKeys.messages(friendId), (data) =>
        withMessage(data, message),
      );
    },
  });
}
