import type { WorkoutGoal } from '@fitcoach/shared/profile';
import type { WorkoutScope } from '@fitcoach/shared/workouts';

/**
 * Workouts (`/api/workout`). Lists sit under `workoutKeys.lists()`, which writing, copying,
 * deleting or being shared a workout refreshes; each workout under `workoutKeys.detail(id)`.
 */
export const workoutKeys = {
  all: ['workouts'] as const,
  lists: () => [...workoutKeys.all, 'list'] as const,
  /** A filtered list, 24 at a time (the workouts page). */
  list: (filters: {
    scope: WorkoutScope;
    tagId: number | null;
    q: string;
    goal: WorkoutGoal | null;
  }) =>
    [
      ...workoutKeys.lists(),
      { scope: filters.scope, tagId: filters.tagId, q: filters.q, goal: filters.goal },
    ] as const,
  /** The member's own workouts, the ones the builder may change, `limit` at a time. */
  mine: (limit: number) => [...workoutKeys.lists(), { scope: 'mine', limit }] as const,
  /** The builder's workout selector: the member's own workouts, searched and paged. */
  mineSearch: () => [...workoutKeys.lists(), 'mine-search'] as const,
  /** The program builder's picker: every workout the member may use, searched and paged. */
  search: () => [...workoutKeys.lists(), 'search'] as const,
  details: () => [...workoutKeys.all, 'detail'] as const,
  detail: (id: number) => [...workoutKeys.details(), id] as const,
};

/** A guided session of one workout (`/api/workout/:id/guided`); logging the workout ends it. */
export const guidedKeys = {
  all: ['guided'] as const,
  session: (workoutId: number) => [...guidedKeys.all, workoutId] as const,
};

/**
 * Logging a workout writes a workout log, which the history, charts and stats features show:
 * app/ refreshes them after this key (features do not import each other).
 */
export const workoutMutationKeys = {
  log: () => [...workoutKeys.all, 'log'] as const,
};
