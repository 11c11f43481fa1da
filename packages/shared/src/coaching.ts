import { z } from 'zod';
import { idParam } from './pagination';
import { programFollowSchema } from './programs';
import { vm } from './validation-messages';

/**
 * Coaching (issue 13, item 3): a coach invites a member, who accepts or declines; while the link
 * is active the coach sees the client's program, adherence and logs, assigns programs and
 * comments on logs. Either side may end it, which takes the coach's access away at once.
 */

export const coachingStatuses = ['invited', 'active', 'declined', 'ended'] as const;
export type CoachingStatus = (typeof coachingStatuses)[number];

/** A comment on a workout log, between a member and their coach. */
export const LOG_COMMENT_MAX = 2000;
/** The last logs each client shows in the coach's list. */
export const CLIENT_LIST_LOGS = 3;
/** The recent logs a client's detail shows, each with its comments. */
export const CLIENT_DETAIL_LOGS = 10;

export const coachingPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Their photo, or null. */
  avatar_url: z.string().nullable(),
});
export type CoachingPerson = z.infer<typeof coachingPersonSchema>;

/** A completed workout as the coach reads it. */
export const clientLogSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  performed_on: z.string(),
  duration_seconds: z.number().int().nullable(),
  energy_level: z.number().int(),
  sleep_quality: z.number().int(),
  liked_or_disliked: z.enum(['liked', 'disliked']).nullable(),
  note: z.string(),
  comment_count: z.number().int(),
});
export type ClientLog = z.infer<typeof clientLogSchema>;

export const logCommentSchema = z.object({
  id: z.number().int(),
  log_id: z.number().int(),
  body: z.string(),
  author: coachingPersonSchema,
  /** Written by a coach of the log's owner (not the owner). */
  by_coach: z.boolean(),
  /** Written by the reader. */
  mine: z.boolean(),
  created_at: z.string(),
});
export type LogComment = z.infer<typeof logCommentSchema>;

/** `GET /api/workout_log/:id/comments`: oldest first. */
export const logCommentListSchema = z.object({ items: z.array(logCommentSchema) });
export type LogCommentList = z.infer<typeof logCommentListSchema>;

// Control characters other than tab and line breaks: nobody types them into a comment.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** `POST /api/workout_log/:id/comments`. */
export const logCommentInputSchema = z.object({
  body: z
    .string({ error: vm('writeComment') })
    .trim()
    .min(1, vm('writeComment'))
    .max(LOG_COMMENT_MAX, vm('atMostCharacters'))
    .refine((v) => !CONTROL.test(v), vm('noControlCharacters')),
});
export type LogCommentInput = z.input<typeof logCommentInputSchema>;

/** The program a client runs now, with their progress and adherence per week. */
export const clientProgramSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  weeks: z.number().int(),
  /** Assigned by this coach (rather than chosen by the member or assigned by another coach). */
  assigned_by_me: z.boolean(),
  follow: programFollowSchema,
});
export type ClientProgram = z.infer<typeof clientProgramSchema>;

/** One row of the coach's client list (a link in any open or past state). */
export const coachClientSchema = z.object({
  /** The link's id (what accept, decline, end and the detail page use). */
  id: z.number().int(),
  status: z.enum(coachingStatuses),
  member: coachingPersonSchema,
  invited_at: z.string(),
  /** When the member accepted; null until then. */
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Only for an active client (nothing is read of a member who has not accepted). */
  program: clientProgramSchema.nullable(),
  /**
   * How well the client keeps to the current program: workout days done of those due so far
   * (done or missed), in percent; null before any day was due.
   */
  adherence: z.number().int().nullable(),
  last_log_on: z.string().nullable(),
  /** Up to CLIENT_LIST_LOGS, newest first. */
  recent_logs: z.array(clientLogSchema),
});
export type CoachClient = z.infer<typeof coachClientSchema>;

/** `GET /api/coach/clients`: active clients first, then open invitations, then past ones. */
export const coachClientListSchema = z.object({ items: z.array(coachClientSchema) });
export type CoachClientList = z.infer<typeof coachClientListSchema>;

/** `GET /api/coach/clients/:id`: one active client, their logs with their comments. */
export const coachClientDetailSchema = coachClientSchema.extend({
  recent_logs: z.array(clientLogSchema.extend({ comments: z.array(logCommentSchema) })),
});
export type CoachClientDetail = z.infer<typeof coachClientDetailSchema>;

/** `POST /api/coach/clients`: invite a member to be coached. */
export const inviteClientInputSchema = z.object({ user_id: idParam });
export type InviteClientInput = z.infer<typeof inviteClientInputSchema>;

/**
 * `POST /api/coach/clients/:id/assign`: start one of the coach's programs (or a library one) for
 * an active client from `start_date` (the member's today by default).
 */
export const assignProgramInputSchema = z.object({
  program_id: idParam,
  start_date: z.iso.date(vm('dateFormat')).optional(),
});
export type AssignProgramInput = z.infer<typeof assignProgramInputSchema>;

/** A coaching link as the member sees it. */
export const myCoachSchema = z.object({
  id: z.number().int(),
  status: z.enum(coachingStatuses),
  coach: coachingPersonSchema,
  invited_at: z.string(),
  started_at: z.string().nullable(),
});
export type MyCoach = z.infer<typeof myCoachSchema>;

/** `GET /api/coach/mine`: who coaches the member, and invitations waiting for an answer. */
export const myCoachingSchema = z.object({
  coaches: z.array(myCoachSchema),
  invitations: z.array(myCoachSchema),
});
export type MyCoaching = z.infer<typeof myCoachingSchema>;

/** `GET /api/coach/log_comments?log_ids=1,2,3`: comments on the member's own logs. */
export const logCommentsQuerySchema = z.object({
  log_ids: z
    .string()
    .trim()
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, vm('idList'))
    .transform((s) => [...new Set(s.split(',').map(Number))]),
});
