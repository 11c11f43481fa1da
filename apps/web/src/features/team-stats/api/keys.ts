/**
 * Team game stats (`/api/team/:id/stats…`). Everything of a team sits under `teamStatsKeys.team`:
 * a finalised or discarded game changes the list and the season totals together.
 */
export const teamStatsKeys = {
  all: ['team-stats'] as const,
  team: (teamId: number) => [...teamStatsKeys.all, teamId] as const,
  /** The games with their rows, and the season's totals. */
  list: (teamId: number) => [...teamStatsKeys.team(teamId), 'list'] as const,
  /** One game (its sheet and box score), kept live by TeamChannel. */
  game: (teamId: number, gameId: number) =>
    [...teamStatsKeys.team(teamId), 'game', gameId] as const,
};
