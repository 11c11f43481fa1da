import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { ChatMessage, ChatMessagePage } from '@fitcoach/shared/chat';
import { api } from '../../../lib/api-client';
import { chatKeys } from './keys';

export const CHAT_PAGE_SIZE = 30;

export type ChatMessagesData = InfiniteData<ChatMessagePage>;

export function chatMessagesUrl(friendId: number, before: string | null): string {
  const params = new URLSearchParams({ limit: String(CHAT_PAGE_SIZE) });
  if (before) params.set('before', before);
  return `/api/chat/${friendId}/messages?${params.toString()}`;
}

export const chatMessagesQueryOptions = (friendId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(friendId),
    queryFn: ({ pageParam, signal }) =>
      api.get<ChatMessagePage>(chatMessagesUrl(friendId, pageParam), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** A conversation, newest page first; older pages load as the member scrolls up. */
export function useChatMessages(friendId: number) {
  return useInfiniteQuery(chatMessagesQueryOptions(friendId));
}

/** The loaded messages, oldest first (as the list shows them). */
export function messagesOldestFirst(data: ChatMessagesData | undefined): ChatMessage[] {
  if (!data) return [];
  return data.pages.flatMap((page) => page.items).reverse();
}

/** Adds a message (sent here, or heard live) to the cached history; once, however it arrives. */
export function withMessage(
  data: ChatMessagesData | undefined,
  message: ChatMessage,
): ChatMessagesData | undefined {
  if (!data) return data;
  if (data.pages.some((page) => page.items.some((m) => m.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, items: [message, ...first.items] }, ...rest] };
}

/** The read receipt: `readerId` read the other side's messages up to `upToId`. */
export function withReadUpTo(
  data: ChatMessagesData | undefined,
  readerId: number,
  upToId: number,
  readAt: string,
): ChatMessagesData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((m) =>
        m.recipient_id === readerId && m.id <= upToId && m.read_at === null
          ? { ...m, read_at: readAt }
          : m,
      ),
    })),
  };
}

/** A moderator removed a message: it keeps its place, without its text. */
export function withRemoved(
  data: ChatMessagesData | undefined,
  messageId: number,
): ChatMessagesData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((m) => (m.id === messageId ? { ...m, body: '', removed: true } : m)),
    })),
  };
}
