import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChallengeDetail } from '@fitcoach/shared/challenges';
import { api } from '../../../lib/api-client';
import { challengeKeys } from './keys';

export function joinChallenge(id: number) {
  return api.post<ChallengeDetail>(`/api/challenge/${id}/join`);
}

/** `POST /api/challenge/:id/join`: the details come back; the board and lists refresh. */
export function useJoinChallenge(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => joinChallenge(id),
    onSuccess: (detail) => {
      queryClient.setQueryData(challengeKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: challengeKeys.leaderboard(id) });
      void queryClient.invalidateQueries({ queryKey: challengeKeys.lists() });
    },
  });
}
