import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoachClientDetail, CoachClientList } from '@fitcoach/shared/coaching';
import { api } from '../../../lib/api-client';
import { localDate } from '../../../lib/local-date';
import { coachingKeys } from './keys';

export const coachClientsQueryOptions = (date = localDate()) =>
  queryOptions({
    queryKey: coachingKeys.clients(date),
    queryFn: ({ signal }) =>
      api.get<CoachClientList>(`/api/coach/clients?date=${encodeURIComponent(date)}`, signal),
  });

/** The coach's clients, open invitations and past clients. */
export function useCoachClients() {
  return useQuery(coachClientsQueryOptions());
}

export const coachClientQueryOptions = (id: number, date = localDate()) =>
  queryOptions({
    queryKey: coachingKeys.client(id, date),
    queryFn: ({ signal }) =>
      api.get<CoachClientDetail>(
        `/api/coach/clients/${id}?date=${encodeURIComponent(date)}`,
        signal,
      ),
  });

/** One active client: program, weekly adherence, recent logs with comments. */
export function useCoachClient(id: number) {
  return useQuery(coachClientQueryOptions(id));
}
