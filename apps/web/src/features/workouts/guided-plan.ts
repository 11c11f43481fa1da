import type { CompletedExercise, GuidedSession } from '@fitcoach/shared/workout-logs';
import type { ExerciseGroup, WorkoutDetail } from '@fitcoach/shared/workouts';
import type { WeightUnit } from './lib/loadable-weight';
import { secondsText, weightText } from './lib/workout-units';
import type { WorkoutsT } from './lib/workouts-t';
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

/** One set done, as the log holds it (0 where the set had none). */
export interface LoggedSet {
  reps: number;
  weight: number;
  seconds: number;
}

/** What a logged guided workout recorded for one exercise, for the finished screen. */
export interface LoggedExercise {
  exerciseId: number;
  /** From the workout; null for one no longer in it (the screen says "Exercise"). */
  name: string | null;
  /** The sets done, worded at render (`setLine`) in the language on screen. */
  sets: LoggedSet[];
}

/** One set done, in words: "10 × 60 kg", "12 reps", "45 s", "30 s · 25 lb". */
export function setLine(t: WorkoutsT, locale: string, set: LoggedSet, unit: WeightUnit): string {
  const weight = () => weightText(locale, Math.round(set.weight * 100) / 100, unit);
  if (set.seconds > 0) {
    const duration = secondsText(t, locale, set.seconds);
    return set.weight > 0 ? t('guided.setTimedWeight', { duration, weight: weight() }) : duration;
  }
  if (set.weight > 0) return t('guided.setWeight', { reps: set.reps, weight: weight() });
  return t('count.reps', { count: set.reps });
}

/** The exercises and sets a log holds (sets not done are left out), named from the workout. */
export function loggedSummary(
  workout: WorkoutDetail,
  completed: CompletedExercise[],
): LoggedExercise[] {
  const names = new Map(
    workout.groups.flatMap((g) => g.exercises.map((e) => [e.exercise_id, e.name] as const)),
  );
  return completed
    .map((e) => ({
      // The input type of an id (the schema coerces); here it is always the number sent.
      exerciseId: Number(e.exercise_id),
      name: names.get(Number(e.exercise_id)) ?? null,
      sets: e.reps.flatMap((reps, i) => {
        const seconds = e.durations?.[i] ?? 0;
        return reps > 0 || seconds > 0 ? [{ reps, weight: e.weights?.[i] ?? 0, seconds }] : [];
      }),
    }))
    .filter((e) => e.sets.length > 0);
}
