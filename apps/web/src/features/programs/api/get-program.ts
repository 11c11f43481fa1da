import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgramDetail } from '@fitcoach/shared/programs';
import { api } from '../../../lib/api-client';
import { programKeys } from './keys';
import { localDate } from '../../../lib/local-date';

export const programQueryOptions = (id: number, date = localDate()) =>
  queryOptions({
    queryKey: programKeys.detail(id, date),
    queryFn: ({ signal }) =>
      api.get<ProgramDetail>(`/api/program/${id}?date=${encodeURIComponent(date)}`, signal),
  });

/** One program's calendar of weeks × weekdays. */
export function useProgram(id: number) {
  return useQuery(programQueryOptions(id));
}
