import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamDetail, TeamList } from '@fitcoach/shared/teams';
import { api } from '../../../lib/api-client';
import { teamKeys } from './keys';

export const teamsQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.list(),
    queryFn: ({ signal }) => api.get<TeamList>('/api/team', signal),
  });

/** The teams the member is on. */
export function useTeams() {
  return useQuery(teamsQueryOptions());
}

export const teamQueryOptions = (id: number) =>
  queryOptions({
    queryKey: teamKeys.detail(id),
    queryFn: ({ signal }) => api.get<TeamDetail>(`/api/team/${id}`, signal),
  });

/** One team: details, roster and workouts. */
export function useTeam(id: number) {
  return useQuery(teamQueryOptions(id));
}
