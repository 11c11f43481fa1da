import type { AuditAction } from '@fitcoach/shared/admin';

export interface AuditFilter {
  actor_id?: number | undefined;
  target_id?: number | undefined;
  action?: AuditAction | undefined;
}

/** The one query-key factory of the admin area's members and audit log. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (q: string) => [...adminKeys.users(), 'list', q] as const,
  user: (id: number) => [...adminKeys.users(), 'detail', id] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  auditList: (filter: AuditFilter) => [...adminKeys.audit(), filter] as const,
};
