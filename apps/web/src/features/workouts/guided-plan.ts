import type { CompletedExercise, GuidedSession } from '@fitcoach/shared/workout-logs';
import type { ExerciseGroup, WorkoutDetail } from '@fitcoach/shared/workouts';
import { toCompletedExercises, type WorkoutProgress } from './workout-progress';

/** The group to do next: the first one the session has neither completed nor skipped. */
export function nextGroupIndex(workout: WorkoutDetail, session: GuidedSession | null): number {
  const handled = new Set(session?.groups.map((g) => g.exercise_group_id) ?? []);
  const index = workout.groups.findIndex((g) => !handled.has(g.id));
  return index === -1 ? workout.groups.length : index;
}

/** One group's entries as `completed_exercises` for the guided complete/skip calls. */
export function groupCompleted(
  workout: WorkoutDetail,
  group: ExerciseGroup,
  progress: WorkoutProgress,
): CompletedExercise[] {
  return toCompletedExercises({ ...workout, groups: [group] }, progress);
}

/** Everything the session recorded, in workout order: the log form's pre-filled sets. */
export function sessionCompleted(
  workout: WorkoutDetail,
  session: GuidedSession | null,
): CompletedExercise[] {
  if (!session) return [];
  const byGroup = new Map(session.groups.map((g) => [g.exercise_group_id, g]));
  return workout.groups.flatMap((group) =>
    (byGroup.get(group.id)?.completed_exercises ?? []).map((e) => ({
      exercise_id: e.exercise_id,
      reps: e.reps,
      weights: e.weights,
      durations: e.durations,
      note: e.note,
    })),
  );
}

export function sessionCounts(session: GuidedSession | null) {
  const groups = session?.groups ?? [];
  return {
    completed: groups.filter((g) => g.status === 'completed').length,
    skipped: groups.filter((g) => g.status === 'skipped').length,
  };
}
