import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DietDetail, DietVersionList } from '@fitcoach/shared/diets';
import { api } from '../../../lib/api-client';
import { dietKeys } from './keys';

export const dietQueryOptions = (id: number) =>
  queryOptions({
    queryKey: dietKeys.detail(id),
    queryFn: ({ signal }) => api.get<DietDetail>(`/api/diet/${id}`, signal),
  });

export function useDiet(id: number) {
  return useQuery(dietQueryOptions(id));
}

export const dietVersionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: dietKeys.versions(id),
    queryFn: ({ signal }) => api.get<DietVersionList>(`/api/diet/${id}/versions`, signal),
  });

/** Every version of a diet, newest first (the owner restores from it). */
export function useDietVersions(id: number, enabled = true) {
  return useQuery({ ...dietVersionsQueryOptions(id), enabled });
}
