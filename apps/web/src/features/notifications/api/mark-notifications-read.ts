import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withUnreadCount } from '../utils/notifications-cache';
import { notificationKeys } from './keys';
import type { NotificationsData } from './list-notifications';

export function markNotificationsRead(input: { up_to_id: number }) {
  return api.post<{ unread_count: number }>('/api/notifications/read', input);
}

/** Marks everything up to a notification as seen; the server tells the member's other tabs. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: ({ unread_count }) => {
      // The server's count includes anything that arrived after the click.
      queryClient.setQueryData<NotificationsData>(notificationKeys.list(), (data) =>
        withUnreadCount(data, unread_count),
      );
    },
  });
}
