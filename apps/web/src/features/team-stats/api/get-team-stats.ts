import { queryOptions, useQuery } from '@tanstack/react-query';
import { mergeGame, type TeamGame, type TeamStatsAnswer } from '@fitcoach/shared/team-stats';
import { api } from '../../../lib/api-client';
import { teamStatsKeys } from './keys';

/*
 * A game in the cache is merged with each copy that arrives, fetched ones included, by version
 * (shared/team-stats.ts, mergeGame): a read sent before a scorer's write and answered after it,
 * or after that write's broadcast, does not take the newer row away.
 */

export const teamStatsQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: teamStatsKeys.list(teamId),
    queryFn: async ({ signal, client }) => {
      const fetched = await api.get<TeamStatsAnswer>(`/api/team/${teamId}/stats`, signal);
      const held = client.getQueryData<TeamStatsAnswer>(teamStatsKeys.list(teamId));
      if (!held) return fetched;
      const before = new Map(held.games.map((g) => [g.id, g]));
      return { ...fetched, games: fetched.games.map((g) => mergeGame(before.get(g.id), g)) };
    },
  });

/** The team's games with their rows, and the season's totals per player. */
export function useTeamStats(teamId: number) {
  return useQuery(teamStatsQueryOptions(teamId));
}

export const teamGameQueryOptions = (teamId: number, gameId: number) =>
  queryOptions({
    queryKey: teamStatsKeys.game(teamId, gameId),
    queryFn: async ({ signal, client }) =>
      mergeGame(
        client.getQueryData<TeamGame>(teamStatsKeys.game(teamId, gameId)),
        await api.get<TeamGame>(`/api/team/${teamId}/stats/${gameId}`, signal),
      ),
  });

/** One game, as its sheet and box score show it. */
export function useTeamGame(teamId: number, gameId: number | null) {
  return useQuery({
    ...teamGameQueryOptions(teamId, gameId ?? 0),
    enabled: gameId !== null,
  });
}
