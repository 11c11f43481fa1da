import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { ExerciseDetail } from '@fitcoach/shared/exercises';
import { api } from '../../../lib/api-client';
import { exerciseKeys } from './keys';

/** One exercise with its how-to steps (`GET /api/exercise/:id`). */
export function getExercise(id: number, signal?: AbortSignal): Promise<ExerciseDetail> {
  return api.get<ExerciseDetail>(`/api/exercise/${id}`, signal);
}

export function exerciseQueryOptions(id: number) {
  return queryOptions({
    queryKey: exerciseKeys.detail(id),
    queryFn: ({ signal }) => getExercise(id, signal),
  });
}

export function useExercise(id: number) {
  return useSuspenseQuery(exerciseQueryOptions(id));
}
