import type { SystemStatus } from '@fitcoach/shared/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { systemKeys } from './keys';

/** Live figures (sockets, uptime): read again this often while the tab is shown. */
export const SYSTEM_REFRESH_MS = 15_000;

export function getSystemStatus(signal?: AbortSignal) {
  return api.get<SystemStatus>('/api/admin/system', signal);
}

export const systemQueryOptions = queryOptions({
  queryKey: systemKeys.status(),
  queryFn: ({ signal }) => getSystemStatus(signal),
  refetchInterval: SYSTEM_REFRESH_MS,
  staleTime: 0,
});

export function useSystemStatus() {
  return useQuery(systemQueryOptions);
}
