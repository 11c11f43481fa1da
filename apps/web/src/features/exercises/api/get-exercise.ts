import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { ExerciseDetail } from '@fitcoach/shared/exercises';
import { api } from '../../../lib/api-client';

export const exerciseQueryKey = (id: number) => ['exercises', 'detail', id] as const;

export function exerciseQueryOptions(id: number) {
  return queryOptions({
    queryKey: exerciseQueryKey(id),
    queryFn: ({ signal }) => api.get<ExerciseDetail>(`/api/exercise/${id}`, signal),
  });
}

export function useExercise(id: number) {
  return useSuspenseQuery(exerciseQueryOptions(id));
}
