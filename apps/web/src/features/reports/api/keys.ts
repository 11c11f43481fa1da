import type { ReportKind, ReportStatus } from '@fitcoach/shared/reports';

export interface ReportFilter {
  status: ReportStatus;
  kind?: ReportKind | undefined;
}

/** The one query-key factory of the admins' moderation queue. */
export const reportKeys = {
  all: ['reports'] as const,
  lists: () => [...reportKeys.all, 'list'] as const,
  list: (filter: ReportFilter) => [...reportKeys.lists(), filter] as const,
};

/** Acting on a report: app/ refreshes the admin area's audit log and members after it. */
export const reportMutationKeys = {
  resolve: () => [...reportKeys.all, 'resolve'] as const,
};
