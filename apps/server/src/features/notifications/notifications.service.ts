import type {
  AppNotification,
  NotificationKind,
  NotificationPage,
} from '@fitcoach/shared/notifications';
import type { ChannelEvents } from '@fitcoach/shared/realtime-events';
import { DEFAULT_LOCALE, type Locale } from '@fitcoach/shared/locales';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { translate } from '../../i18n/i18n';
import type { ChangeListener, PendingChanges } from '../../lib/changes';
import { decodeCursor, toPage } from '../../lib/cursor';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import { recordAudit } from '../admin/admin.service';
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

/**
 * The title of each kind FitCoach words itself, a catalogue key taking the actor's `name`.
 * Announcements are content an admin wrote, shown as written.
 */
const kindTitles = {
  workout_shared: 'notifications:workoutShared',
  friend_request: 'notifications:friendRequest',
  friend_accepted: 'notifications:friendAccepted',
  chat_message: 'notifications:chatMessage',
  feed_kudos: 'notifications:feedKudos',
  feed_comment: 'notifications:feedComment',
  diet_shared: 'notifications:dietShared',
  program_shared: 'notifications:programShared',
  trainer_thread_shared: 'notifications:trainerThreadShared',
  challenge_proof_approved: 'notifications:challengeProofApproved',
  challenge_proof_rejected: 'notifications:challengeProofRejected',
  challenge_won: 'notifications:challengeWon',
  coach_invitation: 'notifications:coachInvitation',
  coach_accepted: 'notifications:coachAccepted',
  coach_program_assigned: 'notifications:coachProgramAssigned',
  log_comment: 'notifications:logComment',
  team_added: 'notifications:teamAdded',
  report_actioned: 'notifications:reportActioned',
  report_dismissed: 'notifications:reportDismissed',
  video_review_requested: 'notifications:videoReviewRequested',
  video_review_comment: 'notifications:videoReviewComment',
} as const satisfies Partial<Record<NotificationKind, string>>;

type WordedKind = keyof typeof kindTitles;

function isWorded(kind: NotificationKind): kind is WordedKind {
  return kind in kindTitles;
}

/**
 * A notification in the reader's language. What FitCoach writes (a workout shared with you, a
 * friend request) is worded from its kind and actor when read; what an admin wrote (an
 * announcement) is content, shown as written. Rows keep an English title, so older ones read
 * the same way.
 */
export function wordNotification(notification: AppNotification, locale: Locale): AppNotification {
  if (!isWorded(notification.kind)) return notification;
  const name = notification.actor?.name ?? translate(locale, 'notifications:aFriend');
  return { ...notification, title: translate(locale, kindTitles[notification.kind], { name }) };
}

/** The English title a new notification of a worded kind is stored with. */
export function storedTitle(kind: WordedKind, actorName: string | undefined): string {
  const name = actorName ?? translate(DEFAULT_LOCALE, 'notifications:aFriend');
  return translate(DEFAULT_LOCALE, kindTitles[kind], { name });
}

/** The English wording a new notification is stored with. */
export function sharedWorkoutTitle(sharerName: string | undefined): string {
  return storedTitle('workout_shared', sharerName);
}

/** The English wording a new diet-share notification is stored with. */
export function sharedDietTitle(sharerName: string | undefined): string {
  return storedTitle('diet_shared', sharerName);
}

/** The English wording a new program-share notification is stored with. */
export function sharedProgramTitle(sharerName: string | undefined): string {
  return storedTitle('program_shared', sharerName);
}

/** The English wording a new trainer-conversation-share notification is stored with. */
export function sharedTrainerThreadTitle(sharerName: string | undefined): string {
  return storedTitle('trainer_thread_shared', sharerName);
}

export function toNotification(
  row: repo.NotificationRow,
  locale: Locale = DEFAULT_LOCALE,
): AppNotification {
  return wordNotification(storedNotification(row), locale);
}

function storedNotification(row: repo.NotificationRow): AppNotification {
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

/**
 * Stores a notification inside the caller's transaction and announces it: the member is told
 * live once the transaction commits (a member who is offline sees it in the list next time).
 */
export async function notify(
  tx: Executor,
  changes: PendingChanges,
  input: NotificationInput,
): Promise<AppNotification> {
  const id = await repo.insertNotification(tx, {
    userId: input.userId,
    kind: input.kind,
    title: input.title,
    body: input.body ?? '',
    link: input.link ?? null,
    actorId: input.actorId ?? null,
  });
  const notification = toNotification((await repo.findNotification(tx, id))!);
  changes.emit({ kind: 'notification', userId: input.userId, notification });
  return notification;
}

/** The change listener that pushes notifications and read marks to the member's open pages. */
export function broadcastNotifications(cable: Broadcaster): ChangeListener {
  return async (change) => {
    if (change.kind === 'notification') {
      const { userId, notification } = change;
      const stream =
        userId === null ? notificationStreams.everyone : notificationStreams.user(userId);
      await cable.broadcastEvent('NotificationsChannel', stream, {
        type: 'notification.created',
        notification,
      });
    }
    if (change.kind === 'relationship') {
      // Both sides' open pages: a request cancelled or declined leaves the other's list at once.
      await Promise.all(
        change.userIds.map((userId) =>
          cable.broadcastEvent('NotificationsChannel', notificationStreams.user(userId), {
            type: 'relationships.changed',
          }),
        ),
      );
    }
    if (change.kind === 'notifications-read') {
      // The member's other tabs and devices clear their badges too.
      await cable.broadcastEvent('NotificationsChannel', notificationStreams.user(change.userId), {
        type: 'notifications.read',
        up_to_id: change.upToId,
      });
    }
  };
}

const cursorSchema = z.object({ id: z.number().int().positive().max(2_147_483_647) });

export async function listNotifications(
  ctx: ServiceContext,
  viewer: Viewer,
  query: { cursor?: string; limit: number },
): Promise<NotificationPage> {
  const { db } = ctx;
  const after = decodeCursor(query.cursor, cursorSchema);
  const rows = await repo.listNotifications(db, viewer.id, after?.id ?? null, query.limit);
  const page = toPage(
    rows,
    query.limit,
    (row) => toNotification(row, viewer.locale),
    (row) => ({ id: row.id }),
  );
  return { ...page, unread_count: await repo.countUnread(db, viewer.id) };
}

/** Marks notifications seen up to an id (capped at the newest the member can see). */
export async function markRead(
  ctx: ServiceContext,
  viewer: Viewer,
  upToId: number,
): Promise<{ unread_count: number }> {
  return ctx.transaction(async (tx, changes) => {
    const upTo = Math.min(upToId, await repo.latestVisibleId(tx, viewer.id));
    if (upTo > 0) await repo.markSeen(tx, viewer.id, upTo);
    changes.emit({ kind: 'notifications-read', userId: viewer.id, upToId: upTo });
    return { unread_count: await repo.countUnread(tx, viewer.id) };
  });
}

/** An admin tells every member something; stored once, pushed to everyone connected. */
export async function announce(
  ctx: ServiceContext,
  admin: Viewer,
  input: { title: string; body: string },
): Promise<AppNotification> {
  return ctx.transaction(async (tx, changes) => {
    const sent = await notify(tx, changes, {
      userId: null,
      kind: 'announcement',
      title: input.title,
      body: input.body,
      actorId: admin.id,
    });
    await recordAudit(tx, admin.id, {
      action: 'announcement.sent',
      targetType: 'announcement',
      targetId: sent.id,
      targetLabel: input.title,
      before: null,
      after: { title: input.title, body: input.body },
    });
    return sent;
  });
}
