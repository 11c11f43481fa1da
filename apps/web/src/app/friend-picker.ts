import { friendKeys } from '../features/friends/api/keys';
import { searchMembers } from '../lib/member-search';
import type { FriendPicker } from '../components/share-with-friends-modal';

/** The friends feature's search of your friends, as the share modals pick from it. */
export const friendPicker: FriendPicker = {
  queryKey: friendKeys.search('friends'),
  search: (q, cursor, signal) => searchMembers('friends', q, cursor, signal),
};
