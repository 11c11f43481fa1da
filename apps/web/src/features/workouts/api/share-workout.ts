import type { ShareResult } from '../../../components/share-with-friends-modal';
import { api } from '../../../lib/api-client';

/** `POST /api/workout/share_workout` (status 200 means success). */
export function shareWorkout(input: { friend_id: number; workout_id: number }) {
  return api.post<ShareResult & { status: 'shared' }>('/api/workout/share_workout', input);
}
