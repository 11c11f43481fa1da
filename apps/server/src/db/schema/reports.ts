import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  ReportKind,
  ReportReason,
  ReportResolution,
  ReportStatus,
} from '@fitcoach/shared/reports';
import { users } from './accounts';

/**
 * A member's report of a message, a challenge proof or a profile, for the admins' moderation
 * queue. `target_id` names a row of another table by kind (no foreign key: a report outlives
 * what it names, and the queue says when that is gone). The author is copied in when filed, so
 * the queue knows whom to suspend without reading the target. A reporter has at most one open
 * report per target; once resolved they may report it again.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null once the reporter's account is deleted: the report still stands. */
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<ReportKind>().notNull(),
    targetId: integer('target_id').notNull(),
    /** Whose content it is; null once their account (and with it the content) is deleted. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details').notNull().default(''),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    resolution: text('resolution').$type<ReportResolution>(),
    resolutionNote: text('resolution_note'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open report per reporter and target: a second one is refused (409), not stacked.
    uniqueIndex('reports_open_per_reporter_idx')
      .on(t.reporterId, t.kind, t.targetId)
      .where(sql`${t.status} = 'open'`),
    // The queue: open reports oldest first, resolved ones newest first, by kind or all.
    index('reports_status_idx').on(t.status, t.id),
    index('reports_target_idx').on(t.kind, t.targetId),
    check('reports_kind', sql`${t.kind} IN ('message', 'proof', 'profile')`),
    check('reports_status', sql`${t.status} IN ('open', 'resolved')`),
    check('reports_resolution', sql`(${t.status} = 'open') = (${t.resolution} IS NULL)`),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
export type NewReportRow = typeof reports.$inferInsert;
