import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameStat, GameStatInput } from '@fitcoach/shared/game-stats';
import { api } from '../../../lib/api-client';
import { gameStatsMutationKeys, statsKeys } from './keys';

export function createGameStat(input: GameStatInput): Promise<GameStat> {
  return api.post<GameStat>('/api/game_stats', input);
}

export function updateGameStat({ id, input }: { id: number; input: GameStatInput }) {
  return api.put<GameStat>(`/api/game_stats/${id}`, input);
}

export function deleteGameStat(id: number): Promise<void> {
  return api.delete<void>(`/api/game_stats/${id}`);
}

/** Records a game, or puts one back after its delete was undone. */
export function useCreateGameStat() {
  const queryClient = useQueryClient();
  return useMutation({
    // Games are training load: app/ refreshes today's program session after this key.
    mutationKey: gameStatsMutationKeys.write(),
    mutationFn: createGameStat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statsKeys.games() }),
  });
}

export function useUpdateGameStat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: gameStatsMutationKeys.write(),
    mutationFn: updateGameStat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statsKeys.games() }),
  });
}

export function useDeleteGameStat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: gameStatsMutationKeys.write(),
    mutationFn: deleteGameStat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statsKeys.games() }),
  });
}
