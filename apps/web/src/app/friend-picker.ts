import { friendKeys } from '../features/friends/api/keys';
import { searchMembers } from '../features/friends/api/search-members';
import type { FriendPicker } from '../components/share-with-friends-modal';

/** The friends feature's search of your friends, as the share modals pick from it. */
export const friendPicker: FriendPicker = {
  queryKey: friendKeys.search('friends'),
  search: (q, cursor, signal) => searchMembers('friends', q, cursor, signal),
};
