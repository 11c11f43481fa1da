import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { TeamGameStatus } from '@fitcoach/shared/team-stats';
import { users } from './accounts';
import { teams } from './teams';

/**
 * A team's basketball game (issue 14, item 4): `open` while it is scored live, `final` once its
 * sheet is submitted. `version` goes up with every change of the header or status, so a page
 * that hears of an older one ignores it.
 */
export const teamGames = pgTable(
  'team_games',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    vsName: text('vs_name').notNull().default(''),
    gameDate: date('game_date', { mode: 'string' }).notNull(),
    status: text('status').$type<TeamGameStatus>().notNull().default('open'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
  },
  (t) => [
    // The team's games, newest first.
    index('team_games_team_date_idx').on(t.teamId, t.gameDate.desc(), t.id.desc()),
    check('team_games_status', sql`${t.status} IN ('open', 'final')`),
    // The opponent may be blank while a game is scored; a final game names it.
    check(
      'team_games_vs_name',
      sql`char_length(${t.vsName}) <= 100 AND (${t.status} = 'open' OR char_length(${t.vsName}) >= 1)`,
    ),
    check('team_games_finalized', sql`(${t.status} = 'final') = (${t.finalizedAt} IS NOT NULL)`),
  ],
);

const counts = {
  twoPointFgAttempted: integer('two_point_fg_attempted').notNull().default(0),
  twoPointFgMade: integer('two_point_fg_made').notNull().default(0),
  threePointFgAttempted: integer('three_point_fg_attempted').notNull().default(0),
  threePointFgMade: integer('three_point_fg_made').notNull().default(0),
  freeThrowsAttempted: integer('free_throws_attempted').notNull().default(0),
  freeThrowsMade: integer('free_throws_made').notNull().default(0),
  offensiveRebounds: integer('offensive_rebounds').notNull().default(0),
  defensiveRebounds: integer('defensive_rebounds').notNull().default(0),
  assists: integer('assists').notNull().default(0),
  steals: integer('steals').notNull().default(0),
  blocks: integer('blocks').notNull().default(0),
  turnovers: integer('turnovers').notNull().default(0),
  personalFouls: integer('personal_fouls').notNull().default(0),
};

/**
 * One player's row of a game (the spec's "Team game stats row"): one per game and player (the
 * primary key). The checks repeat the API's rules, so no path around it stores a negative count,
 * more makes than attempts, or a total that is not 2 × 2PM + 3 × 3PM + FTM. The player's name
 * and jersey are kept as they were on the day: the box score still reads right after a player
 * leaves the team or changes number.
 */
export const teamGameStats = pgTable(
  'team_game_stats',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => teamGames.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    playerName: text('player_name').notNull(),
    jerseyNumber: integer('jersey_number'),
    ...counts,
    totalPoints: integer('total_points').notNull().default(0),
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.playerId] }),
    // A player's season across games.
    index('team_game_stats_player_idx').on(t.playerId),
    check(
      'team_game_stats_counts_range',
      sql`${t.twoPointFgAttempted} BETWEEN 0 AND 200 AND ${t.twoPointFgMade} BETWEEN 0 AND 200
        AND ${t.threePointFgAttempted} BETWEEN 0 AND 200 AND ${t.threePointFgMade} BETWEEN 0 AND 200
        AND ${t.freeThrowsAttempted} BETWEEN 0 AND 200 AND ${t.freeThrowsMade} BETWEEN 0 AND 200
        AND ${t.offensiveRebounds} BETWEEN 0 AND 200 AND ${t.defensiveRebounds} BETWEEN 0 AND 200
        AND ${t.assists} BETWEEN 0 AND 200 AND ${t.steals} BETWEEN 0 AND 200
        AND ${t.blocks} BETWEEN 0 AND 200 AND ${t.turnovers} BETWEEN 0 AND 200
        AND ${t.personalFouls} BETWEEN 0 AND 200`,
    ),
    check(
      'team_game_stats_made_not_over_attempted',
      sql`${t.twoPointFgMade} <= ${t.twoPointFgAttempted}
        AND ${t.threePointFgMade} <= ${t.threePointFgAttempted}
        AND ${t.freeThrowsMade} <= ${t.freeThrowsAttempted}`,
    ),
    check(
      'team_game_stats_total_points',
      sql`${t.totalPoints} = 2 * ${t.twoPointFgMade} + 3 * ${t.threePointFgMade} + ${t.freeThrowsMade}`,
    ),
    check('team_game_stats_player_name_length', sql`char_length(${t.playerName}) <= 200`),
  ],
);
