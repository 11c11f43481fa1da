import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  mergeGame,
  mergeRow,
  type TeamGame,
  type TeamGameInput,
  type TeamStatCounts,
  type TeamStatRow,
  type TeamStatsAnswer,
  type TeamStatsSubmitInput,
} from '@fitcoach/shared/team-stats';
import { api } from '../../../lib/api-client';
import { teamStatsKeys } from './keys';

/**
 * What the page holds of a game, brought up to date with a copy that arrived (an answer or a
 * broadcast): rows and header by version, so an older copy arriving late changes nothing.
 */
export function rememberGame(client: QueryClient, game: TeamGame): void {
  client.setQueryData<TeamGame>(teamStatsKeys.game(game.team_id, game.id), (held) =>
    mergeGame(held, game),
  );
  client.setQueryData<TeamStatsAnswer>(teamStatsKeys.list(game.team_id), (held) => {
    if (!held) return held;
    const at = held.games.findIndex((g) => g.id === game.id);
    const games =
      at === -1
        ? [game, ...held.games]
        : held.games.map((g, i) => (i === at ? mergeGame(g, game) : g));
    return { ...held, games };
  });
}

/** One row brought in the same way. */
export function rememberRow(
  client: QueryClient,
  teamId: number,
  gameId: number,
  row: TeamStatRow,
): void {
  client.setQueryData<TeamGame>(teamStatsKeys.game(teamId, gameId), (held) =>
    held ? mergeRow(held, row) : held,
  );
  client.setQueryData<TeamStatsAnswer>(teamStatsKeys.list(teamId), (held) =>
    held
      ? { ...held, games: held.games.map((g) => (g.id === gameId ? mergeRow(g, row) : g)) }
      : held,
  );
}

export const startGame = (teamId: number, input: TeamGameInput) =>
  api.post<TeamGame>(`/api/team/${teamId}/stats/games`, input);

export const updateGameHeader = (teamId: number, gameId: number, input: TeamGameInput) =>
  api.put<TeamGame>(`/api/team/${teamId}/stats/${gameId}`, input);

export const saveRow = (teamId: number, gameId: number, playerId: number, counts: TeamStatCounts) =>
  api.put<TeamStatRow>(`/api/team/${teamId}/stats/${gameId}/rows/${playerId}`, counts);

/** `POST /api/team/stats` (the spec's call): the whole sheet, finalising the game. */
export function useSubmitStats(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<TeamStatsSubmitInput, 'team_id'>) =>
      api.post<TeamGame>('/api/team/stats', { ...input, team_id: teamId }),
    onSuccess: (game) => {
      rememberGame(queryClient, game);
      // The season's totals count the game now.
      void queryClient.invalidateQueries({ queryKey: teamStatsKeys.list(teamId) });
    },
  });
}

/** `DELETE /api/team/:id/stats/:game_id`: discard an open game, or delete a final one. */
export function useDeleteGame(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gameId: number) => api.delete<null>(`/api/team/${teamId}/stats/${gameId}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamStatsKeys.team(teamId) }),
  });
}
