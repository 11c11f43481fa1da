import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Profile } from '@fitcoach/shared/profile';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';

export const profileQueryOptions = queryOptions({
  queryKey: profileKeys.all,
  queryFn: ({ signal }) => api.get<Profile>('/api/profile', signal),
});

export function useProfile() {
  return useSuspenseQuery(profileQueryOptions);
}
