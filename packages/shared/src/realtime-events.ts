import { z } from 'zod';
import { chatMessageSchema, chatUnreadSchema } from './chat';
import { notificationSchema } from './notifications';

/**
 * Realtime over `/cable` (the Action Cable protocol). Channels and what each one pushes: the
 * server validates every broadcast against these schemas, and the web turns each event into a
 * TanStack Query cache update.
 */

/** Channel names as the client subscribes to them (`{ channel: 'NotificationsChannel' }`). */
export const channelNames = ['NotificationsChannel', 'ChatChannel'] as const;
export type ChannelName = (typeof channelNames)[number];

/** NotificationsChannel: the member's own stream plus announcements to everyone. */
export const notificationsEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification.created'), notification: notificationSchema }),
  /** Another tab or device marked notifications seen. */
  z.object({ type: z.literal('notifications.read'), up_to_id: z.number().int() }),
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
  /** The member's unread counts changed (their own stream only). */
  z.object({ type: z.literal('unread'), unread: chatUnreadSchema }),
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;

/** Every channel's event type, by channel name. */
export interface ChannelEvents {
  NotificationsChannel: NotificationsEvent;
  ChatChannel: ChatEvent;
}

export const channelEventSchemas = {
  NotificationsChannel: notificationsEventSchema,
  ChatChannel: chatEventSchema,
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
