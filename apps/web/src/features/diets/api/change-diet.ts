import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DietChangeResult } from '@fitcoach/shared/diets';
import { api } from '../../../lib/api-client';
import { dietKeys } from './keys';

export function changeDiet(id: number, changeRequest: string) {
  return api.put<DietChangeResult>(`/api/diet/${id}`, { change_request: changeRequest });
}

export function restoreDiet(id: number, version: number) {
  return api.post<DietChangeResult>(`/api/diet/${id}/restore`, { version });
}

/** The new version is the diet now: show it at once, then refresh its history and the list. */
function settle(queryClient: QueryClient, id: number, result: DietChangeResult) {
  queryClient.setQueryData(dietKeys.detail(id), result.diet);
  void queryClient.invalidateQueries({ queryKey: dietKeys.versions(id) });
  void queryClient.invalidateQueries({ queryKey: dietKeys.list() });
}

/** `PUT /api/diet/:id` with a change request in plain words; answers the diff. */
export function useChangeDiet(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeRequest: string) => changeDiet(id, changeRequest),
    onSuccess: (result) => settle(queryClient, id, result),
  });
}

export function useRestoreDiet(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => restoreDiet(id, version),
    onSuccess: (result) => settle(queryClient, id, result),
  });
}
