import { useQueryClient } from '@tanstack/react-query';
import { useChannel } from '../../../lib/realtime';
import { challengeKeys } from './keys';

/**
 * A challenge, live (ChallengeChannel): each change brings its leaderboard, which replaces the
 * cached one; the details (your progress, counts) and the review queue are fetched again. After
 * a reconnect everything of the challenge is fetched (nothing sent while away is replayed).
 */
export function useChallengeChannel(challengeId: number) {
  const queryClient = useQueryClient();
  return useChannel(
    'ChallengeChannel',
    {
      received(event) {
        if (event.type !== 'leaderboard') return;
        queryClient.setQueryData(challengeKeys.leaderboard(challengeId), event.leaderboard);
        // The board just came; what it does not carry is fetched again.
        void queryClient.invalidateQueries({
          queryKey: challengeKeys.detail(challengeId),
          exact: true,
        });
        void queryClient.invalidateQueries({ queryKey: challengeKeys.submissions(challengeId) });
        void queryClient.invalidateQueries({ queryKey: challengeKeys.lists() });
      },
    },
    {
      params: { challenge_id: challengeId },
      refetchOnReconnect: [challengeKeys.detail(challengeId)],
    },
  );
}
