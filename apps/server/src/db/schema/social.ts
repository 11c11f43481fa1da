import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { workoutLogs } from './workout-logs';

/**
 * One row per direction: user → friend. A row alone, `pending`, is a request from user to
 * friend; two members are friends when both rows exist with status `accepted`.
 */
export const friendships = pgTable(
  'friendships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'accepted'>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('friendships_pair_idx').on(t.userId, t.friendId),
    index('friendships_friend_idx').on(t.friendId),
  ],
);

/**
 * A member blocked another: each is hidden from the other's search, and requests, messages and
 * shares stop both ways. One row per blocker; either row blocks the pair.
 */
export const memberBlocks = pgTable(
  'member_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('member_blocks_blocked_idx').on(t.blockedId),
  ],
);

/**
 * An invitation by email: the link carries a token whose SHA-256 is stored (a database leak
 * hands out no live links). Single use: `used_at` is set when someone signs up through it.
 */
export const friendInvitations = pgTable(
  'friend_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('friend_invitations_token_idx').on(t.tokenHash),
    index('friend_invitations_inviter_idx').on(t.inviterId, t.createdAt),
  ],
);

/**
 * A message between two friends. The conversation is the unordered pair, indexed by
 * (least, greatest, id) so that paging back through one conversation is one index range.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Plain text, up to 4,000 characters; never rendered as HTML. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the recipient read it (the read receipt); null while unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When a moderator removed it (a report upheld): its text is no longer served. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_messages_pair_idx').on(
      sql`least(${t.senderId}, ${t.recipientId})`,
      sql`greatest(${t.senderId}, ${t.recipientId})`,
      t.id,
    ),
    // Unread counts per friend: only the unread rows are indexed.
    index('chat_messages_unread_idx')
      .on(t.recipientId, t.senderId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * Every mail the app sends, kept: with SMTP configured it is the queue a mail waits in until
 * the server takes it (retried on failure); without, it is the outbox admins read in the app.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** What the mail is for, e.g. `friend_invitation`. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    toName: text('to_name').notNull().default(''),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** `kept`: no SMTP configured, read in the app; `pending` → `sent` or `failed` otherwise. */
    status: text('status').$type<'kept' | 'pending' | 'sent' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * When a `pending` mail may next be tried: now when queued; a lease while one node sends
     * it (a node that dies mid-send leaves it to the others after the lease); later after a
     * failure (backoff).
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status, t.id),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A friend's "kudos" on a feed entry (a completed workout): one per member and log. */
export const feedKudos = pgTable(
  'feed_kudos',
  {
    logId: integer('log_id')
      .notNull()
      .references(() => workoutLogs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.logId, t.userId] })],
);

/** A short comment on a feed entry. */
export const feedComments = pgTable(
  'feed_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    logId: integer('log_id')
      .notNull()
      .references(() => workoutLogs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feed_comments_log_idx').on(t.logId, t.id)],
);
