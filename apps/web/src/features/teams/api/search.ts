import type { Page } from '@fitcoach/shared/pagination';
import type { WorkoutSummary } from '@fitcoach/shared/workouts';
import type { SearchFetcher } from '../../../components/enhanced-select/enhanced-select';
import { api } from '../../../lib/api-client';

/**
 * The workouts a manager may give the team: the library and their own (not those shared with
 * them, which the server refuses), searched on the server.
 */
export const searchWorkouts: SearchFetcher<WorkoutSummary> = (q, cursor, signal) => {
  const params = new URLSearchParams({ scope: 'givable', limit: '20' });
  if (q.trim()) params.set('q', q.trim());
  if (cursor) params.set('cursor', cursor);
  return api.get<Page<WorkoutSummary>>(`/api/workout?${params.toString()}`, signal);
};
