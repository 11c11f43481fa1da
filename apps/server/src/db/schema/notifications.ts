import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '@fitcoach/shared/notifications';
import { users } from './accounts';

/**
 * What a member is told about: a friend shared a workout, an announcement for everyone
 * (user_id null), and later chat, challenge and team news. Pushed live on the member's
 * NotificationsChannel stream and listed by GET /api/notifications.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The member told; null for an announcement to everyone. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** In-app path to open (e.g. /workouts/12), or null. */
    link: text('link'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_id_idx').on(t.userId, t.id)],
);

/** When each member last opened their notifications: newer ones count as unread. */
export const notificationReads = pgTable('notification_reads', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seenId: integer('seen_id').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
