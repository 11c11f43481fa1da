import { useQueryClient } from '@tanstack/react-query';
import { useChannel } from '../../../lib/realtime';
import { statsKeys } from './keys';

const refetchOnReconnect = [statsKeys.games()];

/**
 * Keeps the games current while the member records, edits or deletes one in another tab or
 * device: their NotificationsChannel says `game_stats.changed`, and the games are read again.
 * A subscription beside the bell's; the client shares the one socket.
 */
export function useGameStatsUpdates(): void {
  const queryClient = useQueryClient();
  useChannel(
    'NotificationsChannel',
    {
      received(event) {
        if (event.type === 'game_stats.changed') {
          void queryClient.invalidateQueries({ queryKey: statsKeys.games() });
        }
      },
    },
    { refetchOnReconnect },
  );
}
