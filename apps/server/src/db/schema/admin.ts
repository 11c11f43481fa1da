import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditAction } from '@fitcoach/shared/admin';

/**
 * Every admin action and every role change: who, when, what, before and after. Append-only:
 * no code path updates or deletes a row, and a trigger (migration 0022) refuses UPDATE, DELETE
 * and TRUNCATE. No foreign keys: a row outlives the accounts it names (a deleted member's
 * deletion stays on record), so names are copied in as they were.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id'),
    targetLabel: text('target_label'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_target_idx').on(t.targetId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;
