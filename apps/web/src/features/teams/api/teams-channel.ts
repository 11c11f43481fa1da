import { useQueryClient } from '@tanstack/react-query';
import { useChannel } from '../../../lib/realtime';
import { teamKeys } from './keys';

const refetchOnReconnect = [teamKeys.all];

/**
 * Keeps teams current while someone else changes one (a member added or removed, a workout
 * given): the member's NotificationsChannel says `teams.changed`, and teams are read again.
 */
export function useTeamsUpdates(): void {
  const queryClient = useQueryClient();
  useChannel(
    'NotificationsChannel',
    {
      received(event) {
        if (event.type === 'teams.changed') {
          void queryClient.invalidateQueries({ queryKey: teamKeys.all });
        }
      },
    },
    { refetchOnReconnect },
  );
}
