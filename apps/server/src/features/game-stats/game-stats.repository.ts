import { and, asc, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { GAME_CHART_MAX, type GameStatValues } from '@fitcoach/shared/game-stats';
import type { Executor } from '../../db/client';
import { gameStats } from '../../db/schema/game-stats';

export type GameStatRow = typeof gameStats.$inferSelect;

/** Where the next page starts: the last game's date and id (newest first). */
export interface GameCursor {
  date: string;
  id: number;
}

const columnsOf = (v: GameStatValues) => ({
  vsName: v.vs_name,
  gameDate: v.game_date,
  sport: v.sport,
  points: v.points,
  rebounds: v.rebounds,
  assists: v.assists,
  kills: v.kills,
  aces: v.aces,
  digs: v.digs,
  gameErrors: v.game_errors,
  notes: v.notes,
});

export async function insertGame(tx: Executor, userId: number, values: GameStatValues) {
  const [row] = await tx
    .insert(gameStats)
    .values({ userId, ...columnsOf(values) })
    .returning();
  return row!;
}

/** The member's own game, or undefined (someone else's is as absent as a missing one). */
export async function updateGame(
  tx: Executor,
  userId: number,
  id: number,
  values: GameStatValues,
): Promise<GameStatRow | undefined> {
  const [row] = await tx
    .update(gameStats)
    .set({ ...columnsOf(values), updatedAt: sql`now()` })
    .where(and(eq(gameStats.id, id), eq(gameStats.userId, userId)))
    .returning();
  return row;
}

export async function deleteGame(tx: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(gameStats)
    .where(and(eq(gameStats.id, id), eq(gameStats.userId, userId)))
    .returning({ id: gameStats.id });
  return rows.length > 0;
}

/** A page of the member's games, newest first (`limit + 1` rows: the extra says more follow). */
export function listGames(
  db: Executor,
  userId: number,
  after: GameCursor | null,
  limit: number,
): Promise<GameStatRow[]> {
  const conditions = [eq(gameStats.userId, userId)];
  if (after) {
    conditions.push(
      or(
        lt(gameStats.gameDate, after.date),
        and(eq(gameStats.gameDate, after.date), lt(gameStats.id, after.id)),
      )!,
    );
  }
  return db
    .select()
    .from(gameStats)
    .where(and(...conditions))
    .orderBy(desc(gameStats.gameDate), desc(gameStats.id))
    .limit(limit + 1);
}

const sums = {
  games: sql<number>`count(*)::int`,
  points: sql<number>`coalesce(sum(${gameStats.points}), 0)::int`,
  rebounds: sql<number>`coalesce(sum(${gameStats.rebounds}), 0)::int`,
  assists: sql<number>`coalesce(sum(${gameStats.assists}), 0)::int`,
  kills: sql<number>`coalesce(sum(${gameStats.kills}), 0)::int`,
  aces: sql<number>`coalesce(sum(${gameStats.aces}), 0)::int`,
  digs: sql<number>`coalesce(sum(${gameStats.digs}), 0)::int`,
  game_errors: sql<number>`coalesce(sum(${gameStats.gameErrors}), 0)::int`,
};
export type GameSums = { [K in keyof typeof sums]: number };

/** Sums of the member's games, all of them or from `since` on. */
export async function sumGames(
  db: Executor,
  userId: number,
  since: string | null,
): Promise<GameSums> {
  const [row] = await db
    .select(sums)
    .from(gameStats)
    .where(
      since === null
        ? eq(gameStats.userId, userId)
        : and(eq(gameStats.userId, userId), gte(gameStats.gameDate, since)),
    );
  return row!;
}

/** The sports the member played, most games first. */
export async function sportsPlayed(db: Executor, userId: number) {
  const rows = await db
    .select({ sport: gameStats.sport, games: sql<number>`count(*)::int` })
    .from(gameStats)
    .where(eq(gameStats.userId, userId))
    .groupBy(gameStats.sport)
    .orderBy(desc(sql`count(*)`), asc(gameStats.sport));
  return rows.map((r) => r.sport);
}

/** The latest games for the chart, oldest first. */
export async function chartGames(db: Executor, userId: number): Promise<GameStatRow[]> {
  const rows = await db
    .select()
    .from(gameStats)
    .where(eq(gameStats.userId, userId))
    .orderBy(desc(gameStats.gameDate), desc(gameStats.id))
    .limit(GAME_CHART_MAX);
  return rows.reverse();
}

/** The days the member played a game from `since` to `until` (inclusive), newest first. */
export async function gameDays(
  db: Executor,
  userId: number,
  since: string,
  until: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ day: gameStats.gameDate })
    .from(gameStats)
    .where(
      and(
        eq(gameStats.userId, userId),
        gte(gameStats.gameDate, since),
        sql`${gameStats.gameDate} <= ${until}`,
      ),
    )
    .orderBy(desc(gameStats.gameDate));
  return rows.map((r) => r.day);
}
