import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@fitcoach/shared/profile';
import { api, setCsrfToken } from '../../../lib/api-client';
import { authKeys } from './keys';

/** Who is signed in; also hands the API client its CSRF token. */
export async function getMe(signal?: AbortSignal): Promise<MeResponse> {
  const me = await api.get<MeResponse>('/api/auth/me', signal);
  setCsrfToken(me.csrf_token);
  return me;
}

export const meQueryOptions = queryOptions({
  queryKey: authKeys.me(),
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 5 * 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
