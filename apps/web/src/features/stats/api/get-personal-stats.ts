import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonalStats } from '@fitcoach/shared/workout-logs';
import { api } from '../../../lib/api-client';

export const personalStatsQueryKey = ['stats', 'personal'] as const;

export const personalStatsQueryOptions = queryOptions({
  queryKey: personalStatsQueryKey,
  queryFn: ({ signal }) => api.get<PersonalStats>('/api/stats/personal', signal),
});

export function usePersonalStats(options: { enabled?: boolean } = {}) {
  return useQuery({ ...personalStatsQueryOptions, enabled: options.enabled ?? true });
}
