import type { AdminReportPage } from '@fitcoach/shared/reports';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reportKeys, type ReportFilter } from './keys';

const PAGE_SIZE = 20;

export function listReports(filter: ReportFilter, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ status: filter.status, limit: String(PAGE_SIZE) });
  if (filter.kind) params.set('kind', filter.kind);
  if (cursor) params.set('cursor', cursor);
  return api.get<AdminReportPage>(`/api/admin/reports?${params.toString()}`, signal);
}

export const reportsQueryOptions = (filter: ReportFilter) =>
  infiniteQueryOptions({
    queryKey: reportKeys.list(filter),
    queryFn: ({ pageParam, signal }) => listReports(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });

/** The moderation queue: open reports oldest first, or the handled ones newest first. */
export function useReports(filter: ReportFilter) {
  return useInfiniteQuery(reportsQueryOptions(filter));
}
