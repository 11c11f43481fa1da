import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@fitcoach/shared/profile';
import { api } from '../../../lib/api-client';
import { profileKeys, profileMutationKeys } from './keys';

/** The direct-upload url the avatar file input carries (purpose picks the server's limits). */
export const AVATAR_DIRECT_UPLOAD_URL = '/rails/active_storage/direct_uploads?purpose=avatar';

/** Makes an uploaded blob the member's avatar; the server replaces any previous one. */
export function attachAvatar(signedId: string): Promise<Profile> {
  return api.put<Profile>('/api/profile/avatar', { signed_id: signedId });
}

export function useAttachAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    // The header shows the photo: app/ refreshes the session user's copy after this key.
    mutationKey: profileMutationKeys.save(),
    mutationFn: attachAvatar,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.all, profile),
  });
}
