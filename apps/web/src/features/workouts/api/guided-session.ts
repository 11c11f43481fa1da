import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuidedSession, GuidedStepInput } from '@fitcoach/shared/workout-logs';
import { api } from '../../../lib/api-client';
import { guidedKeys } from './keys';

export function guidedSessionQueryOptions(workoutId: number) {
  return queryOptions({
    queryKey: guidedKeys.session(workoutId),
    queryFn: ({ signal }) =>
      api.get<{ session: GuidedSession | null }>(`/api/workout/${workoutId}/guided`, signal),
    staleTime: 0,
  });
}

export type GuidedStep = 'complete' | 'skip';

export function useGuidedStep(workoutId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, input }: { step: GuidedStep; input: GuidedStepInput }) =>
      api.post<GuidedSession>(`/api/workout/${workoutId}/guided/${step}`, input),
    onSuccess: (session) => queryClient.setQueryData(guidedKeys.session(workoutId), { session }),
  });
}

export function useAbandonGuided(workoutId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(`/api/workout/${workoutId}/guided`),
    onSuccess: () => queryClient.setQueryData(guidedKeys.session(workoutId), { session: null }),
  });
}
