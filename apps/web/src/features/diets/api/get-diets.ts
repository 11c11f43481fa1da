import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DietList } from '@fitcoach/shared/diets';
import { api } from '../../../lib/api-client';
import { dietKeys } from './keys';

/** `GET /api/diet`: your diets and the ones friends shared with you. */
export function getDiets(signal?: AbortSignal): Promise<DietList> {
  return api.get<DietList>('/api/diet', signal);
}

export const dietsQueryOptions = queryOptions({
  queryKey: dietKeys.list(),
  queryFn: ({ signal }) => getDiets(signal),
});

/** Your diets and the ones friends shared with you. */
export function useDiets() {
  return useQuery(dietsQueryOptions);
}
