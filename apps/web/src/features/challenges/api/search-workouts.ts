import type { Page } from '@fitcoach/shared/pagination';
import type { WorkoutScope, WorkoutSummary } from '@fitcoach/shared/workouts';
import type { SearchFetcher } from '../../../components/enhanced-select/enhanced-select';
import { api } from '../../../lib/api-client';

/**
 * The workouts a challenge may ask for, searched on the server, paged for the enhanced select
 * box. Members complete a requirement by logging its workout, so the server takes only library
 * workouts, and for a team challenge the team's own too: a public or friends-only challenge
 * searches the library; a team one everything the author sees (the team's workouts among them;
 * the server says so if one is the author's alone).
 */
export const challengeWorkoutScope = (team: boolean): WorkoutScope => (team ? 'all' : 'library');

export const searchChallengeWorkouts =
  (scope: WorkoutScope): SearchFetcher<WorkoutSummary> =>
  (q, cursor, signal) => {
    const params = new URLSearchParams({ scope, limit: '20' });
    if (q.trim()) params.set('q', q.trim());
    if (cursor) params.set('cursor', cursor);
    return api.get<Page<WorkoutSummary>>(`/api/workout?${params.toString()}`, signal);
  };
