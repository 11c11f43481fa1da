import type { Page } from '@fitcoach/shared/pagination';
import type { WorkoutSummary } from '@fitcoach/shared/workouts';
import type { SearchFetcher } from '../../../components/enhanced-select/enhanced-select';
import { api } from '../../../lib/api-client';

/**
 * The workouts a challenge may ask for: every workout the author can see (the library, their
 * own, shared with them), searched on the server, paged for the enhanced select box.
 */
export const searchChallengeWorkouts: SearchFetcher<WorkoutSummary> = (q, cursor, signal) => {
  const params = new URLSearchParams({ scope: 'all', limit: '20' });
  if (q.trim()) params.set('q', q.trim());
  if (cursor) params.set('cursor', cursor);
  return api.get<Page<WorkoutSummary>>(`/api/workout?${params.toString()}`, signal);
};
