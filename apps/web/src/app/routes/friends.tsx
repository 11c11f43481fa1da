import { friendsOverviewQueryOptions } from '../../features/friends/api/get-friends';
import { OpenChatButton } from '../../features/chat/components/open-chat-button';
import { FriendsInviteActions } from '../../features/friends/components/friends-invite-actions';
import { FriendsPanel } from '../../features/friends/components/friends-panel';
import { refreshFriends } from '../cross-feature-refresh';
import { queryClient } from '../query-client';

export function loader() {
  // Started here, not awaited: the page shows its own loading and error states.
  void queryClient.prefetchQuery(friendsOverviewQueryOptions);
  return null;
}

/**
 * The Friends page. The invite, import and chat features add their buttons through
 * `headerActions` and `friendActions` here, where features meet.
 */
export function Component() {
  return (
    <FriendsPanel
      // An invitation to a member's address sends a request: the lists show it.
      headerActions={<FriendsInviteActions onChanged={() => refreshFriends(queryClient)} />}
      friendActions={(friend) => <OpenChatButton friendId={friend.id} friendName={friend.name} />}
    />
  );
}
