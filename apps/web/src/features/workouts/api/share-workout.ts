import { useMutation, type QueryKey } from '@tanstack/react-query';
import type { MemberSummary } from '@fitcoach/shared/friends';
import type { SearchFetcher } from '../../../components/enhanced-select/enhanced-select';
import { api } from '../../../lib/api-client';

/**
 * Where the share modal finds friends: the friends feature's search (its cache key and
 * fetcher), handed in by app/ (features do not import each other).
 */
export interface FriendPicker {
  queryKey: QueryKey;
  search: SearchFetcher<MemberSummary>;
}

export function shareWorkout(input: { friend_id: number; workout_id: number }) {
  return api.post<{ status: 'shared'; message: string }>('/api/workout/share_workout', input);
}

export function useShareWorkout() {
  return useMutation({ mutationFn: shareWorkout });
}
