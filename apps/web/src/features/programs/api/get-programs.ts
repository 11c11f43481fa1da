import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgramList } from '@fitcoach/shared/programs';
import { api } from '../../../lib/api-client';
import { programKeys } from './keys';

export const programsQueryOptions = queryOptions({
  queryKey: programKeys.list(),
  queryFn: ({ signal }) => api.get<ProgramList>('/api/program', signal),
});

/** The member's programs, then friends' shared and public ones. */
export function usePrograms() {
  return useQuery(programsQueryOptions);
}
