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

/** What a logged guided workout recorded for one exercise, for the finished screen. */
export interface LoggedExercise {
  exerciseId: number;
  name: string;
  /** One line per set done: "10 × 60 kg", "12 reps", "45 s". */
  sets: string[];
}

const number = (value: number) => String(Math.round(value * 100) / 100);

function setLine(reps: number, weight: number, seconds: number, unit: string): string {
  if (seconds > 0) return weight > 0 ? `${seconds} s · ${number(weight)} ${unit}` : `${seconds} s`;
  if (weight > 0) return `${reps} × ${number(weight)} ${unit}`;
  return `${reps} ${reps === 1 ? 'rep' : 'reps'}`;
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
      name: names.get(Number(e.exercise_id)) ?? 'Exercise',
      sets: e.reps.flatMap((reps, i) => {
        const seconds = e.durations?.[i] ?? 0;
        return reps > 0 || seconds > 0
          ? [setLine(reps, e.weights?.[i] ?? 0, seconds, workout.weight_unit)]
          : [];
      }),
    }))
    .filter((e) => e.sets.length > 0);
}
