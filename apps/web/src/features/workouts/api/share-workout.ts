import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Friend } from '@fitcoach/shared/friends';
import { api } from '../../../lib/api-client';
import { friendKeys } from './keys';

export const friendsQueryOptions = queryOptions({
  queryKey: friendKeys.all,
  queryFn: ({ signal }) => api.get<{ items: Friend[] }>('/api/friends', signal),
});

/** The friends a workout can be shared with (the share modal's list). */
export function useFriends(enabled: boolean) {
  return useQuery({ ...friendsQueryOptions, enabled });
}

export function shareWorkout(input: { friend_id: number; workout_id: number }) {
  return api.post<{ status: 'shared'; message: string }>('/api/workout/share_workout', input);
}

export function useShareWorkout() {
  return useMutation({ mutationFn: shareWorkout });
}
