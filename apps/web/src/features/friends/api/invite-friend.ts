import type { InviteFriendInput, InviteResult } from '@fitcoach/shared/invitations';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function inviteFriend(input: InviteFriendInput) {
  return api.post<InviteResult>('/api/profile/invite_friend', input);
}

/**
 * Invites a friend by email; a member's address gets a friend request instead. What changed
 * on the friends lists reaches the page through the `relationship` change it announces.
 */
export function useInviteFriend() {
  return useMutation({ mutationFn: inviteFriend });
}
