import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonalStats } from '@fitcoach/shared/workout-logs';
import { api } from '../../../lib/api-client';
import { statsKeys } from './keys';

export const personalStatsQueryOptions = queryOptions({
  queryKey: statsKeys.personal(),
  queryFn: ({ signal }) => api.get<PersonalStats>('/api/stats/personal', signal),
});

export function usePersonalStats(options: { enabled?: boolean } = {}) {
  return useQuery({ ...personalStatsQueryOptions, enabled: options.enabled ?? true });
}
