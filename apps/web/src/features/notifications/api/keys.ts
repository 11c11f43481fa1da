/** The bell's list, refetched as a whole when the realtime connection comes back. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};
