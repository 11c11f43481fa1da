import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, Profile } from '@fitcoach/shared/profile';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

/** The direct-upload url the avatar file input carries (purpose picks the server's limits). */
export const AVATAR_DIRECT_UPLOAD_URL = '/rails/active_storage/direct_uploads?purpose=avatar';

/** Makes an uploaded blob the member's avatar; the server replaces any previous one. */
export function attachAvatar(signedId: string): Promise<Profile> {
  return api.put<Profile>('/api/profile/avatar', { signed_id: signedId });
}

export function useAttachAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachAvatar,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      // The header shows the photo: refresh the session user's copy.
      queryClient.setQueryData<MeResponse>(['auth', 'me'], (me) =>
        me?.user ? { ...me, user: { ...me.user, avatar_url: profile.avatar_url } } : me,
      );
    },
  });
}
