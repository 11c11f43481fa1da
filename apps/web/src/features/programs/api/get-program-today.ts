import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgramToday } from '@fitcoach/shared/programs';
import { api } from '../../../lib/api-client';
import { programKeys } from './keys';
import { localDate } from '../../../lib/local-date';

export const programTodayQueryOptions = (date = localDate()) =>
  queryOptions({
    queryKey: programKeys.today(date),
    queryFn: ({ signal }) =>
      api.get<ProgramToday>(`/api/program/today?date=${encodeURIComponent(date)}`, signal),
  });

/** Today's session of the member's active program (eased by readiness), or null. */
export function useProgramToday() {
  return useQuery(programTodayQueryOptions());
}
