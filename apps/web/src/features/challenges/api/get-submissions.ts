import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubmissionList } from '@fitcoach/shared/challenges';
import { api } from '../../../lib/api-client';
import { challengeKeys } from './keys';

export const submissionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: challengeKeys.submissions(id),
    queryFn: ({ signal }) =>
      api.get<SubmissionList>(`/api/challenge/${id}/submissions?status=pending`, signal),
  });

/** The review queue: pending proofs, oldest first (reviewers only). */
export function useSubmissions(id: number, enabled: boolean) {
  return useQuery({ ...submissionsQueryOptions(id), enabled });
}
