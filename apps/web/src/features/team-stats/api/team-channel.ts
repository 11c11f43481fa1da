import { useQueryClient } from '@tanstack/react-query';
import { useChannel } from '../../../lib/realtime';
import { teamStatsKeys } from './keys';
import { rememberGame, rememberRow } from './save-team-stats';

/**
 * A team's games, live (TeamChannel): each scorer's row change and each game started, edited,
 * finalised or discarded reaches the open sheets and box scores. Rows and games are merged by
 * version, so an event older than what the page holds (its own answer came first) changes
 * nothing, and one heard twice is harmless. After a reconnect the team's games are read again
 * (nothing sent while away is replayed).
 */
export function useTeamChannel(teamId: number, enabled = true) {
  const queryClient = useQueryClient();
  return useChannel(
    'TeamChannel',
    {
      received(event) {
        if (event.type === 'stat_row') {
          rememberRow(queryClient, teamId, event.game_id, event.row);
        } else if (event.type === 'game') {
          rememberGame(queryClient, event.game);
          // A final game changes the season's totals.
          if (event.game.status === 'final') {
            void queryClient.invalidateQueries({ queryKey: teamStatsKeys.list(teamId) });
          }
        } else {
          // Read again: an open sheet or box score of it learns it is gone (404).
          void queryClient.invalidateQueries({
            queryKey: teamStatsKeys.game(teamId, event.game_id),
          });
          void queryClient.invalidateQueries({ queryKey: teamStatsKeys.list(teamId) });
        }
      },
    },
    { params: { team_id: teamId }, refetchOnReconnect: [teamStatsKeys.team(teamId)], enabled },
  );
}
