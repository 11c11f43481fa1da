import { useQueryClient } from '@tanstack/react-query';
import { useChannel } from '../../../lib/realtime';
import { friendKeys } from './keys';

const refetchOnReconnect = [friendKeys.all];

/**
 * Keeps open friends lists and searches current while someone else changes how they stand to
 * the member (cancels a request they sent, accepts one, unfriends): the member's
 * NotificationsChannel says `relationships.changed`, and everything under `friendKeys.all` is
 * fetched again. A second subscription beside the bell's; the client shares the one socket.
 */
export function useRelationshipUpdates(): void {
  const queryClient = useQueryClient();
  useChannel(
    'NotificationsChannel',
    {
      received(event) {
        if (event.type === 'relationships.changed') {
          void queryClient.invalidateQueries({ queryKey: friendKeys.all });
        }
      },
    },
    { refetchOnReconnect },
  );
}
