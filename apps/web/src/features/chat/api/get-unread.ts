import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatUnread } from '@fitcoach/shared/chat';
import { api } from '../../../lib/api-client';
import { useChannel } from '../../../lib/realtime';
import { chatKeys } from './keys';

export const chatUnreadQueryOptions = queryOptions({
  queryKey: chatKeys.unread(),
  queryFn: ({ signal }) => api.get<ChatUnread>('/api/chat/unread', signal),
});

/** Unread chat messages from friends: `total` and `by_friend`. */
export function useChatUnread() {
  return useQuery(chatUnreadQueryOptions);
}

/** How many unread messages one friend sent (0 when none). */
export function useChatUnreadFor(friendId: number): number {
  const { data } = useChatUnread();
  return data?.by_friend.find((f) => f.friend_id === friendId)?.count ?? 0;
}

const refetchOnReconnect = [chatKeys.unread()];

/**
 * Keeps the unread counts live: the member's own ChatChannel stream pushes them whenever they
 * change (a message arrives, another tab reads). Mounted once, by ChatUnreadBadge.
 */
export function useChatUnreadChannel() {
  const queryClient = useQueryClient();
  return useChannel(
    'ChatChannel',
    {
      received(event) {
        if (event.type === 'unread') queryClient.setQueryData(chatKeys.unread(), event.unread);
      },
    },
    { refetchOnReconnect },
  );
}
