import type { AdminUserPage } from '@fitcoach/shared/admin';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

const PAGE_SIZE = 25;

export function listUsers(q: string, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return api.get<AdminUserPage>(`/api/admin/users?${params.toString()}`, signal);
}

export const usersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.userList(q),
    queryFn: ({ pageParam, signal }) => listUsers(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // While a new search loads, the last results stay (no flash of a spinner per keystroke).
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(q: string) {
  return useInfiniteQuery(usersQueryOptions(q));
}
