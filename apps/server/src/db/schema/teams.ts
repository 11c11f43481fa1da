import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TeamRole, TeamSport } from '@fitcoach/shared/teams';
import { users } from './accounts';
import { workouts } from './workouts';

/**
 * A team (issue 14, item 1). Its photo is a storage attachment (record type `team`, purpose
 * `team_photo`), as a member's is. The checks repeat the API's limits
 * (packages/shared/src/teams.ts).
 */
export const teams = pgTable(
  'teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    sport: text('sport').$type<TeamSport>().notNull(),
    season: text('season').notNull().default(''),
    /**
     * One of its owners: the creator, until they step down or leave (the service moves it to
     * the longest-standing other owner); before an owner's account is deleted, a trigger hands
     * it over the same way (migration 0025), so a co-owned team outlives one owner's account.
     */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('teams_owner_idx').on(t.ownerId),
    check('teams_sport_known', sql`${t.sport} IN ('basketball', 'volleyball', 'soccer', 'other')`),
    check('teams_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 100`),
    check('teams_season_length', sql`char_length(${t.season}) <= 40`),
  ],
);

/**
 * A member of a team in a team role. The unique index on (team, jersey) makes a jersey number
 * one person's within a team even when two coaches add players at once; null (coaches,
 * scorers) repeats freely.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<TeamRole>().notNull(),
    jerseyNumber: integer('jersey_number'),
    aliasName: text('alias_name').notNull().default(''),
    /** The spec's field, spelt as the spec spells it. */
    aliasDepedentName: text('alias_depedent_name').notNull().default(''),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    uniqueIndex('team_members_jersey_idx').on(t.teamId, t.jerseyNumber),
    // "My teams".
    index('team_members_user_idx').on(t.userId),
    check('team_members_role', sql`${t.role} IN ('owner', 'coach', 'player', 'scorer')`),
    check(
      'team_members_jersey_range',
      sql`${t.jerseyNumber} IS NULL OR ${t.jerseyNumber} BETWEEN 0 AND 999`,
    ),
    check(
      'team_members_alias_length',
      sql`char_length(${t.aliasName}) <= 60 AND char_length(${t.aliasDepedentName}) <= 60`,
    ),
  ],
);

/** A workout given to a whole team: every member sees it; managers see who has logged it. */
export const teamWorkouts = pgTable(
  'team_workouts',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    workoutId: integer('workout_id')
      .notNull()
      .references(() => workouts.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.workoutId] })],
);
