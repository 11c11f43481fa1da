import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrainerMemory, TrainerMemoryUpdate } from '@fitcoach/shared/trainer';
import { api, apiRequest } from '../../../lib/api-client';
import { trainerKeys } from './keys';

export const memoryQueryOptions = queryOptions({
  queryKey: trainerKeys.memory(),
  queryFn: ({ signal }) => api.get<{ items: TrainerMemory[] }>('/api/trainer/memory', signal),
});

/** What the trainer remembers about you. */
export function useMemory() {
  return useQuery(memoryQueryOptions);
}

export function useUpdateMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TrainerMemoryUpdate & { id: number }) =>
      apiRequest<TrainerMemory>(`/api/trainer/memory/${id}`, { method: 'PATCH', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trainerKeys.memory() }),
  });
}

export function useDeleteMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ ok: true }>(`/api/trainer/memory/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trainerKeys.memory() }),
  });
}
