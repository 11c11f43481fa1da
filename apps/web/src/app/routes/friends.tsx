import { friendsOverviewQueryOptions } from '../../features/friends/api/get-friends';
import { FriendsPanel } from '../../features/friends/components/friends-panel';
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
  return <FriendsPanel />;
}
