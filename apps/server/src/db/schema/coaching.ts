import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CoachingStatus } from '@fitcoach/shared/coaching';
import { users } from './accounts';
import { workoutLogs } from './workout-logs';

/**
 * A coach and a client (issue 13, item 3). The coach invites, the member accepts (active) or
 * declines; either side ends an active link. Rows are kept as history: a new invitation after a
 * decline or an end is a new row. Only an open invitation or an active link gives anything, and
 * a pair has at most one of those (the partial unique index), so two tabs inviting at once
 * make one invitation.
 */
export const coachClients = pgTable(
  'coach_clients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    coachId: integer('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<CoachingStatus>().notNull().default('invited'),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the member accepted. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** When the member declined, or either side ended it. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Who ended it (coach or client); null otherwise. */
    endedBy: integer('ended_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('coach_clients_open_pair_idx')
      .on(t.coachId, t.clientId)
      .where(sql`${t.status} IN ('invited', 'active')`),
    index('coach_clients_coach_idx').on(t.coachId, t.status),
    index('coach_clients_client_idx').on(t.clientId, t.status),
    check('coach_clients_status', sql`${t.status} IN ('invited', 'active', 'declined', 'ended')`),
    check('coach_clients_not_self', sql`${t.coachId} <> ${t.clientId}`),
  ],
);

/**
 * A comment on a workout log, between its owner and their coach(es). Readable while the link
 * stands: a coach whose link ended no longer reads them (the rows stay for the member).
 */
export const logComments = pgTable(
  'log_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    logId: integer('log_id')
      .notNull()
      .references(() => workoutLogs.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('log_comments_log_idx').on(t.logId, t.id),
    check('log_comments_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
  ],
);
