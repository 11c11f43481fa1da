import type { AdminUserDetail } from '@fitcoach/shared/admin';
import type { Role } from '@fitcoach/shared/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** What an admin does to a member; each answers the member as they now are. */
export type UserAction =
  { kind: 'role'; role: Role } | { kind: 'suspend' } | { kind: 'reactivate' };

export function updateUser(id: number, action: UserAction) {
  switch (action.kind) {
    case 'role':
      return api.put<AdminUserDetail>(`/api/admin/users/${id}/role`, { role: action.role });
    case 'suspend':
      return api.post<AdminUserDetail>(`/api/admin/users/${id}/suspend`);
    case 'reactivate':
      return api.post<AdminUserDetail>(`/api/admin/users/${id}/reactivate`);
  }
}

export function useUpdateUser(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) => updateUser(id, action),
    onSuccess: async (user) => {
      client.setQueryData(adminKeys.user(id), user);
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.users() }),
        client.invalidateQueries({ queryKey: adminKeys.audit() }),
      ]);
    },
  });
}

export function deleteUser(id: number, confirmEmail: string) {
  return apiRequest<void>(`/api/admin/users/${id}`, {
    method: 'DELETE',
    body: { confirm_email: confirmEmail },
  });
}

export function useDeleteUser(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (confirmEmail: string) => deleteUser(id, confirmEmail),
    onSuccess: async () => {
      client.removeQueries({ queryKey: adminKeys.user(id) });
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.users() }),
        client.invalidateQueries({ queryKey: adminKeys.audit() }),
      ]);
    },
  });
}
