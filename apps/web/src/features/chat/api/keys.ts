/** Chat's queries: one conversation's history per friend, and the member's unread counts. */
export const chatKeys = {
  all: ['chat'] as const,
  messages: (friendId: number) => [...chatKeys.all, 'messages', friendId] as const,
  unread: () => [...chatKeys.all, 'unread'] as const,
};
