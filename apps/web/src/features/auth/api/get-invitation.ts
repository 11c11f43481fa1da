import type { InvitationInfo } from '@fitcoach/shared/invitations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from './keys';

export function getInvitation(token: string, signal?: AbortSignal) {
  return api.get<InvitationInfo>(`/api/invitations/${encodeURIComponent(token)}`, signal);
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.invitation(token),
    queryFn: ({ signal }) => getInvitation(token, signal),
    staleTime: Infinity,
    retry: false,
  });

/** Whether a sign-up link from a friend still works, and who sent it. */
export function useInvitation(token: string | null) {
  return useQuery({ ...invitationQueryOptions(token ?? ''), enabled: Boolean(token) });
}
