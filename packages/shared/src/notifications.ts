import { z } from 'zod';
import { vm } from './validation-messages';
import { pageSchema } from './pagination';

export const notificationKinds = [
  'workout_shared',
  'announcement',
  'friend_request',
  'friend_accepted',
  'chat_message',
  'feed_kudos',
  'feed_comment',
  'diet_shared',
  'program_shared',
  'trainer_thread_shared',
  'challenge_proof_approved',
  'challenge_proof_rejected',
  'challenge_won',
  'coach_invitation',
  'coach_accepted',
  'coach_program_assigned',
  'log_comment',
  'team_added',
  'report_actioned',
  'report_dismissed',
  'video_review_requested',
  'video_review_comment',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  /** In-app path to open, or null. */
  link: z.string().nullable(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = pageSchema(notificationSchema).extend({
  /** Notifications newer than the last one the member marked seen. */
  unread_count: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** `POST /api/notifications/read`: everything up to this id counts as seen. */
export const markNotificationsReadSchema = z.object({ up_to_id: z.number().int().positive() });

/** `POST /api/notifications/announcements` (admins): tell every member something. */
export const announcementInputSchema = z.object({
  title: z.string().trim().min(1, vm('announcementTitle')).max(120),
  body: z.string().trim().max(1000).default(''),
});
