import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import type { AnalysisSummary } from '@fitcoach/shared/video-analysis';
import { users } from './accounts';
import { exercises } from './reference';
import { workoutLogs } from './workout-logs';

export type ReviewStatus = 'none' | 'requested' | 'reviewed';

/**
 * An exercise video analysis (issue 15): what the browser measured in a video (the summary),
 * optionally tied to one set of a logged workout, and, once the member uploads the video, its
 * coach review. The video and its poster are storage attachments (`video_analysis` record type,
 * `video` and `poster` slots), like a team's photo.
 *
 * The log is `ON DELETE SET NULL`: the analysis is the member's own measurement and stays when
 * the log goes (the set is then shown as none: `exercise_id` and `set_number` only mean
 * something with a log). Cascading would silently delete a video under a coach's review.
 */
export const videoAnalyses = pgTable(
  'video_analyses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exerciseName: text('exercise_name').notNull(),
    exerciseKey: text('exercise_key').notNull(),
    summary: jsonb('summary').$type<AnalysisSummary>().notNull(),
    workoutLogId: integer('workout_log_id').references(() => workoutLogs.id, {
      onDelete: 'set null',
    }),
    // An exercise that is deleted (not retired) leaves the analysis without its set.
    exerciseId: integer('exercise_id').references(() => exercises.id, { onDelete: 'set null' }),
    setNumber: integer('set_number'),
    reviewStatus: text('review_status').$type<ReviewStatus>().notNull().default('none'),
    /** The coach asked (or who took an "any coach" request); null while any coach may take it. */
    reviewCoachId: integer('review_coach_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The member's list, newest first (and by exercise for its progress over time).
    index('video_analyses_user_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('video_analyses_user_log_idx')
      .on(t.userId, t.workoutLogId)
      .where(sql`${t.workoutLogId} IS NOT NULL`),
    // The coaches' queue: requests to one coach, and "any coach" ones (coach null).
    index('video_analyses_review_idx')
      .on(t.reviewCoachId, t.reviewStatus, t.reviewRequestedAt)
      .where(sql`${t.reviewStatus} <> 'none'`),
    check(
      'video_analyses_review_status',
      sql`${t.reviewStatus} IN ('none', 'requested', 'reviewed')`,
    ),
    check('video_analyses_exercise_name', sql`char_length(${t.exerciseName}) BETWEEN 1 AND 100`),
    check(
      'video_analyses_requested',
      sql`(${t.reviewStatus} = 'none') = (${t.reviewRequestedAt} IS NULL)`,
    ),
    check('video_analyses_set_number', sql`${t.setNumber} IS NULL OR ${t.setNumber} >= 1`),
  ],
);

/** A note pinned to a moment of the video, by the reviewing coach or the member. */
export const videoAnalysisComments = pgTable(
  'video_analysis_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    analysisId: integer('analysis_id')
      .notNull()
      .references(() => videoAnalyses.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    atS: real('at_s').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('video_analysis_comments_analysis_idx').on(t.analysisId, t.atS, t.id),
    check('video_analysis_comments_at', sql`${t.atS} >= 0`),
    check('video_analysis_comments_body', sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
  ],
);
