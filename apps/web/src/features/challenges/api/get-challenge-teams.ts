import { queryOptions, useQuery } from '@tanstack/react-query';
import { managesTeam, type TeamList } from '@fitcoach/shared/teams';
import { api } from '../../../lib/api-client';
import { challengeKeys } from './keys';

/** A team a challenge can be made for. */
export interface ChallengeTeam {
  id: number;
  name: string;
}

/**
 * `GET /api/team`, kept to the teams the member owns or coaches: the ones the server lets them
 * name in a team challenge. (The teams feature has its own hooks; features do not share them.)
 */
export const challengeTeamsQueryOptions = () =>
  queryOptions({
    queryKey: challengeKeys.teams(),
    queryFn: async ({ signal }): Promise<ChallengeTeam[]> => {
      const list = await api.get<TeamList>('/api/team', signal);
      return list.items
        .filter((team) => managesTeam(team.my_role))
        .map((team) => ({ id: team.id, name: team.name }));
    },
  });

export function useChallengeTeams() {
  return useQuery(challengeTeamsQueryOptions());
}
