/** The activity feed, an entry's comments, and the workouts friends shared with the member. */
export const feedKeys = {
  all: ['feed'] as const,
  list: () => [...feedKeys.all, 'list'] as const,
  comments: (logId: number) => [...feedKeys.all, 'comments', logId] as const,
  shared: () => [...feedKeys.all, 'shared'] as const,
};

/** Writes other features hear of (app/cross-feature-refresh.ts). */
export const feedMutationKeys = {
  /** A shared workout saved as the member's own: their workout lists change. */
  saveCopy: () => [...feedKeys.all, 'save-copy'] as const,
};
