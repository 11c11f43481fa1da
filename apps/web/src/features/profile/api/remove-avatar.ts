import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@fitcoach/shared/profile';
import { api } from '../../../lib/api-client';
import { profileKeys, profileMutationKeys } from './keys';

export function removeAvatar(): Promise<Profile> {
  return api.delete<Profile>('/api/profile/avatar');
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    // The header shows the photo: app/ refreshes the session user's copy after this key.
    mutationKey: profileMutationKeys.save(),
    mutationFn: removeAvatar,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.all, profile),
  });
}
