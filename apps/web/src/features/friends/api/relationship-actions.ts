import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RelationshipResult } from '@fitcoach/shared/friends';
import { api } from '../../../lib/api-client';
import { friendKeys } from './keys';

/** Every way to change how you stand to another member; `:id` is always theirs. */
export type RelationshipAction =
  'request' | 'accept' | 'decline' | 'remove' | 'cancel' | 'block' | 'unblock';

export function changeRelationship(action: RelationshipAction, memberId: number) {
  switch (action) {
    case 'request':
      return api.post<RelationshipResult>('/api/profile/add_friend', { friend_id: memberId });
    case 'accept':
      return api.post<RelationshipResult>(`/api/friends/${memberId}/accept`);
    case 'decline':
      return api.post<RelationshipResult>(`/api/friends/${memberId}/decline`);
    case 'remove':
    case 'cancel':
      return api.delete<RelationshipResult>(`/api/friends/${memberId}`);
    case 'block':
      return api.post<RelationshipResult>(`/api/friends/${memberId}/block`);
    case 'unblock':
      return api.delete<RelationshipResult>(`/api/friends/${memberId}/block`);
  }
}

export const friendMutationKeys = {
  change: () => [...friendKeys.all, 'change'] as const,
};

/** A relationship write; afterwards the lists and searches are read again. */
export function useChangeRelationship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: friendMutationKeys.change(),
    mutationFn: ({ action, memberId }: { action: RelationshipAction; memberId: number }) =>
      changeRelationship(action, memberId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: friendKeys.all }),
  });
}
