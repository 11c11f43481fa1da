/** The activity feed, an entry's comments, and what friends shared with the member. */
export const feedKeys = {
  all: ['feed'] as const,
  list: () => [...feedKeys.all, 'list'] as const,
  comments: (logId: number) => [...feedKeys.all, 'comments', logId] as const,
  /** Shared workouts; the other kinds' lists sit under it, so one key refreshes all. */
  shared: () => [...feedKeys.all, 'shared'] as const,
  sharedDiets: () => [...feedKeys.shared(), 'diets'] as const,
  sharedPrograms: () => [...feedKeys.shared(), 'programs'] as const,
  sharedTrainerThreads: () => [...feedKeys.shared(), 'trainer-threads'] as const,
};

/** Writes other features hear of (app/cross-feature-refresh.ts). */
export const feedMutationKeys = {
  /** A shared workout saved as the member's own: their workout lists change. */
  saveCopy: () => [...feedKeys.all, 'save-copy'] as const,
};
