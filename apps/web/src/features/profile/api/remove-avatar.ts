import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@fitcoach/shared/profile';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

export function removeAvatar(): Promise<Profile> {
  return api.delete<Profile>('/api/profile/avatar');
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
