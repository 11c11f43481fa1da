import type { AppNotification } from '@fitcoach/shared/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useChannel } from '../../../lib/realtime';
import { withNewNotification, withReadUpTo } from '../utils/notifications-cache';
import { notificationKeys } from './keys';
import type { NotificationsData } from './list-notifications';

const refetchOnReconnect = [notificationKeys.list()];

/**
 * The member's NotificationsChannel: each event updates the cached list in place; after a
 * reconnect the list is fetched again (nothing sent while away is replayed).
 */
export function useNotificationsChannel({
  onCreated,
}: {
  /** A notification arrived live (not on a refetch): tell the member. */
  onCreated?: (notification: AppNotification) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useChannel(
    'NotificationsChannel',
    {
      received(event) {
        switch (event.type) {
          case 'notification.created':
            queryClient.setQueryData<NotificationsData>(notificationKeys.list(), (data) =>
              withNewNotification(data, event.notification),
            );
            onCreated?.(event.notification);
            break;
          case 'notifications.read': {
            const data = queryClient.getQueryData<NotificationsData>(notificationKeys.list());
            const next = withReadUpTo(data, event.up_to_id);
            if (next === null) {
              void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
            } else {
              queryClient.setQueryData<NotificationsData>(notificationKeys.list(), next);
            }
            break;
          }
          case 'relationships.changed':
            // For the friends lists (the friends feature listens for it itself).
            break;
          case 'game_stats.changed':
            // For the games on the history page (the stats feature listens for it itself).
            break;
          case 'teams.changed':
            // For the team pages and team challenges (those features listen for it themselves).
            break;
          case 'reports.changed':
            // For the admins' moderation queue (the reports feature listens for it itself).
            break;
          case 'video_analysis.changed':
            // For the analyses and the coaches' review queue (video-analysis listens itself).
            break;
        }
      },
    },
    { refetchOnReconnect },
  );
}
