import { useMutation } from '@tanstack/react-query';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { api } from '../../../lib/api-client';
import { feedMutationKeys } from './keys';

/** The member's own private copy of a workout a friend shared (by the share's id). */
export function saveSharedCopy(shareId: number): Promise<WorkoutDetail> {
  return api.post<WorkoutDetail>(`/api/shared/${shareId}/save`);
}

export function useSaveSharedCopy() {
  return useMutation({
    // The workouts feature keeps the copy: app/ hands it over after this key.
    mutationKey: feedMutationKeys.saveCopy(),
    mutationFn: saveSharedCopy,
  });
}
