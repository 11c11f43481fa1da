import type { AdminMailPage } from '@fitcoach/shared/invitations';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mailKeys } from './keys';

const PAGE_SIZE = 25;

export function listOutbox(cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<AdminMailPage>(`/api/admin/outbox?${params.toString()}`, signal);
}

export const outboxQueryOptions = infiniteQueryOptions({
  queryKey: mailKeys.outbox(),
  queryFn: ({ pageParam, signal }) => listOutbox(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
});

export function useOutbox() {
  return useInfiniteQuery(outboxQueryOptions);
}
