import { queryOptions } from '@tanstack/react-query';
import type { ChallengeDetail } from '@fitcoach/shared/challenges';
import { api } from '../../../lib/api-client';
import { challengeKeys } from './keys';

/** A challenge's details: its requirements and your submissions. */
export const challengeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: challengeKeys.detail(id),
    queryFn: ({ signal }) => api.get<ChallengeDetail>(`/api/challenge/${id}`, signal),
  });
