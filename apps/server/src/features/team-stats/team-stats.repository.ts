import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { TeamStatCounts } from '@fitcoach/shared/team-stats';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { teamGames, teamGameStats } from '../../db/schema/team-stats';
import { teamMembers, teams } from '../../db/schema/teams';

export type GameRow = typeof teamGames.$inferSelect;
export type StatRow = typeof teamGameStats.$inferSelect;

/**
 * The member's role on the team and the team's sport; undefined when they are not on it.
 * `lock` takes their roster row FOR SHARE, so a removal waits for the write that checked it.
 */
export async function membership(db: Executor, teamId: number, userId: number, lock = false) {
  const query = db
    .select({ role: teamMembers.role, sport: teams.sport })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  const [row] = await (lock ? query.for('share', { of: teamMembers }) : query);
  return row;
}

/** The team's members among `userIds`, with the name and jersey a row keeps. */
export function membersAmong(db: Executor, teamId: number, userIds: number[], lock = false) {
  if (userIds.length === 0) return Promise.resolve([]);
  const query = db
    .select({
      userId: teamMembers.userId,
      name: users.name,
      aliasName: teamMembers.aliasName,
      jerseyNumber: teamMembers.jerseyNumber,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, userIds)));
  return lock ? query.for('share', { of: teamMembers }) : query;
}

/** Whether each of `userIds` is on the team now. */
export async function stillMembers(db: Executor, teamId: number, userIds: number[]) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, userIds)));
  return new Set(rows.map((r) => r.userId));
}

/**
 * One game of the team. `lock`: `update` while finalising or discarding it (row writes wait),
 * `share` while writing one of its rows (row writes go on side by side).
 */
export async function gameOf(
  db: Executor,
  teamId: number,
  gameId: number,
  lock: 'update' | 'share' | null = null,
) {
  const query = db
    .select()
    .from(teamGames)
    .where(and(eq(teamGames.id, gameId), eq(teamGames.teamId, teamId)));
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

const creatorName = sql<string | null>`(
  SELECT u.name FROM ${users} u WHERE u.id = ${teamGames.createdBy}
)`;

/** The team's games: open ones first, then the newest. */
export function gamesOf(db: Executor, teamId: number) {
  return db
    .select({ game: teamGames, creatorName })
    .from(teamGames)
    .where(eq(teamGames.teamId, teamId))
    .orderBy(
      sql`CASE ${teamGames.status} WHEN 'open' THEN 0 ELSE 1 END`,
      desc(teamGames.gameDate),
      desc(teamGames.id),
    );
}

export async function gameWithCreator(db: Executor, gameId: number) {
  const [row] = await db
    .select({ game: teamGames, creatorName })
    .from(teamGames)
    .where(eq(teamGames.id, gameId));
  return row;
}

/** The rows of some games, by jersey then name. */
export function rowsOf(db: Executor, gameIds: number[]) {
  if (gameIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(teamGameStats)
    .where(inArray(teamGameStats.gameId, gameIds))
    .orderBy(
      asc(teamGameStats.gameId),
      sql`${teamGameStats.jerseyNumber} ASC NULLS LAST`,
      asc(teamGameStats.playerName),
    );
}

export async function insertGame(
  db: Executor,
  values: {
    teamId: number;
    vsName: string;
    gameDate: string;
    createdBy: number;
    status: 'open' | 'final';
  },
) {
  const [row] = await db
    .insert(teamGames)
    .values({ ...values, finalizedAt: values.status === 'final' ? new Date() : null })
    .returning();
  return row!;
}

/** Changes an open game's header, or makes it final; its version goes up by one. */
export async function updateGame(
  db: Executor,
  gameId: number,
  values: { vsName: string; gameDate: string; final?: boolean },
) {
  const now = new Date();
  const [row] = await db
    .update(teamGames)
    .set({
      vsName: values.vsName,
      gameDate: values.gameDate,
      version: sql`${teamGames.version} + 1`,
      updatedAt: now,
      ...(values.final ? { status: 'final' as const, finalizedAt: now } : {}),
    })
    .where(eq(teamGames.id, gameId))
    .returning();
  return row!;
}

export async function deleteGame(db: Executor, gameId: number) {
  await db.delete(teamGames).where(eq(teamGames.id, gameId));
}

const columnOf = {
  two_point_fg_attempted: 'twoPointFgAttempted',
  two_point_fg_made: 'twoPointFgMade',
  three_point_fg_attempted: 'threePointFgAttempted',
  three_point_fg_made: 'threePointFgMade',
  free_throws_attempted: 'freeThrowsAttempted',
  free_throws_made: 'freeThrowsMade',
  offensive_rebounds: 'offensiveRebounds',
  defensive_rebounds: 'defensiveRebounds',
  assists: 'assists',
  steals: 'steals',
  blocks: 'blocks',
  turnovers: 'turnovers',
  personal_fouls: 'personalFouls',
} as const satisfies Record<keyof TeamStatCounts, keyof StatRow>;

/** A row's counts under the spec's names. */
export function countsOfRow(row: StatRow): TeamStatCounts {
  return Object.fromEntries(
    Object.entries(columnOf).map(([field, column]) => [field, row[column]]),
  ) as TeamStatCounts;
}

function columnsOfCounts(counts: TeamStatCounts) {
  return Object.fromEntries(
    Object.entries(columnOf).map(([field, column]) => [
      column,
      counts[field as keyof TeamStatCounts],
    ]),
  ) as { [K in (typeof columnOf)[keyof typeof columnOf]]: number };
}

export interface RowWrite {
  playerId: number;
  playerName: string;
  jerseyNumber: number | null;
  counts: TeamStatCounts;
  totalPoints: number;
}

/**
 * Writes rows of a game (a new one, or over the one there), each one's version going up by one.
 * The name and jersey are the ones the row was first written with: a game keeps its day's.
 */
export async function upsertRows(db: Executor, gameId: number, rows: RowWrite[], by: number) {
  if (rows.length === 0) return [];
  const now = new Date();
  return db
    .insert(teamGameStats)
    .values(
      rows.map((r) => ({
        gameId,
        playerId: r.playerId,
        playerName: r.playerName,
        jerseyNumber: r.jerseyNumber,
        ...columnsOfCounts(r.counts),
        totalPoints: r.totalPoints,
        updatedBy: by,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [teamGameStats.gameId, teamGameStats.playerId],
      set: {
        ...Object.fromEntries(
          Object.values(columnOf).map((column) => {
            const name = teamGameStats[column].name;
            return [column, sql.raw(`excluded.${name}`)];
          }),
        ),
        totalPoints: sql.raw('excluded.total_points'),
        version: sql`${teamGameStats.version} + 1`,
        updatedBy: by,
        updatedAt: now,
      },
    })
    .returning();
}

/** Drops a game's rows of players not in `keep` (a submitted sheet is the whole game). */
export async function deleteRowsExcept(db: Executor, gameId: number, keep: number[]) {
  await db
    .delete(teamGameStats)
    .where(
      keep.length === 0
        ? eq(teamGameStats.gameId, gameId)
        : and(eq(teamGameStats.gameId, gameId), notInArray(teamGameStats.playerId, keep)),
    );
}

/**
 * Locks the team's row as every write to a team does first (teams.repository.ts, lockTeam): team
 * then roster rows, so two scorers starting games take turns. False when there is no such team.
 */
export async function lockTeam(db: Executor, teamId: number): Promise<boolean> {
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.id, teamId))
    .for('no key update');
  return rows.length > 0;
}

export async function countOpenGames(db: Executor, teamId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamGames)
    .where(and(eq(teamGames.teamId, teamId), eq(teamGames.status, 'open')));
  return row?.n ?? 0;
}
