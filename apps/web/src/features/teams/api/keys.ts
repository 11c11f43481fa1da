/**
 * Teams (`/api/team…`). Everything sits under `teamKeys.all`: a change to a roster or to the
 * team's workouts changes the list (member counts) and the team's page together, and a live
 * `teams.changed` refreshes them in one call.
 */
export const teamKeys = {
  all: ['teams'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  detail: (id: number) => [...teamKeys.all, 'detail', id] as const,
  /** "Add user": the member search (the enhanced select box). */
  memberSearch: () => [...teamKeys.all, 'member-search'] as const,
  /** Adding workouts: the workout search. */
  workoutSearch: () => [...teamKeys.all, 'workout-search'] as const,
  /**
   * A mutation key, not a query's: the viewer is leaving or deleting the team (live refreshes
   * of it wait, see teams-channel).
   */
  leaving: (id: number) => [...teamKeys.all, 'leaving', id] as const,
};
