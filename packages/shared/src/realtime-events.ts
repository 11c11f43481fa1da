import { z } from 'zod';
import { leaderboardSchema } from './challenges';
import { chatMessageSchema, chatUnreadSchema } from './chat';
import { notificationSchema } from './notifications';
import { teamGameSchema, teamStatRowSchema } from './team-stats';

/**
 * Realtime over `/cable` (the Action Cable protocol). Channels and what each one pushes: the
 * server validates every broadcast against these schemas, and the web turns each event into a
 * TanStack Query cache update.
 */

/** Channel names as the client subscribes to them (`{ channel: 'NotificationsChannel' }`). */
export const channelNames = [
  'NotificationsChannel',
  'ChatChannel',
  'TrainerChannel',
  'ChallengeChannel',
  'TeamChannel',
] as const;
export type ChannelName = (typeof channelNames)[number];

/** NotificationsChannel: the member's own stream plus announcements to everyone. */
export const notificationsEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification.created'), notification: notificationSchema }),
  /** Another tab or device marked notifications seen. */
  z.object({ type: z.literal('notifications.read'), up_to_id: z.number().int() }),
  /**
   * How the member stands to someone changed (a request sent, accepted, declined or cancelled,
   * a friendship ended, a block): open friends lists and searches refetch. It says nothing
   * more; what changed is read with the member's own rights.
   */
  z.object({ type: z.literal('relationships.changed') }),
  /** The member recorded, edited or deleted a game in another tab or device: refetch them. */
  z.object({ type: z.literal('game_stats.changed') }),
  /**
   * An exercise video analysis the member owns or reviews changed (a comment written or
   * deleted, a review asked for or taken, its video attached or removed): open pages refetch it.
   */
  z.object({ type: z.literal('video_analysis.changed'), id: z.number().int() }),
  /** A team the member is (or was just) on changed: its roster, workouts or details. */
  z.object({ type: z.literal('teams.changed'), team_id: z.number().int() }),
  /** Admins only: a report was filed or resolved; an open moderation queue refetches. */
  z.object({ type: z.literal('reports.changed') }),
]);
export type NotificationsEvent = z.infer<typeof notificationsEventSchema>;

/**
 * ChatChannel: `{ channel: 'ChatChannel', friend_id }` follows one conversation (message,
 * typing, read); `{ channel: 'ChatChannel' }` alone follows the member's own unread counts.
 */
export const chatEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: chatMessageSchema }),
  /** One side is typing (relayed, never stored); the page ignores its own. */
  z.object({ type: z.literal('typing'), user_id: z.number().int() }),
  /** `reader_id` read the other's messages up to `up_to_id` (the read receipt). */
  z.object({ type: z.literal('read'), reader_id: z.number().int(), up_to_id: z.number().int() }),
  /** A moderator removed a message of the conversation: it reads as removed from now on. */
  z.object({ type: z.literal('removed'), message_id: z.number().int() }),
  /** The member's unread counts changed (their own stream only). */
  z.object({ type: z.literal('unread'), unread: chatUnreadSchema }),
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;

/** Why an AI reply failed (the server's `AiFailure` kinds); the bubble says so in words. */
export const aiFailureKinds = [
  'timeout',
  'rate_limited',
  'server',
  'network',
  'refused',
  'invalid_output',
  'aborted',
] as const;
export type AiFailureKind = (typeof aiFailureKinds)[number];

/**
 * TrainerChannel: `{ channel: 'TrainerChannel' }` follows the member's own trainer replies as
 * they are written, whichever thread they go to (a new thread's first reply too: its id does not
 * exist until the reply is under way). The stream is the subscriber's own, never named by the
 * client. `reply_id` tells one reply from the next; `client_request_id` is the one the page sent
 * with `POST /api/trainer/chat` (null when it sent none), so a tab shows only its own reply.
 */
const trainerEventBase = {
  reply_id: z.string().max(64),
  thread_id: z.number().int(),
  client_request_id: z.string().max(64).nullable(),
};
export const trainerEventSchema = z.discriminatedUnion('type', [
  /** The next piece of the reply's text. */
  z.object({ type: z.literal('token'), ...trainerEventBase, delta: z.string() }),
  /** The reply is complete: its whole text, and its stored message's id once saved. */
  z.object({
    type: z.literal('done'),
    ...trainerEventBase,
    text: z.string(),
    message_id: z.number().int().nullable(),
  }),
  /** The reply failed ('Sorry, something went wrong.' in the bubble). */
  z.object({ type: z.literal('error'), ...trainerEventBase, code: z.enum(aiFailureKinds) }),
]);
export type TrainerEvent = z.infer<typeof trainerEventSchema>;

/**
 * ChallengeChannel: `{ channel: 'ChallengeChannel', challenge_id }` follows one challenge the
 * member can see. After every change to it (a join, a submission, a review, prizes given) its
 * leaderboard comes as everyone sees it, and the page also refreshes the details it shows.
 */
export const challengeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('leaderboard'), leaderboard: leaderboardSchema }),
]);
export type ChallengeEvent = z.infer<typeof challengeEventSchema>;

/**
 * TeamChannel: `{ channel: 'TeamChannel', team_id }` follows one team the member is on: its
 * games as they are scored. `stat_row` is one player's row after a scorer's change; `game` is a
 * game's header, status and rows after it started, was edited or finalised; `game_deleted` an
 * open game discarded. Rows and games carry versions: one older than the page holds is ignored.
 */
export const teamEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('stat_row'),
    game_id: z.number().int(),
    /** Who changed it: their own page already shows the change. */
    by: z.number().int(),
    row: teamStatRowSchema,
  }),
  z.object({ type: z.literal('game'), by: z.number().int(), game: teamGameSchema }),
  z.object({ type: z.literal('game_deleted'), by: z.number().int(), game_id: z.number().int() }),
]);
export type TeamEvent = z.infer<typeof teamEventSchema>;

/** Every channel's event type, by channel name. */
export interface ChannelEvents {
  NotificationsChannel: NotificationsEvent;
  ChatChannel: ChatEvent;
  TrainerChannel: TrainerEvent;
  ChallengeChannel: ChallengeEvent;
  TeamChannel: TeamEvent;
}

export const channelEventSchemas = {
  NotificationsChannel: notificationsEventSchema,
  ChatChannel: chatEventSchema,
  TrainerChannel: trainerEventSchema,
  ChallengeChannel: challengeEventSchema,
  TeamChannel: teamEventSchema,
} satisfies { [K in ChannelName]: z.ZodType<ChannelEvents[K]> };

/**
 * Sent to every subscription on a connection when messages may have been missed (the server
 * lost its link to the other nodes for a while): the page refetches what it shows.
 */
export const cableResyncSchema = z.object({ type: z.literal('resync') });
export const cableResync: z.infer<typeof cableResyncSchema> = { type: 'resync' };

/** Action Cable's own protocol messages (server → client). */
export const cableProtocol = {
  subprotocol: 'actioncable-v1-json',
  /** Seconds between pings; the client reopens a connection silent for twice this (6 s). */
  pingIntervalSeconds: 3,
  disconnectReasons: ['unauthorized', 'invalid_request', 'server_restart', 'remote'] as const,
} as const;
export type DisconnectReason = (typeof cableProtocol.disconnectReasons)[number];
