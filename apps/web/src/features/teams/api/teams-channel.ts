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
        if (event.type !== 'teams.changed') return;
        // The viewer is leaving or deleting this team: its page is on its way out, and reading
        // it now would only say it is gone. The write refreshes every team when it is done.
        if (queryClient.isMutating({ mutationKey: teamKeys.leaving(event.team_id) }) > 0) return;
        void queryClient.invalidateQueries({ queryKey: teamKeys.all });
      },
    },
    { refetchOnReconnect },
  );
}
