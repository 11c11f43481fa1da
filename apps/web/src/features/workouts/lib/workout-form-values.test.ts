import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { describe, expect, it } from 'vitest';
import {
  emptyWorkoutForm,
  formToWorkoutDraft,
  newExerciseRow,
  newGroup,
  numberOrNull,
  sameWorkout,
  withExercise,
  withGroupKind,
  workoutToFormValues,
  type PickedExercise,
  type WorkoutFormValues,
} from './workout-form-values';

const bench: PickedExercise = {
  id: 7,
  name: 'Barbell bench press',
  kind: 'reps',
  default_duration_seconds: null,
};
const plank: PickedExercise = { id: 9, name: 'Plank', kind: 'timed', default_duration_seconds: 45 };

function exerciseOf(over: Partial<WorkoutDetail['groups'][number]['exercises'][number]>) {
  return {
    id: 1,
    exercise_id: 7,
    position: 0,
    name: 'Barbell bench press',
    slug: 'barbell-bench-press',
    description: '',
    kind: 'reps' as const,
    steps: [],
    primary_muscles: [],
    equipment: [],
    video_url: null,
    sets: 3,
    reps: 8,
    weight: 135,
    duration_seconds: null,
    rest_seconds: 60,
    ...over,
  };
}

const detail: WorkoutDetail = {
  id: 12,
  title: 'Push day',
  description: 'Chest first',
  goal: 'weight_lifting',
  level: 'advanced',
  estimated_minutes: 50,
  is_public: true,
  tags: [{ id: 3, slug: 'push', name: 'Push' }],
  owner: { id: 1, name: 'Jordan' },
  group_count: 2,
  exercise_count: 3,
  updated_at: '2025-01-01T00:00:00.000Z',
  can_edit: true,
  copied_from_id: null,
  weight_unit: 'lb',
  groups: [
    {
      id: 1,
      position: 0,
      kind: 'single',
      rest_seconds: 120,
      notes: 'Warm up first',
      liked: false,
      like_count: 0,
      exercises: [exerciseOf({})],
    },
    {
      id: 2,
      position: 1,
      kind: 'superset',
      rest_seconds: 90,
      notes: '',
      liked: false,
      like_count: 0,
      exercises: [
        exerciseOf({ id: 2, exercise_id: 8, name: 'Push-up', reps: 15, weight: null }),
        exerciseOf({
          id: 3,
          exercise_id: 9,
          name: 'Plank',
          kind: 'timed',
          reps: null,
          weight: null,
          duration_seconds: 40,
          rest_seconds: 0,
        }),
      ],
    },
  ],
};

describe('new forms', () => {
  it('start with one single group of 3 × 10 and the default rests', () => {
    const form = emptyWorkoutForm();
    expect(form.groups).toHaveLength(1);
    expect(form.groups[0]).toMatchObject({ kind: 'single', rest_seconds: 90 });
    expect(form.groups[0]?.exercises[0]).toMatchObject({
      exercise: null,
      sets: 3,
      reps: 10,
      weight: '',
      rest_seconds: 60,
    });
  });

  it('give supersets and circuits the two rows they need, back to back, each with its own key', () => {
    const group = newGroup('circuit');
    expect(group.exercises).toHaveLength(2);
    expect(group.exercises.map((e) => e.rest_seconds)).toEqual([0, 0]);
    expect(new Set([group.key, ...group.exercises.map((e) => e.key)]).size).toBe(3);
  });
});

describe('workoutToFormValues and formToWorkoutDraft', () => {
  it('round-trip a saved workout into the API body', () => {
    const form = workoutToFormValues(detail);
    expect(form.tag_ids).toEqual(['3']);
    expect(form.groups[1]?.exercises[1]).toMatchObject({
      exercise: { id: 9, name: 'Plank', kind: 'timed', default_duration_seconds: 40 },
      duration_seconds: 40,
      weight: '',
    });
    expect(formToWorkoutDraft(form)).toEqual({
      title: 'Push day',
      description: 'Chest first',
      goal: 'weight_lifting',
      level: 'advanced',
      estimated_minutes: 50,
      is_public: true,
      tag_ids: [3],
      groups: [
        {
          kind: 'single',
          rest_seconds: 120,
          notes: 'Warm up first',
          exercises: [
            {
              exercise_id: 7,
              sets: 3,
              reps: 8,
              weight: 135,
              duration_seconds: null,
              rest_seconds: 60,
            },
          ],
        },
        {
          kind: 'superset',
          rest_seconds: 90,
          notes: '',
          exercises: [
            {
              exercise_id: 8,
              sets: 3,
              reps: 15,
              weight: null,
              duration_seconds: null,
              rest_seconds: 60,
            },
            {
              exercise_id: 9,
              sets: 3,
              reps: null,
              weight: null,
              duration_seconds: 40,
              rest_seconds: 0,
            },
          ],
        },
      ],
    });
  });

  it('sends empty inputs as null and only the targets of each exercise kind', () => {
    const form: WorkoutFormValues = {
      ...emptyWorkoutForm(),
      estimated_minutes: '',
      groups: [
        {
          ...newGroup('superset'),
          rest_seconds: '',
          exercises: [
            { ...newExerciseRow('superset'), exercise: bench, weight: '', duration_seconds: 30 },
            { ...newExerciseRow('superset'), exercise: plank, weight: 20, duration_seconds: '50' },
          ],
        },
      ],
    };
    const draft = formToWorkoutDraft(form);
    expect(draft.goal).toBeUndefined();
    expect(draft.estimated_minutes).toBeNull();
    expect(draft.groups[0]?.rest_seconds).toBeNull();
    expect(draft.groups[0]?.exercises).toEqual([
      { exercise_id: 7, sets: 3, reps: 10, weight: null, duration_seconds: null, rest_seconds: 0 },
      { exercise_id: 9, sets: 3, reps: null, weight: null, duration_seconds: 50, rest_seconds: 0 },
    ]);
  });
});

describe('numberOrNull', () => {
  it('reads what a number input holds', () => {
    expect(numberOrNull(135)).toBe(135);
    expect(numberOrNull('')).toBeNull();
    expect(numberOrNull('  ')).toBeNull();
    expect(numberOrNull('62.5')).toBe(62.5);
    expect(numberOrNull('abc')).toBeNull();
  });
});

describe('withExercise', () => {
  it('gives a timed exercise its usual duration unless one is typed', () => {
    expect(withExercise(newExerciseRow(), plank).duration_seconds).toBe(45);
    expect(
      withExercise({ ...newExerciseRow(), duration_seconds: 20 }, plank).duration_seconds,
    ).toBe(20);
    expect(
      withExercise(newExerciseRow(), { ...plank, default_duration_seconds: null }).duration_seconds,
    ).toBe(30);
  });

  it('gives a rep exercise reps back when they were cleared', () => {
    expect(withExercise({ ...newExerciseRow(), reps: '' }, bench).reps).toBe(10);
    expect(withExercise({ ...newExerciseRow(), reps: 5 }, bench).reps).toBe(5);
    expect(withExercise({ ...newExerciseRow(), reps: 5 }, null).exercise).toBeNull();
  });
});

describe('withGroupKind', () => {
  it('adds rows up to two for a superset or circuit', () => {
    const single = newGroup('single');
    const superset = withGroupKind(single, 'superset');
    expect(superset.kind).toBe('superset');
    expect(superset.exercises).toHaveLength(2);
    expect(superset.exercises[0]).toBe(single.exercises[0]);
  });

  it('drops empty rows for a single but keeps every chosen exercise', () => {
    const empty = withGroupKind(newGroup('circuit'), 'single');
    expect(empty.exercises).toHaveLength(1);

    const group = newGroup('superset');
    const chosen = {
      ...group,
      exercises: [
        { ...newExerciseRow(), exercise: bench },
        newExerciseRow(),
        { ...newExerciseRow(), exercise: plank },
      ],
    };
    const single = withGroupKind(chosen, 'single');
    expect(single.exercises.map((e) => e.exercise?.name)).toEqual(['Barbell bench press', 'Plank']);
  });
});

describe('sameWorkout', () => {
  it('ignores the row keys and notices any real change', () => {
    const a = workoutToFormValues(detail);
    const b = workoutToFormValues(detail);
    expect(a.groups[0]?.key).not.toBe(b.groups[0]?.key);
    expect(sameWorkout(a, b)).toBe(true);
    expect(sameWorkout(a, { ...b, title: 'Pull day' })).toBe(false);
  });
});
