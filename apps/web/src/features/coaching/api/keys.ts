/**
 * Coaching (`/api/coach…` and a log's comments). Everything sits under `coachingKeys.all`: an
 * answered invitation, an assignment or a comment changes the lists, a client's detail and the
 * comment threads together, and a live notification refreshes them in one call.
 */
export const coachingKeys = {
  all: ['coaching'] as const,
  /** The coach's client list (counted to the coach's `date`). */
  clients: (date: string) => [...coachingKeys.all, 'clients', date] as const,
  client: (id: number, date: string) => [...coachingKeys.all, 'client', id, date] as const,
  /** The member's coaches and invitations. */
  mine: () => [...coachingKeys.all, 'mine'] as const,
  /** One log's comment thread. */
  comments: (logId: number) => [...coachingKeys.all, 'comments', logId] as const,
  /** The comments on the member's own logs among these (their history page). */
  myLogComments: (logIds: string) => [...coachingKeys.all, 'my-log-comments', logIds] as const,
  /** The invite form's member search (the enhanced select box). */
  memberSearch: () => [...coachingKeys.all, 'member-search'] as const,
  /** The assign form's program search. */
  programSearch: () => [...coachingKeys.all, 'program-search'] as const,
};
