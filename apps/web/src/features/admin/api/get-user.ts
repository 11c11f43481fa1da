import type { AdminUserDetail } from '@fitcoach/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export function getAdminUser(id: number, signal?: AbortSignal) {
  return api.get<AdminUserDetail>(`/api/admin/users/${id}`, signal);
}

export const adminUserQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => getAdminUser(id, signal),
  });

export function useAdminUser(id: number | null) {
  return useQuery({ ...adminUserQueryOptions(id ?? 0), enabled: id !== null });
}

/** Where a member's JSON export downloads from (a plain link: the browser saves the file). */
export const exportHref = (id: number) => `/api/admin/users/${id}/export`;
