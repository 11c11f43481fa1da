import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChallengeDetail, ChallengeInput } from '@fitcoach/shared/challenges';
import { api } from '../../../lib/api-client';
import { challengeKeys } from './keys';

export function updateChallenge(id: number, input: ChallengeInput) {
  return api.put<ChallengeDetail>(`/api/challenge/${id}`, input);
}

/** `PUT /api/challenge/:id` (the creator, before it starts): the details come back; lists refresh. */
export function useUpdateChallenge(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChallengeInput) => updateChallenge(id, input),
    onSuccess: (detail) => {
      queryClient.setQueryData(challengeKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: challengeKeys.leaderboard(id) });
      void queryClient.invalidateQueries({ queryKey: challengeKeys.lists() });
    },
  });
}
