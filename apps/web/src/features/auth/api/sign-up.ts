import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, SignUpInput } from '@fitcoach/shared/profile';
import { api, setCsrfToken } from '../../../lib/api-client';
import { authKeys } from './keys';

export async function signUp(input: SignUpInput): Promise<MeResponse> {
  const me = await api.post<MeResponse>('/api/auth/sign_up', input);
  setCsrfToken(me.csrf_token);
  return me;
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (me) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.all[0] });
      queryClient.setQueryData(authKeys.me(), me);
    },
  });
}
