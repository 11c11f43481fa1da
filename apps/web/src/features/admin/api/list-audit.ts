import type { AuditPage } from '@fitcoach/shared/admin';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys, type AuditFilter } from './keys';

const PAGE_SIZE = 25;

export function listAudit(filter: AuditFilter, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (filter.actor_id !== undefined) params.set('actor_id', String(filter.actor_id));
  if (filter.target_id !== undefined) params.set('target_id', String(filter.target_id));
  if (filter.action !== undefined) params.set('action', filter.action);
  if (cursor) params.set('cursor', cursor);
  return api.get<AuditPage>(`/api/admin/audit?${params.toString()}`, signal);
}

export const auditQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: adminKeys.auditList(filter),
    queryFn: ({ pageParam, signal }) => listAudit(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });

export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery(auditQueryOptions(filter));
}
