import type { ActivityVisibilityUpdateInput, Profile } from '@fitcoach/shared/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** Who sees the member's completed workouts in their friends' feeds. */
export function updateActivityVisibility(
  input: ActivityVisibilityUpdateInput,
): Promise<{ ok: true }> {
  return api.put<{ ok: true }>('/api/profile/activity_visibility', input);
}

export function useUpdateActivityVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateActivityVisibility,
    onSuccess: (_answer, input) => {
      queryClient.setQueryData<Profile>(profileKeys.all, (profile) =>
        profile ? { ...profile, activity_visibility: input.activity_visibility } : profile,
      );
    },
  });
}
