import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChallengeDetail, ChallengeInput } from '@fitcoach/shared/challenges';
import { api } from '../../../lib/api-client';
import { challengeKeys } from './keys';

export function createChallenge(input: ChallengeInput) {
  return api.post<ChallengeDetail>('/api/challenge', input);
}

/** `POST /api/challenge`; the new challenge shows in the lists at once. */
export function useCreateChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChallenge,
    onSuccess: (created) => {
      queryClient.setQueryData(challengeKeys.detail(created.id), created);
      void queryClient.invalidateQueries({ queryKey: challengeKeys.lists() });
    },
  });
}
