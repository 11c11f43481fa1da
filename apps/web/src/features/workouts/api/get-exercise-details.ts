import { useQuery } from '@tanstack/react-query';
import type { ExerciseDetail } from '@fitcoach/shared/exercises';
import { api } from '../../../lib/api-client';

/** An exercise's how-to, fetched when a member opens it (and kept: the library does not change). */
export function useExerciseDetails(exerciseId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['exercises', 'detail', exerciseId],
    queryFn: ({ signal }) => api.get<ExerciseDetail>(`/api/exercise/${exerciseId}`, signal),
    enabled,
    staleTime: Infinity,
  });
}
