import type { AppNotification } from '@fitcoach/shared/notifications';
import type { NotificationsData } from '../api/list-notifications';

/*
 * The list is newest first and "unread" means newer than the last one the member marked seen,
 * so the unread ones are always the first `unread_count` of the list. The first page carries
 * the count for the whole list.
 */

export function unreadCountOf(data: NotificationsData | undefined): number {
  return data?.pages[0]?.unread_count ?? 0;
}

export function withUnreadCount(
  data: NotificationsData | undefined,
  unreadCount: number,
): NotificationsData | undefined {
  const [first, ...rest] = data?.pages ?? [];
  if (!data || !first) return data;
  return { ...data, pages: [{ ...first, unread_count: unreadCount }, ...rest] };
}

/** A notification pushed live: on top of the list, and one more unread. */
export function withNewNotification(
  data: NotificationsData | undefined,
  notification: AppNotification,
): NotificationsData | undefined {
  const [first, ...rest] = data?.pages ?? [];
  // Nothing cached yet: the first fetch will bring it.
  if (!data || !first) return data;
  // Already there (a refetch raced the push).
  if (data.pages.some((page) => page.items.some((item) => item.id === notification.id))) {
    return data;
  }
  return {
    ...data,
    pages: [
      {
        ...first,
        items: [notification, ...first.items],
        unread_count: first.unread_count + 1,
      },
      ...rest,
    ],
  };
}

/**
 * Another tab marked everything up to `upToId` seen. Answers null when the loaded pages cannot
 * tell the new count (every loaded one is newer and more pages exist): refetch then.
 */
export function withReadUpTo(
  data: NotificationsData | undefined,
  upToId: number,
): NotificationsData | undefined | null {
  if (!data) return data;
  const items = data.pages.flatMap((page) => page.items);
  const newer = items.filter((item) => item.id > upToId).length;
  const complete =
    newer < items.length || (data.pages[data.pages.length - 1]?.next_cursor ?? null) === null;
  if (!complete) return null;
  return withUnreadCount(data, Math.min(newer, unreadCountOf(data)));
}
