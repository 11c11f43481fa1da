import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatUnread } from '@fitcoach/shared/chat';
import { api } from '../../../lib/api-client';
import { chatKeys } from './keys';

export function markChatRead(friendId: number, upToId: number) {
  return api.post<ChatUnread>(`/api/chat/${friendId}/read`, { up_to_id: upToId });
}

/** Marks a friend's messages read up to an id; the answer is the member's fresh unread counts. */
export function useMarkChatRead(friendId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upToId: number) => markChatRead(friendId, upToId),
    onSuccess: (unread) => {
      queryClient.setQueryData<ChatUnread>(chatKeys.unread(), unread);
    },
  });
}
