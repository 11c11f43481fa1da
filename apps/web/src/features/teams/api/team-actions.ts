import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TeamDetail,
  TeamInput,
  TeamMember,
  TeamMemberAnswer,
  TeamMemberInput,
  TeamMemberUpdate,
  TeamWorkoutsAnswer,
} from '@fitcoach/shared/teams';
import { api } from '../../../lib/api-client';
import { teamKeys } from './keys';

/** Where a team photo's blob is declared (the direct-upload protocol, purpose `team_photo`). */
export const TEAM_PHOTO_DIRECT_UPLOAD_URL =
  '/rails/active_storage/direct_uploads?purpose=team_photo';

/** Every team write changes the list and the team's page: both are read again. */
function useTeamMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

/** `POST /api/team`: the member creates a team and owns it. */
export const useCreateTeam = () =>
  useTeamMutation((input: TeamInput) => api.post<TeamDetail>('/api/team', input));

/** `POST /api/team/users`: "Add user". */
export const useAddMember = (teamId: number) =>
  useTeamMutation((input: Omit<TeamMemberInput, 'team_id'>) =>
    api.post<TeamMemberAnswer>('/api/team/users', { ...input, team_id: teamId }),
  );

/** `PUT /api/team/:id`: a team's name, sport and season (owners and coaches). */
export const useUpdateTeam = (teamId: number) =>
  useTeamMutation((input: TeamInput) => api.put<TeamDetail>(`/api/team/${teamId}`, input));

/**
 * Writes after which the viewer is no longer on the team (they deleted it, or left): `goAway`
 * (to the list) is part of the mutation, and while it runs the team's live refreshes wait
 * (teams-channel), so the open page never turns into "not available" on its way out. The
 * mutation's promise settles even once the page is gone, unlike `mutate`'s callbacks: callers
 * use `mutateAsync` for their notice.
 */
function useGoneMutation(
  teamId: number,
  send: () => Promise<unknown>,
  goAway: () => Promise<void> | void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: teamKeys.leaving(teamId),
    mutationFn: async () => {
      await send();
      await goAway();
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

/** `DELETE /api/team/:id` (its owners), then `goAway`. */
export const useDeleteTeam = (teamId: number, goAway: () => Promise<void> | void) =>
  useGoneMutation(teamId, () => api.delete<null>(`/api/team/${teamId}`), goAway);

/** `DELETE /api/team/:id/users/:own_id`: the viewer leaves the team, then `goAway`. */
export const useLeaveTeam = (
  teamId: number,
  myUserId: number,
  goAway: () => Promise<void> | void,
) =>
  useGoneMutation(teamId, () => api.delete<null>(`/api/team/${teamId}/users/${myUserId}`), goAway);

/** `PUT /api/team/:id/users/:user_id`: a roster row edited (jersey, aliases, team role). */
export const useUpdateMember = (teamId: number) =>
  useTeamMutation(({ userId, ...input }: TeamMemberUpdate & { userId: number }) =>
    api.put<TeamMember>(`/api/team/${teamId}/users/${userId}`, input),
  );

/** `DELETE /api/team/:id/users/:user_id`. */
export const useRemoveMember = (teamId: number) =>
  useTeamMutation((userId: number) => api.delete<null>(`/api/team/${teamId}/users/${userId}`));

/** `POST /api/team/workouts`: add several (`workout_ids`) or toggle one (`workout_id`). */
export const useChangeTeamWorkouts = (teamId: number) =>
  useTeamMutation((input: { workout_ids: number[] } | { workout_id: number }) =>
    api.post<TeamWorkoutsAnswer>('/api/team/workouts', { ...input, team_id: teamId }),
  );

/** `PUT /api/team/:id/photo` with an uploaded image's signed id. */
export const useAttachTeamPhoto = (teamId: number) =>
  useTeamMutation((signedId: string) =>
    api.put<TeamDetail>(`/api/team/${teamId}/photo`, { signed_id: signedId }),
  );
