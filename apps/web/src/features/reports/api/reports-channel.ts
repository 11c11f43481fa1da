import { useQueryClient } from '@tanstack/react-query';
import { useChannel } from '../../../lib/realtime';
import { reportKeys } from './keys';

const refetchOnReconnect = [reportKeys.lists()];

/**
 * Keeps an admin's moderation queue current: a report filed or resolved (by another admin, in
 * another tab) arrives as `reports.changed` on their NotificationsChannel, and the queue is read
 * again.
 */
export function useReportsUpdates(): void {
  const queryClient = useQueryClient();
  useChannel(
    'NotificationsChannel',
    {
      received(event) {
        if (event.type !== 'reports.changed') return;
        void queryClient.invalidateQueries({ queryKey: reportKeys.lists() });
      },
    },
    { refetchOnReconnect },
  );
}
