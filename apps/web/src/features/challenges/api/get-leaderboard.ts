import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Leaderboard } from '@fitcoach/shared/challenges';
import { api } from '../../../lib/api-client';
import { challengeKeys } from './keys';

export const leaderboardQueryOptions = (id: number) =>
  queryOptions({
    queryKey: challengeKeys.leaderboard(id),
    queryFn: ({ signal }) => api.get<Leaderboard>(`/api/challenge/${id}/leaderboard`, signal),
  });

export function useLeaderboard(id: number) {
  return useQuery(leaderboardQueryOptions(id));
}
