import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { CHAT_TYPING_INTERVAL_MS, type ChatMessage } from '@fitcoach/shared/chat';
import { useChannelWithActions } from '../../../lib/realtime';
import { chatKeys } from './keys';
import { withMessage, withReadUpTo, withRemoved, type ChatMessagesData } from './list-messages';

export interface ChatChannelHandlers {
  /** A message arrived live (from either side). */
  onMessage?(message: ChatMessage): void;
  /** The friend is typing. */
  onTyping?(): void;
}

/**
 * One conversation, live: messages and read receipts update the cached history; typing is
 * handed to the panel. `typing()` tells the friend, at most once per interval. The status is
 * `rejected` when the server refuses or ends the chat (not friends, or a block).
 */
export function useChatChannel(friendId: number, handlers: ChatChannelHandlers = {}) {
  const queryClient = useQueryClient();
  const key = chatKeys.messages(friendId);
  const { status, perform } = useChannelWithActions(
    'ChatChannel',
    {
      received(event) {
        switch (event.type) {
          case 'message':
            queryClient.setQueryData<ChatMessagesData>(key, (data) =>
              withMessage(data, event.message),
            );
            handlers.onMessage?.(event.message);
            break;
          case 'read':
            queryClient.setQueryData<ChatMessagesData>(key, (data) =>
              withReadUpTo(data, event.reader_id, event.up_to_id, new Date().toISOString()),
            );
            break;
          case 'removed':
            queryClient.setQueryData<ChatMessagesData>(key, (data) =>
              withRemoved(data, event.message_id),
            );
            break;
          case 'typing':
            if (event.user_id === friendId) handlers.onTyping?.();
            break;
          case 'unread':
            break;
        }
      },
      rejected() {
        // The friendship ended or a block was set: what the page shows is refetched (and the
        // server now answers that only friends can chat).
        void queryClient.invalidateQueries({ queryKey: key });
      },
    },
    { params: { friend_id: friendId }, refetchOnReconnect: [key] },
  );
  const lastTyping = useRef(0);
  const typing = useCallback(() => {
    const now = Date.now();
    if (now - lastTyping.current < CHAT_TYPING_INTERVAL_MS) return;
    lastTyping.current = now;
    perform('typing');
  }, [perform]);
  return { status, typing };
}
