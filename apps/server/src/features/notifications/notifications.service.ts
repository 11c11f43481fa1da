import type {
  AppNotification,
  NotificationKind,
  NotificationPage,
} from '@fitcoach/shared/notifications';
import type { ChannelEvents } from '@fitcoach/shared/realtime-events';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { decodeCursor, toPage } from '../../lib/cursor';
import type { Viewer } from '../../lib/viewer';
import * as repo from './notifications.repository';

/** What services need of the realtime server to push an event (app.cable). */
export interface Broadcaster {
  broadcastEvent<K extends keyof ChannelEvents>(
    channel: K,
    stream: string,
    event: ChannelEvents[K],
  ): Promise<void>;
}

/** The streams NotificationsChannel follows. */
export const notificationStreams = {
  user: (userId: number) => `notifications:user:${userId}`,
  everyone: 'notifications:everyone',
} as const;

export function toNotification(row: repo.NotificationRow): AppNotification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    actor:
      row.actorId !== null && row.actorName !== null
        ? { id: row.actorId, name: row.actorName }
        : null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface NotificationInput {
  /** The member told, or null for everyone. */
  userId: number | null;
  kind: NotificationKind;
  title: string;
  body?: string;
  link?: string | null;
  actorId?: number | null;
}

/** Stores a notification (inside the caller's transaction, if any) and answers it. */
export async function createNotification(
  db: Executor,
  input: NotificationInput,
): Promise<AppNotification> {
  const id = await repo.insertNotification(db, {
    userId: input.userId,
    kind: input.kind,
    title: input.title,
    body: input.body ?? '',
    link: input.link ?? null,
    actorId: input.actorId ?? null,
  });
  const row = await repo.findNotification(db, id);
  return toNotification(row!);
}

/**
 * Pushes a stored notification to whoever it is for. Called after the transaction that wrote
 * it committed; a member who is offline sees it in the list next time.
 */
export async function pushNotification(
  cable: Broadcaster,
  userId: number | null,
  notification: AppNotification,
): Promise<void> {
  const stream = userId === null ? notificationStreams.everyone : notificationStreams.user(userId);
  await cable.broadcastEvent('NotificationsChannel', stream, {
    type: 'notification.created',
    notification,
  });
}

const cursorSchema = z.object({ id: z.number().int().positive().max(2_147_483_647) });

export async function listNotifications(
  db: Executor,
  viewer: Viewer,
  query: { cursor?: string; limit: number },
): Promise<NotificationPage> {
  const after = decodeCursor(query.cursor, cursorSchema);
  const rows = await repo.listNotifications(db, viewer.id, after?.id ?? null, query.limit);
  const page = toPage(rows, query.limit, toNotification, (row) => ({ id: row.id }));
  return { ...page, unread_count: await repo.countUnread(db, viewer.id) };
}

/** Marks notifications seen up to an id (capped at the newest the member can see). */
export async function markRead(
  db: Executor,
  cable: Broadcaster,
  viewer: Viewer,
  upToId: number,
): Promise<{ unread_count: number }> {
  const latest = await repo.latestVisibleId(db, viewer.id);
  const upTo = Math.min(upToId, latest);
  if (upTo > 0) await repo.markSeen(db, viewer.id, upTo);
  const unread = await repo.countUnread(db, viewer.id);
  // The member's other tabs and devices clear their badges too.
  await cable.broadcastEvent('NotificationsChannel', notificationStreams.user(viewer.id), {
    type: 'notifications.read',
    up_to_id: upTo,
  });
  return { unread_count: unread };
}

/** An admin tells every member something; stored once, pushed to everyone connected. */
export async function announce(
  db: Executor,
  cable: Broadcaster,
  viewer: Viewer,
  input: { title: string; body: string },
): Promise<AppNotification> {
  const notification = await createNotification(db, {
    userId: null,
    kind: 'announcement',
    title: input.title,
    body: input.body,
    actorId: viewer.id,
  });
  await pushNotification(cable, null, notification);
  return notification;
}
