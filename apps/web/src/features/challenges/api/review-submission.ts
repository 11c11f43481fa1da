import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewSubmissionInput, Submission } from '@fitcoach/shared/challenges';
import { api } from '../../../lib/api-client';
import { challengeKeys } from './keys';

export function reviewSubmission(id: number, input: ReviewSubmissionInput) {
  return api.post<Submission>(`/api/challenge/submissions/${id}/review`, input);
}

/** Approves or rejects a proof; the queue, the board and the details of its challenge refresh. */
export function useReviewSubmission(challengeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { id: number; input: ReviewSubmissionInput }) =>
      reviewSubmission(vars.id, vars.input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: challengeKeys.detail(challengeId) }),
  });
}
