import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignProgramInput, CoachClient, CoachClientDetail } from '@fitcoach/shared/coaching';
import { api } from '../../../lib/api-client';
import { localDate } from '../../../lib/local-date';
import { coachingKeys } from './keys';

/** `POST /api/coach/clients`: invite a member; the list shows the invitation. */
export function useInviteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      api.post<CoachClient>('/api/coach/clients', { user_id: userId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: coachingKeys.all }),
  });
}

/** `POST /api/coach/clients/:id/assign`: the client's detail comes back with the new program. */
export function useAssignProgram(linkId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssignProgramInput) =>
      api.post<CoachClientDetail>(
        `/api/coach/clients/${linkId}/assign?date=${encodeURIComponent(localDate())}`,
        input,
      ),
    onSuccess: (detail) => {
      queryClient.setQueryData(coachingKeys.client(linkId, localDate()), detail);
      void queryClient.invalidateQueries({ queryKey: coachingKeys.all });
    },
  });
}

/** `DELETE /api/coach/clients/:id`: either side ends coaching (or the coach withdraws). */
export function useEndCoaching() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => api.delete<null>(`/api/coach/clients/${linkId}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: coachingKeys.all }),
  });
}
