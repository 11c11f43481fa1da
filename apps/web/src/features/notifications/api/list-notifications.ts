import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { NotificationPage } from '@fitcoach/shared/notifications';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

export const NOTIFICATION_PAGE_SIZE = 20;

export type NotificationsData = InfiniteData<NotificationPage>;

export function notificationListUrl(cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(NOTIFICATION_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return `/api/notifications?${params.toString()}`;
}

export const notificationsQueryOptions = infiniteQueryOptions({
  queryKey: notificationKeys.list(),
  queryFn: ({ pageParam, signal }) =>
    api.get<NotificationPage>(notificationListUrl(pageParam), signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
});

/** The member's notifications, newest first, a page at a time, with the unread count. */
export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions);
}
