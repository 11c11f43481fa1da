import { useQueryClient } from '@tanstack/react-query';
import { useChannel } from '../../../lib/realtime';
import { challengeKeys } from './keys';

const refetchOnReconnect = [challengeKeys.all];

/**
 * A team challenge is seen by its team's members: when one of the member's teams changes (they
 * were added or removed, a role changed, a team was deleted), their NotificationsChannel says
 * `teams.changed` and challenges, with the teams the form offers, are read again.
 */
export function useChallengeTeamUpdates(): void {
  const queryClient = useQueryClient();
  useChannel(
    'NotificationsChannel',
    {
      received(event) {
        if (event.type === 'teams.changed') {
          void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
        }
      },
    },
    { refetchOnReconnect },
  );
}
