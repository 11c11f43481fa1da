import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExerciseSummary } from '@fitcoach/shared/exercises';
import type { Page } from '@fitcoach/shared/pagination';
import { api } from '../../../lib/api-client';
import type { TagFilterBody } from '../../../components/tag-filter';
import { exercisesQueryOptions } from './get-exercises';

export type FilteredExercisePage = Page<ExerciseSummary> & { tag_id: number | null };

/** The spec's tag filter form: `tag_id` filters the list, an empty one clears the filter. */
export function filterExercises(body: TagFilterBody): Promise<FilteredExercisePage> {
  return api.post<FilteredExercisePage>('/api/exercise/filter', body);
}

export function useFilterExercises() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: filterExercises,
    onSuccess: ({ items, next_cursor, tag_id }, body) => {
      // The answer is the filtered list's first page: file it where the list reads it, so
      // showing the filter costs no second request and "Load more" continues from its cursor.
      queryClient.setQueryData(exercisesQueryOptions({ tagId: tag_id, q: body.q }).queryKey, {
        pages: [{ items, next_cursor }],
        pageParams: [null],
      });
    },
  });
}
