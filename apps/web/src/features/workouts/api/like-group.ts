import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeResult, WorkoutDetail } from '@fitcoach/shared/workouts';
import { api } from '../../../lib/api-client';
import { workoutKeys } from './keys';

export function likeGroup(input: {
  exercise_group_id: number;
  liked: boolean;
}): Promise<LikeResult> {
  return api.post<LikeResult>('/api/workout/like', input);
}

function applyLike(
  workout: WorkoutDetail,
  r: Pick<LikeResult, 'exercise_group_id' | 'liked' | 'like_count'>,
) {
  return {
    ...workout,
    groups: workout.groups.map((g) =>
      g.id === r.exercise_group_id ? { ...g, liked: r.liked, like_count: r.like_count } : g,
    ),
  };
}

/** Likes show at once; a failure puts the heart back. */
export function useLikeGroup(workoutId: number) {
  const queryClient = useQueryClient();
  const key = workoutKeys.detail(workoutId);
  return useMutation({
    mutationFn: likeGroup,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<WorkoutDetail>(key);
      if (previous) {
        const group = previous.groups.find((g) => g.id === input.exercise_group_id);
        const count = (group?.like_count ?? 0) + (input.liked ? 1 : -1);
        queryClient.setQueryData(
          key,
          applyLike(previous, { ...input, like_count: Math.max(0, count) }),
        );
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (result) => {
      queryClient.setQueryData<WorkoutDetail>(key, (w) => (w ? applyLike(w, result) : w));
    },
  });
}
