import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendsOverview } from '@fitcoach/shared/friends';
import { api } from '../../../lib/api-client';
import { friendKeys } from './keys';

export const friendsOverviewQueryOptions = queryOptions({
  queryKey: friendKeys.overview(),
  queryFn: ({ signal }) => api.get<FriendsOverview>('/api/friends', signal),
});

/** Your friends, the requests you received and sent, and the members you blocked. */
export function useFriendsOverview() {
  return useQuery(friendsOverviewQueryOptions);
}
