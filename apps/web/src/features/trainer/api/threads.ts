import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrainerThread, TrainerThreadDetail } from '@fitcoach/shared/trainer';
import { api, apiRequest } from '../../../lib/api-client';
import { trainerKeys } from './keys';

export const threadsQueryOptions = queryOptions({
  queryKey: trainerKeys.threads(),
  queryFn: ({ signal }) => api.get<{ items: TrainerThread[] }>('/api/trainer/threads', signal),
});

/** Your conversations with the trainer, most recent first. */
export function useThreads() {
  return useQuery(threadsQueryOptions);
}

export const threadQueryOptions = (id: number) =>
  queryOptions({
    queryKey: trainerKeys.thread(id),
    queryFn: ({ signal }) => api.get<TrainerThreadDetail>(`/api/trainer/threads/${id}`, signal),
  });

/** One conversation's messages; `null` (a new conversation) loads nothing. */
export function useThread(id: number | null) {
  return useQuery({ ...threadQueryOptions(id ?? 0), enabled: id !== null });
}

export function useRenameThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: number; title: string }) =>
      apiRequest<TrainerThread>(`/api/trainer/threads/${id}`, { method: 'PATCH', body: { title } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trainerKeys.threads() }),
  });
}

export function useDeleteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ ok: true }>(`/api/trainer/threads/${id}`),
    onSuccess: (_result, id) => queryClient.removeQueries({ queryKey: trainerKeys.thread(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trainerKeys.threads() }),
  });
}
