import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeInput } from '@fitcoach/shared/profile';
import { api } from '../../../lib/api-client';

export function changePassword(input: PasswordChangeInput): Promise<{ ok: true }> {
  return api.put<{ ok: true }>('/api/profile/password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
