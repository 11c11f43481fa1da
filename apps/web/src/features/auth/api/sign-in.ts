import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, SignInInput } from '@fitcoach/shared/profile';
import { api, setCsrfToken } from '../../../lib/api-client';
import { authKeys } from './keys';

export async function signIn(input: SignInInput): Promise<MeResponse> {
  const me = await api.post<MeResponse>('/api/auth/sign_in', input);
  setCsrfToken(me.csrf_token);
  return me;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (me) => {
      // Whatever was cached belonged to the previous visitor.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.all[0] });
      queryClient.setQueryData(authKeys.me(), me);
    },
  });
}
