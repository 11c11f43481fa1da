import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrainerPersona, TrainerPersonaSummary } from '@fitcoach/shared/trainer';
import { api } from '../../../lib/api-client';
import { trainerKeys } from './keys';

export const personasQueryOptions = queryOptions({
  queryKey: trainerKeys.personas(),
  queryFn: ({ signal }) =>
    api.get<{ items: TrainerPersonaSummary[] }>('/api/trainer_persona', signal),
  staleTime: 10 * 60_000,
});

/** The trainers a member can pick. */
export function usePersonas() {
  return useQuery(personasQueryOptions);
}

export const personaQueryOptions = (id: number) =>
  queryOptions({
    queryKey: trainerKeys.persona(id),
    queryFn: ({ signal }) => api.get<TrainerPersona>(`/api/trainer_persona/${id}`, signal),
    staleTime: 10 * 60_000,
  });

/** One trainer's details (greeting, example questions); `null` waits. */
export function usePersona(id: number | null) {
  return useQuery({ ...personaQueryOptions(id ?? 0), enabled: id !== null, retry: false });
}
