import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdateInput } from '@fitcoach/shared/profile';
import { api } from '../../../lib/api-client';
import { profileKeys, profileMutationKeys } from './keys';

export function updateProfile(input: ProfileUpdateInput): Promise<Profile> {
  return api.put<Profile>('/api/profile', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    // The header shows the name and every page uses the units: app/ refreshes the session
    // user after this key.
    mutationKey: profileMutationKeys.save(),
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.all, profile),
  });
}
