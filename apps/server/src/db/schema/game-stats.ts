import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { GameSport } from '@fitcoach/shared/game-stats';
import { users } from './accounts';

/**
 * A member's own game (issue 14, item 5): whom they played, when, the sport and what they
 * scored. The checks repeat the API's limits (packages/shared/src/game-stats.ts), so no path
 * around the API stores a negative count or a sport the app cannot show.
 */
export const gameStats = pgTable(
  'game_stats',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vsName: text('vs_name').notNull(),
    /** The member's local date of the game: the history and readiness count these days. */
    gameDate: date('game_date', { mode: 'string' }).notNull(),
    sport: text('sport').$type<GameSport>().notNull().default('other'),
    points: integer('points').notNull().default(0),
    rebounds: integer('rebounds').notNull().default(0),
    assists: integer('assists').notNull().default(0),
    kills: integer('kills').notNull().default(0),
    aces: integer('aces').notNull().default(0),
    digs: integer('digs').notNull().default(0),
    gameErrors: integer('game_errors').notNull().default(0),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list (newest first, a page at a time) and readiness's recent games.
    index('game_stats_user_date_idx').on(t.userId, t.gameDate.desc(), t.id.desc()),
    check(
      'game_stats_sport_known',
      sql`${t.sport} IN ('basketball', 'volleyball', 'soccer', 'other')`,
    ),
    check(
      'game_stats_counts_not_negative',
      sql`${t.points} >= 0 AND ${t.rebounds} >= 0 AND ${t.assists} >= 0 AND ${t.kills} >= 0 AND ${t.aces} >= 0 AND ${t.digs} >= 0 AND ${t.gameErrors} >= 0`,
    ),
    check('game_stats_vs_name_length', sql`char_length(${t.vsName}) BETWEEN 1 AND 100`),
    check('game_stats_notes_length', sql`char_length(${t.notes}) <= 2000`),
  ],
);
