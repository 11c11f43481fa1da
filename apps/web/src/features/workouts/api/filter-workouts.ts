import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@fitcoach/shared/pagination';
import type { WorkoutGoal } from '@fitcoach/shared/profile';
import type { WorkoutScope, WorkoutSummary } from '@fitcoach/shared/workouts';
import type { TagFilterBody } from '../../../components/tag-filter';
import { api } from '../../../lib/api-client';
import { workoutsQueryOptions } from './get-workouts';

export type FilteredWorkoutPage = Page<WorkoutSummary> & { tag_id: number | null };

export type WorkoutFilterBody = TagFilterBody & { scope: WorkoutScope; goal: WorkoutGoal | null };

/**
 * The spec's tag filter form: `tag_id` filters the list, an empty one clears the filter. The
 * scope and goal ride along, so the answer is the page on screen.
 */
export function filterWorkouts(body: WorkoutFilterBody): Promise<FilteredWorkoutPage> {
  return api.post<FilteredWorkoutPage>('/api/workout/filter', body);
}

export function useFilterWorkouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: filterWorkouts,
    onSuccess: ({ items, next_cursor, tag_id }, body) => {
      // File the answer where the list with these filters reads its first page.
      const filters = { scope: body.scope, tagId: tag_id, q: body.q, goal: body.goal };
      queryClient.setQueryData(workoutsQueryOptions(filters).queryKey, {
        pages: [{ items, next_cursor }],
        pageParams: [null],
      });
    },
  });
}
