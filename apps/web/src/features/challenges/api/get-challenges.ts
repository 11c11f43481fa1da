import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChallengeList, ChallengeTab } from '@fitcoach/shared/challenges';
import { api } from '../../../lib/api-client';
import { challengeKeys } from './keys';

export const challengesQueryOptions = (tab: ChallengeTab) =>
  queryOptions({
    queryKey: challengeKeys.list(tab),
    queryFn: ({ signal }) =>
      api.get<ChallengeList>(`/api/challenge?tab=${encodeURIComponent(tab)}`, signal),
  });

/** One tab of the challenges you can see. */
export function useChallenges(tab: ChallengeTab) {
  return useQuery(challengesQueryOptions(tab));
}
