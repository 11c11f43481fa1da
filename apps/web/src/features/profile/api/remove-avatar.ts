import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, Profile } from '@fitcoach/shared/profile';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

export function removeAvatar(): Promise<Profile> {
  return api.delete<Profile>('/api/profile/avatar');
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      // The header shows the photo: refresh the session user's copy.
      queryClient.setQueryData<MeResponse>(['auth', 'me'], (me) =>
        me?.user ? { ...me, user: { ...me.user, avatar_url: profile.avatar_url } } : me,
      );
    },
  });
}
