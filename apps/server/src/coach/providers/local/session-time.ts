import type { WorkoutInputParsed } from '@fitcoach/shared/workouts';
import { SECONDS_PER_REP } from './session-types';

type Group = WorkoutInputParsed['groups'][number];
type Item = Group['exercises'][number];

/** Seconds of work in one set: its duration, or its reps at ~3 s each. */
export function itemWorkSeconds(item: Item): number {
  return item.duration_seconds ?? (item.reps ?? 0) * SECONDS_PER_REP;
}

/** Work seconds of a group (all sets of all its exercises). */
export function groupWorkSeconds(group: Group): number {
  return group.exercises.reduce((sum, e) => sum + e.sets * itemWorkSeconds(e), 0);
}

/** A group's time: every set's work and rest, then the rest before the next group. */
export function groupSeconds(group: Group): number {
  return (
    group.exercises.reduce((sum, e) => sum + e.sets * (itemWorkSeconds(e) + e.rest_seconds), 0) +
    group.rest_seconds
  );
}

export function workoutSeconds(workout: Pick<WorkoutInputParsed, 'groups'>): number {
  return workout.groups.reduce((sum, g) => sum + groupSeconds(g), 0);
}
