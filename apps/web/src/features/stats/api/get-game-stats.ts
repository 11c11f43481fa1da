import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { GameStatsPage } from '@fitcoach/shared/game-stats';
import { api } from '../../../lib/api-client';
import { statsKeys } from './keys';

const PAGE_SIZE = 10;

export function getGameStats(cursor: string | null, signal?: AbortSignal): Promise<GameStatsPage> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<GameStatsPage>(`/api/game_stats?${params.toString()}`, signal);
}

/** Every page carries the totals and the chart; the newest page's are the ones shown. */
export const gameStatsQueryOptions = infiniteQueryOptions({
  queryKey: statsKeys.games(),
  queryFn: ({ pageParam, signal }) => getGameStats(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
});

export function useGameStats() {
  return useInfiniteQuery(gameStatsQueryOptions);
}
