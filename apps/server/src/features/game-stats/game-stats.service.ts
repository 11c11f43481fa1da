import { z } from 'zod';
import {
  gameStatFields,
  type GameChartPoint,
  type GameStat,
  type GameStatsPage,
  type GameStatValues,
  type GameTotals,
} from '@fitcoach/shared/game-stats';
import type { Executor } from '../../db/client';
import type { ChangeListener } from '../../lib/changes';
import { decodeCursor, toPage } from '../../lib/cursor';
import { notFound } from '../../lib/http-error';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import { notificationStreams, type Broadcaster } from '../notifications/notifications.service';
import * as repo from './game-stats.repository';

const cursorSchema = z.object({
  date: z.iso.date(),
  id: z.number().int().positive().max(2_147_483_647),
});

function toGame(row: repo.GameStatRow): GameStat {
  return {
    id: row.id,
    vs_name: row.vsName,
    game_date: row.gameDate,
    sport: row.sport,
    ...statsOf(row),
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function statsOf(row: repo.GameStatRow) {
  return {
    points: row.points,
    rebounds: row.rebounds,
    assists: row.assists,
    kills: row.kills,
    aces: row.aces,
    digs: row.digs,
    game_errors: row.gameErrors,
  };
}

function toChartPoint(row: repo.GameStatRow): GameChartPoint {
  return {
    id: row.id,
    vs_name: row.vsName,
    game_date: row.gameDate,
    sport: row.sport,
    ...statsOf(row),
  };
}

/** Sums and per-game averages (one decimal, as the page shows them). */
function totalsOf(sums: repo.GameSums): GameTotals {
  const { games, ...totals } = sums;
  const averages = Object.fromEntries(
    gameStatFields.map((f) => [f, games === 0 ? 0 : Math.round((totals[f] / games) * 10) / 10]),
  ) as GameTotals['averages'];
  return { games, totals, averages };
}

/**
 * A page of the member's games, newest first, with the season's and all-time totals and the
 * chart's games. The season is the calendar year of the server's today: sports seasons differ
 * (a basketball season spans New Year), and a year is what a member can check by hand.
 */
export async function listGames(
  ctx: ServiceContext,
  viewer: Viewer,
  query: { cursor?: string; limit: number },
): Promise<GameStatsPage> {
  const after = decodeCursor(query.cursor, cursorSchema);
  const year = ctx.clock.now().getUTCFullYear();
  const [rows, season, allTime, sports, chart] = await Promise.all([
    repo.listGames(ctx.db, viewer.id, after, query.limit),
    repo.sumGames(ctx.db, viewer.id, `${year}-01-01`),
    repo.sumGames(ctx.db, viewer.id, null),
    repo.sportsPlayed(ctx.db, viewer.id),
    repo.chartGames(ctx.db, viewer.id),
  ]);
  const page = toPage(rows, query.limit, toGame, (r) => ({ date: r.gameDate, id: r.id }));
  return {
    ...page,
    season: { year, ...totalsOf(season) },
    all_time: totalsOf(allTime),
    sports,
    chart: chart.map(toChartPoint),
  };
}

export async function createGame(
  ctx: ServiceContext,
  viewer: Viewer,
  values: GameStatValues,
): Promise<GameStat> {
  const row = await ctx.transaction(async (tx, changes) => {
    const created = await repo.insertGame(tx, viewer.id, values);
    changes.emit({ kind: 'game-stats', userId: viewer.id });
    return created;
  });
  return toGame(row);
}

/** Replaces every field of one of the member's games; anyone else's answers 404. */
export async function updateGame(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  values: GameStatValues,
): Promise<GameStat> {
  const row = await ctx.transaction(async (tx, changes) => {
    const updated = await repo.updateGame(tx, viewer.id, id, values);
    if (!updated) throw notFound('gameStat');
    changes.emit({ kind: 'game-stats', userId: viewer.id });
    return updated;
  });
  return toGame(row);
}

export async function deleteGame(ctx: ServiceContext, viewer: Viewer, id: number): Promise<void> {
  await ctx.transaction(async (tx, changes) => {
    if (!(await repo.deleteGame(tx, viewer.id, id))) throw notFound('gameStat');
    changes.emit({ kind: 'game-stats', userId: viewer.id });
  });
}

/**
 * The days a member played a game from `since` to `until`, newest first: the AI trainer's
 * readiness counts each as a hard session.
 */
export function gameDaysOf(
  db: Executor,
  userId: number,
  since: string,
  until: string,
): Promise<string[]> {
  return repo.gameDays(db, userId, since, until);
}

/** The member's other tabs and devices read their games again (the page says it, not the data). */
export function broadcastGameStats(cable: Broadcaster): ChangeListener {
  return async (change) => {
    if (change.kind !== 'game-stats') return;
    await cable.broadcastEvent('NotificationsChannel', notificationStreams.user(change.userId), {
      type: 'game_stats.changed',
    });
  };
}
