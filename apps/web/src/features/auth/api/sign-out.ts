import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@fitcoach/shared/profile';
import { showMemberLocale } from '../../../i18n/i18n';
import { api, setCsrfToken } from '../../../lib/api-client';
import { authKeys } from './keys';

export async function signOut(): Promise<MeResponse> {
  const me = await api.delete<MeResponse>('/api/auth/sign_out');
  setCsrfToken(me.csrf_token);
  return me;
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: (me) => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.me(), me);
      // The sign-in page in this device's language, not the departed member's.
      void showMemberLocale(null);
    },
  });
}
