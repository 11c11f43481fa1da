import type { ExerciseKind, ExerciseSummary } from '@fitcoach/shared/exercises';
import type { WorkoutGoal } from '@fitcoach/shared/profile';
import type { GroupKind, WorkoutDetail, WorkoutLevel } from '@fitcoach/shared/workouts';
import type { UseFormReturnType } from '@mantine/form';

export const exerciseKindColors: Record<ExerciseKind, string> = {
  reps: 'blue',
  timed: 'grape',
};

/** A superset or circuit holds 2 to this many exercises (the shared schema's limit). */
export const MAX_GROUP_EXERCISES = 10;
export const MAX_GROUPS = 30;

export const DEFAULT_SETS = 3;
export const DEFAULT_REPS = 10;
export const DEFAULT_EXERCISE_REST = 60;
/** Exercises of a superset or circuit follow each other without a break (as in the library). */
export const DEFAULT_LINKED_EXERCISE_REST = 0;
export const DEFAULT_GROUP_REST = 90;
/** What a timed exercise without its own default lasts (the server uses the same). */
export const FALLBACK_DURATION = 30;

/** What the form remembers of a chosen exercise: enough to label it and pick its targets. */
export interface PickedExercise {
  id: number;
  name: string;
  kind: ExerciseKind;
  default_duration_seconds: number | null;
}

/** Number inputs hold '' while empty (Mantine's NumberInput), a number otherwise. */
export type NumberField = number | string;

export interface ExerciseRowValues {
  /** Stable across moves, so React keeps each row's inputs (and focus) with its row. */
  key: string;
  exercise: PickedExercise | null;
  sets: NumberField;
  reps: NumberField;
  weight: NumberField;
  duration_seconds: NumberField;
  rest_seconds: NumberField;
}

export interface GroupValues {
  key: string;
  kind: GroupKind;
  rest_seconds: NumberField;
  notes: string;
  exercises: ExerciseRowValues[];
}

export interface WorkoutFormValues {
  title: string;
  description: string;
  goal: WorkoutGoal | null;
  level: WorkoutLevel;
  estimated_minutes: NumberField;
  is_public: boolean;
  /** Tag ids as strings, the way MultiSelect holds them. */
  tag_ids: string[];
  groups: GroupValues[];
}

let keyCounter = 0;
function newKey(): string {
  keyCounter += 1;
  return `k${keyCounter}`;
}

export function pickedFromSummary(exercise: ExerciseSummary): PickedExercise {
  return {
    id: exercise.id,
    name: exercise.name,
    kind: exercise.kind,
    default_duration_seconds: exercise.default_duration_seconds,
  };
}

export function newExerciseRow(kind: GroupKind = 'single'): ExerciseRowValues {
  return {
    key: newKey(),
    exercise: null,
    sets: DEFAULT_SETS,
    reps: DEFAULT_REPS,
    weight: '',
    duration_seconds: '',
    rest_seconds: kind === 'single' ? DEFAULT_EXERCISE_REST : DEFAULT_LINKED_EXERCISE_REST,
  };
}

/** A single starts with one exercise row, a superset or circuit with the two it needs. */
export function newGroup(kind: GroupKind): GroupValues {
  return {
    key: newKey(),
    kind,
    rest_seconds: DEFAULT_GROUP_REST,
    notes: '',
    exercises:
      kind === 'single' ? [newExerciseRow(kind)] : [newExerciseRow(kind), newExerciseRow(kind)],
  };
}

/** A new workout opens with one empty exercise, so the member sees where to start. */
export function emptyWorkoutForm(): WorkoutFormValues {
  return {
    title: '',
    description: '',
    goal: null,
    level: 'intermediate',
    estimated_minutes: 45,
    is_public: false,
    tag_ids: [],
    groups: [newGroup('single')],
  };
}

/** A saved workout as the form edits it (weights are already in the member's units). */
export function workoutToFormValues(workout: WorkoutDetail): WorkoutFormValues {
  return {
    title: workout.title,
    description: workout.description,
    goal: workout.goal,
    level: workout.level,
    estimated_minutes: workout.estimated_minutes,
    is_public: workout.is_public,
    tag_ids: workout.tags.map((t) => String(t.id)),
    groups: workout.groups.map((group) => ({
      key: newKey(),
      kind: group.kind,
      rest_seconds: group.rest_seconds,
      notes: group.notes,
      exercises: group.exercises.map((e) => ({
        key: newKey(),
        exercise: {
          id: e.exercise_id,
          name: e.name,
          kind: e.kind,
          default_duration_seconds: e.kind === 'timed' ? e.duration_seconds : null,
        },
        sets: e.sets,
        reps: e.reps ?? (e.kind === 'reps' ? DEFAULT_REPS : ''),
        weight: e.weight ?? '',
        duration_seconds: e.duration_seconds ?? '',
        rest_seconds: e.rest_seconds,
      })),
    })),
  };
}

/** '' (an empty input) is null; anything else the number it spells, or null if it spells none. */
export function numberOrNull(value: NumberField): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * The body `POST`/`PUT /api/workout` expects, before validation: empty inputs are null so the
 * shared schema reports them instead of silently applying its defaults. Each exercise keeps only
 * the targets of its kind: reps and weight for rep exercises, a duration for timed ones.
 */
export function formToWorkoutDraft(values: WorkoutFormValues) {
  return {
    title: values.title,
    description: values.description,
    goal: values.goal ?? undefined,
    level: values.level,
    estimated_minutes: numberOrNull(values.estimated_minutes),
    is_public: values.is_public,
    tag_ids: values.tag_ids.map(Number),
    groups: values.groups.map((group) => ({
      kind: group.kind,
      rest_seconds: numberOrNull(group.rest_seconds),
      notes: group.notes,
      exercises: group.exercises.map((row) => {
        const timed = row.exercise?.kind === 'timed';
        return {
          exercise_id: row.exercise?.id ?? null,
          sets: numberOrNull(row.sets),
          reps: timed ? null : numberOrNull(row.reps),
          weight: timed ? null : numberOrNull(row.weight),
          duration_seconds: timed ? numberOrNull(row.duration_seconds) : null,
          rest_seconds: numberOrNull(row.rest_seconds),
        };
      }),
    })),
  };
}

/**
 * A row after the member picks an exercise: a timed exercise gets its usual duration unless one
 * is already typed, and a rep exercise gets the default reps back if they were cleared.
 */
export function withExercise(
  row: ExerciseRowValues,
  exercise: PickedExercise | null,
): ExerciseRowValues {
  if (!exercise) return { ...row, exercise: null };
  if (exercise.kind === 'timed') {
    const duration =
      numberOrNull(row.duration_seconds) ?? exercise.default_duration_seconds ?? FALLBACK_DURATION;
    return { ...row, exercise, duration_seconds: duration };
  }
  return { ...row, exercise, reps: numberOrNull(row.reps) ?? DEFAULT_REPS };
}

/**
 * A group after its kind changes. A superset or circuit gets empty rows up to the two it needs;
 * a single drops the empty rows it does not need (rows with an exercise stay, so nothing the
 * member chose disappears: the form then asks them to remove the extras).
 */
export function withGroupKind(group: GroupValues, kind: GroupKind): GroupValues {
  if (kind === 'single') {
    const chosen = group.exercises.filter((row) => row.exercise !== null);
    const exercises = chosen.length > 0 ? chosen : [group.exercises[0] ?? newExerciseRow()];
    return { ...group, kind, exercises };
  }
  const exercises = [...group.exercises];
  while (exercises.length < 2) exercises.push(newExerciseRow(kind));
  return { ...group, kind, exercises };
}

/** True when two form states hold the same workout (the keys only track rows, so skip them). */
export function sameWorkout(a: WorkoutFormValues, b: WorkoutFormValues): boolean {
  return JSON.stringify(formToComparable(a)) === JSON.stringify(formToComparable(b));
}

function formToComparable(values: WorkoutFormValues) {
  return {
    ...values,
    groups: values.groups.map(({ key: _key, exercises, ...group }) => ({
      ...group,
      exercises: exercises.map(({ key: _rowKey, ...row }) => row),
    })),
  };
}

export function countExercises(values: WorkoutFormValues): number {
  return values.groups.reduce((sum, g) => sum + g.exercises.length, 0);
}

export type WorkoutForm = UseFormReturnType<WorkoutFormValues>;
