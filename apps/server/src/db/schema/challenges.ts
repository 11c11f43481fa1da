import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ChallengeVisibility, SubmissionStatus } from '@fitcoach/shared/challenges';
import { users } from './accounts';
import { teams } from './teams';
import { workouts } from './workouts';

/**
 * A challenge: log the listed workouts between `start_date` and `start_date + duration_days - 1`
 * (the server's clock decides which day it is). Its status (upcoming, active, finished) is
 * worked out from those dates; `published_at` null is a draft only its creator sees.
 */
export const challenges = pgTable(
  'challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    prize: text('prize').notNull().default(''),
    durationDays: integer('duration_days').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    visibility: text('visibility').$type<ChallengeVisibility>().notNull(),
    /**
     * A `team` challenge's team: its members see it. Null for the other visibilities, and once
     * the team is deleted: a team challenge without a team is its creator's and admins' only.
     */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** The first N to meet every requirement win; null: everyone who does. */
    prizeWinners: integer('prize_winners'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Set once, by whichever request first finds the challenge over: prizes were given then. */
    awardedAt: timestamp('awarded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('challenges_start_idx').on(t.startDate),
    index('challenges_creator_idx').on(t.creatorId),
    // A team's challenges (and the foreign key's ON DELETE SET NULL) without a scan.
    index('challenges_team_idx')
      .on(t.teamId)
      .where(sql`${t.teamId} IS NOT NULL`),
    // Finished challenges whose prizes are still to give: found without a scan.
    index('challenges_unawarded_idx')
      .on(t.startDate)
      .where(sql`${t.awardedAt} IS NULL AND ${t.publishedAt} IS NOT NULL`),
    check('challenges_team_only_for_team', sql`${t.teamId} IS NULL OR ${t.visibility} = 'team'`),
    check('challenges_duration_range', sql`${t.durationDays} BETWEEN 1 AND 365`),
    check(
      'challenges_prize_winners_positive',
      sql`${t.prizeWinners} IS NULL OR ${t.prizeWinners} > 0`,
    ),
  ],
);

/** One workout to log; with `upload_required`, a proof photo or video a reviewer approves. */
export const challengeRequirements = pgTable(
  'challenge_requirements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Null once the workout is deleted; its title is kept below so the requirement still reads. */
    workoutId: integer('workout_id').references(() => workouts.id, { onDelete: 'set null' }),
    workoutTitle: text('workout_title').notNull(),
    uploadRequired: boolean('upload_required').notNull().default(false),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('challenge_requirements_position_idx').on(t.challengeId, t.position)],
);

export const challengeParticipants = pgTable(
  'challenge_participants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Approved requirements, kept with each review so the leaderboard is one indexed read. */
    completedCount: integer('completed_count').notNull().default(0),
    /** When the last requirement was approved: the order of "first N". */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    prizeAwarded: boolean('prize_awarded').notNull().default(false),
  },
  (t) => [
    uniqueIndex('challenge_participants_member_idx').on(t.challengeId, t.userId),
    index('challenge_participants_user_idx').on(t.userId),
    index('challenge_participants_board_idx').on(
      t.challengeId,
      t.completedCount.desc(),
      t.finishedAt,
      t.id,
    ),
  ],
);

/**
 * A member's claim that a requirement is done: the workout log it rests on and, when required,
 * a proof (`storage_attachments`, record type `challenge_submission`). One per member and
 * requirement: a rejected one is resubmitted in place.
 */
export const challengeSubmissions = pgTable(
  'challenge_submissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => challengeParticipants.id, { onDelete: 'cascade' }),
    requirementId: integer('requirement_id')
      .notNull()
      .references(() => challengeRequirements.id, { onDelete: 'cascade' }),
    status: text('status').$type<SubmissionStatus>().notNull(),
    note: text('note').notNull().default(''),
    reason: text('reason'),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('challenge_submissions_member_idx').on(t.participantId, t.requirementId),
    index('challenge_submissions_pending_idx')
      .on(t.requirementId, t.submittedAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export type ChallengeRow = typeof challenges.$inferSelect;
export type RequirementRow = typeof challengeRequirements.$inferSelect;
export type ParticipantRow = typeof challengeParticipants.$inferSelect;
export type SubmissionRow = typeof challengeSubmissions.$inferSelect;
