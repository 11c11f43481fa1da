import type { GameChartPoint, GameStatsPage } from '@fitcoach/shared/game-stats';

/**
 * The games the history can show on their days: the chart's latest games and every page
 * loaded, once each, newest first.
 */
export function gamesForHistory(pages: readonly GameStatsPage[] | undefined): GameChartPoint[] {
  if (!pages || pages.length === 0) return [];
  const byId = new Map<number, GameChartPoint>();
  for (const g of pages[0]!.chart) byId.set(g.id, g);
  for (const page of pages) for (const g of page.items) byId.set(g.id, g);
  return [...byId.values()].sort((a, b) =>
    a.game_date === b.game_date ? b.id - a.id : a.game_date < b.game_date ? 1 : -1,
  );
}
