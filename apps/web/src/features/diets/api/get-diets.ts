import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DietList } from '@fitcoach/shared/diets';
import { api } from '../../../lib/api-client';
import { dietKeys } from './keys';

export const dietsQueryOptions = queryOptions({
  queryKey: dietKeys.list(),
  queryFn: ({ signal }) => api.get<DietList>('/api/diet', signal),
});

/** Your diets and the ones friends shared with you. */
export function useDiets() {
  return useQuery(dietsQueryOptions);
}
