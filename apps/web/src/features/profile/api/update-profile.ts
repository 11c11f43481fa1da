import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, Profile, ProfileUpdateInput } from '@fitcoach/shared/profile';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

export function updateProfile(input: ProfileUpdateInput): Promise<Profile> {
  return api.put<Profile>('/api/profile', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      // The header shows the name and every page uses the units: refresh the session user.
      queryClient.setQueryData<MeResponse>(['auth', 'me'], (me) =>
        me?.user
          ? {
              ...me,
              user: {
                ...me.user,
                name: profile.name,
                email: profile.email,
                measurement_type: profile.measurement_type,
                avatar_url: profile.avatar_url,
              },
            }
          : me,
      );
    },
  });
}
