import { z } from 'zod';
import { dietSummarySchema } from './diets';
import { programSummarySchema } from './programs';
import { trainerThreadSummarySchema } from './trainer';
import { vm } from './validation-messages';
import { cursorQuery, pageSchema } from './pagination';
import { achievementSchema } from './workout-logs';
import { workoutSummarySchema } from './workouts';

/** A member as the feed and "Shared with me" show them. */
export const feedMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The member's photo, or null. */
  avatar_url: z.string().nullable(),
});
export type FeedMember = z.infer<typeof feedMemberSchema>;

export const COMMENT_MAX = 500;
/** The latest comments an entry carries; the rest are paged from its comments. */
export const FEED_LATEST_COMMENTS = 3;

export const feedCommentSchema = z.object({
  id: z.number().int(),
  log_id: z.number().int(),
  body: z.string(),
  author: feedMemberSchema,
  created_at: z.string(),
  /** The author and the log's owner may delete it. */
  can_delete: z.boolean(),
});
export type FeedComment = z.infer<typeof feedCommentSchema>;

/** One completed workout in the activity feed. `id` is the log's id. */
export const feedEntrySchema = z.object({
  id: z.number().int(),
  /** The reader's own workout (shown so a new member's feed is never empty). */
  mine: z.boolean(),
  member: feedMemberSchema,
  workout_id: z.number().int().nullable(),
  title: z.string(),
  performed_on: z.string(),
  duration_seconds: z.number().int().nullable(),
  /** Σ reps × weight in the reader's units (`weight_unit`). */
  total_volume: z.number(),
  total_reps: z.number().int(),
  weight_unit: z.enum(['kg', 'lb']),
  /** Achievements this workout earned, worded in the reader's language and units. */
  achievements: z.array(achievementSchema),
  kudos_count: z.number().int(),
  kudos_given: z.boolean(),
  comment_count: z.number().int(),
  /** Up to FEED_LATEST_COMMENTS, oldest first. */
  comments: z.array(feedCommentSchema),
});
export type FeedEntry = z.infer<typeof feedEntrySchema>;

export const feedPageSchema = pageSchema(feedEntrySchema);
export type FeedPage = z.infer<typeof feedPageSchema>;

export const feedQuerySchema = z.object({
  ...cursorQuery,
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** `POST /api/feed/:id/kudos`: gives (`given: true`) or takes back kudos; toggles when absent. */
export const kudosInputSchema = z.object({ given: z.boolean().optional() }).default({});

export const kudosResultSchema = z.object({
  log_id: z.number().int(),
  given: z.boolean(),
  kudos_count: z.number().int(),
});
export type KudosResult = z.infer<typeof kudosResultSchema>;

// Control characters other than tab and line breaks: no person types them into a comment.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** `POST /api/feed/:id/comments`. */
export const commentInputSchema = z.object({
  body: z
    .string({ error: vm('writeComment') })
    .trim()
    .min(1, vm('writeComment'))
    .max(COMMENT_MAX, vm('atMostCharacters'))
    .refine((v) => !CONTROL.test(v), vm('noControlCharacters')),
});
export type CommentInput = z.input<typeof commentInputSchema>;

export const commentPageSchema = pageSchema(feedCommentSchema);
export type CommentPage = z.infer<typeof commentPageSchema>;

export const commentQuerySchema = z.object({
  ...cursorQuery,
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** One workout a friend shared with the reader ("Shared with me"). `id` is the share's id. */
export const sharedItemSchema = z.object({
  id: z.number().int(),
  shared_at: z.string(),
  from: feedMemberSchema,
  workout: workoutSummarySchema,
});
export type SharedItem = z.infer<typeof sharedItemSchema>;

export const sharedPageSchema = pageSchema(sharedItemSchema);
export type SharedPage = z.infer<typeof sharedPageSchema>;

/** One diet a friend shared with the reader. `id` is the share's id. */
export const sharedDietItemSchema = z.object({
  id: z.number().int(),
  shared_at: z.string(),
  from: feedMemberSchema,
  diet: dietSummarySchema,
});
export type SharedDietItem = z.infer<typeof sharedDietItemSchema>;
export const sharedDietPageSchema = pageSchema(sharedDietItemSchema);
export type SharedDietPage = z.infer<typeof sharedDietPageSchema>;

/** One program a friend shared with the reader. `id` is the share's id. */
export const sharedProgramItemSchema = z.object({
  id: z.number().int(),
  shared_at: z.string(),
  from: feedMemberSchema,
  program: programSummarySchema,
});
export type SharedProgramItem = z.infer<typeof sharedProgramItemSchema>;
export const sharedProgramPageSchema = pageSchema(sharedProgramItemSchema);
export type SharedProgramPage = z.infer<typeof sharedProgramPageSchema>;

/** One trainer conversation a friend shared with the reader. `id` is the share's id. */
export const sharedTrainerThreadItemSchema = z.object({
  id: z.number().int(),
  shared_at: z.string(),
  from: feedMemberSchema,
  thread: trainerThreadSummarySchema,
});
export type SharedTrainerThreadItem = z.infer<typeof sharedTrainerThreadItemSchema>;
export const sharedTrainerThreadPageSchema = pageSchema(sharedTrainerThreadItemSchema);
export type SharedTrainerThreadPage = z.infer<typeof sharedTrainerThreadPageSchema>;

export const sharedQuerySchema = z.object({
  ...cursorQuery,
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
