import type { MemberSearchPage, MemberSearchResult } from '@fitcoach/shared/friends';
import type { Page } from '@fitcoach/shared/pagination';
import type { WorkoutSummary } from '@fitcoach/shared/workouts';
import type { SearchFetcher } from '../../../components/enhanced-select/enhanced-select';
import { api } from '../../../lib/api-client';

/** "Add user": everyone by name or exact email (`GET /api/members/search`). */
export const searchMembers: SearchFetcher<MemberSearchResult> = (q, cursor, signal) => {
  const params = new URLSearchParams({ q, scope: 'members', limit: '20' });
  if (cursor) params.set('cursor', cursor);
  return api.get<MemberSearchPage>(`/api/members/search?${params.toString()}`, signal);
};

/** The workouts a manager may give the team: every one they can see, searched on the server. */
export const searchWorkouts: SearchFetcher<WorkoutSummary> = (q, cursor, signal) => {
  const params = new URLSearchParams({ scope: 'all', limit: '20' });
  if (q.trim()) params.set('q', q.trim());
  if (cursor) params.set('cursor', cursor);
  return api.get<Page<WorkoutSummary>>(`/api/workout?${params.toString()}`, signal);
};

export type { MemberSearchResult };
