import { z } from 'zod';
import { contentAuditActions } from './content';
import { cursorQuery, idParam, pageSchema, searchText } from './pagination';
import { roles } from './profile';
import { vm } from './validation-messages';

/** The admin area's tabs, in order; each is also the URL hash that opens it (`/admin#audit`). */
export const adminTabs = [
  'users',
  'content',
  'moderation',
  'announcements',
  'mail',
  'audit',
  'system',
] as const;
export type AdminTab = (typeof adminTabs)[number];

/** A member as the admin list shows them. `status` is derived from `suspended_at`. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  status: z.enum(['active', 'suspended']),
  suspended_at: z.string().nullable(),
  created_at: z.string(),
  last_active_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = pageSchema(adminUserSchema);
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** One member in detail: the list's fields and how much they have stored. */
export const adminUserDetailSchema = adminUserSchema.extend({
  counts: z.object({
    workouts: z.number().int(),
    workout_logs: z.number().int(),
    friends: z.number().int(),
    sessions: z.number().int(),
  }),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminUsersQuerySchema = z.object({
  q: searchText.optional(),
  cursor: cursorQuery.cursor,
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const changeRoleInputSchema = z.object({ role: z.enum(roles) });
export type ChangeRoleInput = z.infer<typeof changeRoleInputSchema>;

/** Deleting an account: the admin types the member's email, as a second look at whom. */
export const deleteUserInputSchema = z.object({
  confirm_email: z.string().trim().min(1, vm('enterEmail')).max(254, vm('atMostCharacters')),
});
export type DeleteUserInput = z.infer<typeof deleteUserInputSchema>;

export const auditActions = [
  'user.role_changed',
  'user.suspended',
  'user.reactivated',
  'user.deleted',
  'user.exported',
  'announcement.sent',
  'report.dismissed',
  'report.content_removed',
  'report.author_suspended',
  ...contentAuditActions,
] as const;
export type AuditAction = (typeof auditActions)[number];

/** One audit row: who did what to whom, when, and the state before and after. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** Null when the change came from the command line (npm run create-admin). */
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  action: z.enum(auditActions),
  target_type: z.string(),
  target_id: z.number().int().nullable(),
  target_label: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = pageSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditQuerySchema = z.object({
  actor_id: idParam.optional(),
  target_id: idParam.optional(),
  action: z.enum(auditActions).optional(),
  cursor: cursorQuery.cursor,
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
