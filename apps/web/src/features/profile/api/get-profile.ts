import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Profile } from '@fitcoach/shared/profile';
import { api } from '../../../lib/api-client';

export const profileQueryKey = ['profile'] as const;

export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => api.get<Profile>('/api/profile', signal),
});

export function useProfile() {
  return useSuspenseQuery(profileQueryOptions);
}
