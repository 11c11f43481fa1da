/**
 * The member's history. Every query of this feature starts with `workoutLogKeys.all`, so one
 * invalidation refreshes the list and every chart after a log is written or deleted.
 */
export const workoutLogKeys = {
  all: ['workout-logs'] as const,
  list: () => [...workoutLogKeys.all, 'list'] as const,
  charts: () => [...workoutLogKeys.all, 'chart'] as const,
  /** One workout's sessions, or every session when `workoutId` is null. */
  chart: (workoutId: number | null) => [...workoutLogKeys.charts(), workoutId ?? 'all'] as const,
};

/** Mutations that add or remove a log: app/ refreshes the personal stats after each. */
export const workoutLogMutationKeys = {
  write: () => [...workoutLogKeys.all, 'write'] as const,
};
