/**
 * A member's photo address; the blob id changes with the photo, so caches never serve an old
 * one. Here, not in the users feature, because the friends lists (which users imports) word it
 * too.
 */
export function avatarUrl(userId: number, blobId: number): string {
  return `/api/users/${userId}/avatar?v=${blobId}`;
}
