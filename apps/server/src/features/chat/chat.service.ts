import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ChatMessage, ChatMessagePage, ChatUnread } from '@fitcoach/shared/chat';
import type { Executor } from '../../db/client';
import { text } from '../../i18n/i18n';
import type { ChangeListener, PendingChanges } from '../../lib/changes';
import { decodeCursor, toPage } from '../../lib/cursor';
import { forbidden, HttpError } from '../../lib/http-error';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import { areFriends, isBlockedEitherWay } from '../friends/friends.service';
import type { Broadcaster } from '../notifications/notifications.service';
import { notify, storedTitle } from '../notifications/notifications.service';
import * as repo from './chat.repository';

/** The streams ChatChannel follows. */
export const chatStreams = {
  /** One conversation: the unordered pair, so both sides follow the same stream. */
  conversation: (a: number, b: number) => `chat:${Math.min(a, b)}:${Math.max(a, b)}`,
  /** A member's own unread counts (the navigation badge). */
  member: (userId: number) => `chat:member:${userId}`,
} as const;

export function toChatMessage(row: repo.ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    sender_id: row.senderId,
    recipient_id: row.recipientId,
    // A removed message keeps its place in the conversation, without its text.
    body: row.hiddenAt ? '' : row.body,
    removed: row.hiddenAt !== null,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
  };
}

/** Whether the two may chat: friends both ways, and neither blocked the other. */
export async function mayChat(db: Executor, userId: number, otherId: number): Promise<boolean> {
  if (userId === otherId) return false;
  const [friends, blocked] = await Promise.all([
    areFriends(db, userId, otherId),
    isBlockedEitherWay(db, userId, otherId),
  ]);
  return friends && !blocked;
}

/**
 * Every chat call starts here: yourself → 403, an id nobody has → 404, a member who is not a
 * friend (or is blocked either way) → 403. Inside a write's transaction, so a block that
 * commits first refuses the send.
 */
async function requireConversation(db: Executor, viewerId: number, friendId: number) {
  if (friendId === viewerId) throw forbidden(text('errors:chat.notYourself'));
  const name = await repo.memberName(db, friendId);
  if (name === undefined) throw new HttpError(404, 'not_found', text('errors:chat.noSuchMember'));
  if (!(await mayChat(db, viewerId, friendId))) throw forbidden(text('errors:chat.friendsOnly'));
  return name;
}

const cursorSchema = z.object({ id: z.number().int().positive().max(2_147_483_647) });

export async function listMessages(
  ctx: ServiceContext,
  viewer: Viewer,
  friendId: number,
  query: { before?: string | undefined; limit: number },
): Promise<ChatMessagePage> {
  const before = decodeCursor(query.before, cursorSchema);
  const name = await requireConversation(ctx.db, viewer.id, friendId);
  const rows = await repo.listMessages(
    ctx.db,
    viewer.id,
    friendId,
    before?.id ?? null,
    query.limit,
  );
  return {
    ...toPage(rows, query.limit, toChatMessage, (row) => ({ id: row.id })),
    friend: { id: friendId, name },
  };
}

export async function sendMessage(
  ctx: ServiceContext,
  viewer: Viewer,
  friendId: number,
  body: string,
): Promise<ChatMessage> {
  return ctx.transaction(async (tx, changes) => {
    await requireConversation(tx, viewer.id, friendId);
    const message = toChatMessage(
      await repo.insertMessage(tx, { senderId: viewer.id, recipientId: friendId, body }),
    );
    changes.emit({ kind: 'chat-message', message });
    return message;
  });
}

export async function unreadSummary(db: Executor, userId: number): Promise<ChatUnread> {
  const rows = await repo.unreadByFriend(db, userId);
  return {
    total: rows.reduce((sum, row) => sum + row.count, 0),
    by_friend: rows.map((row) => ({ friend_id: row.friendId, count: row.count })),
  };
}

export async function getUnread(ctx: ServiceContext, viewer: Viewer): Promise<ChatUnread> {
  return unreadSummary(ctx.db, viewer.id);
}

/** The friend's messages to the viewer, up to an id, are read; answers the viewer's unread. */
export async function markRead(
  ctx: ServiceContext,
  viewer: Viewer,
  friendId: number,
  upToId: number,
): Promise<ChatUnread> {
  return ctx.transaction(async (tx, changes) => {
    await requireConversation(tx, viewer.id, friendId);
    const marked = await repo.markRead(tx, viewer.id, friendId, upToId);
    if (marked !== null) {
      changes.emit({ kind: 'chat-read', readerId: viewer.id, friendId, upToId: marked });
    }
    return unreadSummary(tx, viewer.id);
  });
}

/**
 * Delivers what chat writes announce (on the node that made them; the streams reach the other
 * nodes through pub/sub): the message or read receipt to the conversation, and the fresh unread
 * counts to the member whose counts changed.
 */
export function broadcastChat(cable: Broadcaster, db: Executor): ChangeListener {
  const pushUnread = async (userId: number) =>
    cable.broadcastEvent('ChatChannel', chatStreams.member(userId), {
      type: 'unread',
      unread: await unreadSummary(db, userId),
    });
  return async (change) => {
    if (change.kind === 'chat-message') {
      const { message } = change;
      await cable.broadcastEvent(
        'ChatChannel',
        chatStreams.conversation(message.sender_id, message.recipient_id),
        { type: 'message', message },
      );
      await pushUnread(message.recipient_id);
    }
    if (change.kind === 'chat-read') {
      await cable.broadcastEvent(
        'ChatChannel',
        chatStreams.conversation(change.readerId, change.friendId),
        { type: 'read', reader_id: change.readerId, up_to_id: change.upToId },
      );
      // The reader's other tabs and devices clear their badges too.
      await pushUnread(change.readerId);
    }
    if (change.kind === 'chat-message-removed') {
      await cable.broadcastEvent(
        'ChatChannel',
        chatStreams.conversation(change.senderId, change.recipientId),
        { type: 'removed', message_id: change.messageId },
      );
    }
    if (change.kind === 'relationship') {
      // A friend removed or blocked: their messages stop counting; a new friend's may count.
      await Promise.all(change.userIds.map(pushUnread));
    }
  };
}

/**
 * Ends open chats of a pair that may no longer chat (a friend removed, a block set), on every
 * node: the pair's ChatChannel subscriptions here are rejected at once, so no further message,
 * typing or receipt reaches either side. Sends are refused by the HTTP check.
 */
export function endBrokenChats(app: FastifyInstance): ChangeListener {
  return async (change) => {
    if (change.kind !== 'relationship') return;
    const [a, b] = change.userIds;
    if (await mayChat(app.db, a, b)) return;
    app.cable.endSubscriptions(
      'ChatChannel',
      (userId, params) =>
        (userId === a && params.friend_id === b) || (userId === b && params.friend_id === a),
    );
  };
}

/**
 * Tells the recipient of a message with a notification (kind `chat_message`, linking to the
 * chat) when they leave it unread. At most one per conversation until they read it: only the
 * oldest unread message of the conversation notifies, so later ones add nothing until the
 * recipient reads (and the next message becomes the oldest unread).
 */
export async function notifyIfUnread(ctx: ServiceContext, message: ChatMessage): Promise<void> {
  await ctx.transaction(async (tx, changes) => {
    const oldest = await repo.oldestUnreadId(tx, message.recipient_id, message.sender_id);
    if (oldest !== message.id) return;
    if (!(await mayChat(tx, message.recipient_id, message.sender_id))) return;
    const senderName = await repo.memberName(tx, message.sender_id);
    await notify(tx, changes, {
      userId: message.recipient_id,
      kind: 'chat_message',
      title: storedTitle('chat_message', senderName),
      body: preview(message.body),
      link: `/chat/${message.sender_id}`,
      actorId: message.sender_id,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Moderation (reports)

/** A message as a report names it: its row, for the two members in it and no one else. */
export async function findMessage(
  db: Executor,
  id: number,
): Promise<repo.ChatMessageRow | undefined> {
  return repo.findMessage(db, id);
}

/**
 * Removes a message a moderator upheld a report on, inside the moderator's transaction: its
 * text is no longer served (the conversation shows that a message was removed), and open
 * conversations hear it at once. Answers the row as it was, for the audit log.
 */
export async function hideMessage(
  tx: Executor,
  changes: PendingChanges,
  id: number,
): Promise<repo.ChatMessageRow | undefined> {
  const row = await repo.findMessage(tx, id);
  if (!row || row.hiddenAt) return row;
  await repo.hideMessage(tx, id);
  changes.emit({
    kind: 'chat-message-removed',
    messageId: id,
    senderId: row.senderId,
    recipientId: row.recipientId,
  });
  return row;
}

const PREVIEW_LENGTH = 140;

/** The start of a message, on one line, for the notification list. */
function preview(body: string): string {
  const line = body.replace(/\s+/g, ' ');
  const chars = [...line];
  return chars.length <= PREVIEW_LENGTH ? line : `${chars.slice(0, PREVIEW_LENGTH - 1).join('')}…`;
}
