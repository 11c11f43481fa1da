import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyCoaching } from '@fitcoach/shared/coaching';
import { api } from '../../../lib/api-client';
import { coachingKeys } from './keys';

export const myCoachingQueryOptions = queryOptions({
  queryKey: coachingKeys.mine(),
  queryFn: ({ signal }) => api.get<MyCoaching>('/api/coach/mine', signal),
});

/** Who coaches the member, and invitations waiting for their answer. */
export function useMyCoaching() {
  return useQuery(myCoachingQueryOptions);
}

/** Accept or decline an invitation: the member's coaching comes back. */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: 'accept' | 'decline' }) =>
      api.post<MyCoaching>(`/api/coach/invitations/${id}/${answer}`),
    onSuccess: (mine) => {
      queryClient.setQueryData(coachingKeys.mine(), mine);
      void queryClient.invalidateQueries({ queryKey: coachingKeys.all });
    },
  });
}
