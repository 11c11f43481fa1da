import { beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, i18n, startI18n } from '../../../i18n/i18n';
import {
  emptyWorkoutForm,
  newExerciseRow,
  newGroup,
  type PickedExercise,
  type WorkoutFormValues,
} from './workout-form-values';
import {
  checkWorkoutForm,
  issuesToFormErrors,
  schemaMessages,
  toFormPath,
} from './workout-form-validation';

// English for the form's words; Spanish loaded too, to check the same form in Spanish.
beforeAll(async () => {
  await startI18n('en');
  await changeLocale('es', { remember: false });
  await changeLocale('en', { remember: false });
});
const en = () => i18n.getFixedT('en', 'workouts');

const bench: PickedExercise = {
  id: 7,
  name: 'Barbell bench press',
  kind: 'reps',
  default_duration_seconds: null,
};
const plank: PickedExercise = { id: 9, name: 'Plank', kind: 'timed', default_duration_seconds: 45 };

function validForm(): WorkoutFormValues {
  const group = newGroup('single');
  return {
    ...emptyWorkoutForm(),
    title: 'Push day',
    goal: 'weight_lifting',
    groups: [{ ...group, exercises: [{ ...newExerciseRow(), exercise: bench, weight: 135 }] }],
  };
}

describe('toFormPath', () => {
  it('maps API issue paths to the form fields that show them', () => {
    expect(toFormPath('groups.0.exercises.1.reps')).toBe('groups.0.exercises.1.reps');
    expect(toFormPath('groups.2.exercises.0.exercise_id')).toBe('groups.2.exercises.0.exercise');
    expect(toFormPath('groups.0.exercises')).toBe('groups.0.exercises');
    expect(toFormPath('tag_ids.3')).toBe('tag_ids');
    expect(toFormPath('tag_ids')).toBe('tag_ids');
    expect(toFormPath('title')).toBe('title');
  });

  it('keeps the first message of each field', () => {
    expect(
      issuesToFormErrors([
        { path: 'tag_ids.0', message: 'There is no such tag.' },
        { path: 'tag_ids.1', message: 'Another' },
        { path: 'groups.0.exercises.0.exercise_id', message: 'There is no such exercise.' },
      ]),
    ).toEqual({
      tag_ids: 'There is no such tag.',
      'groups.0.exercises.0.exercise': 'There is no such exercise.',
    });
  });
});

describe('checkWorkoutForm', () => {
  it('accepts a complete workout and gives the API body', () => {
    const result = checkWorkoutForm(en(), validForm());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input.groups[0]?.exercises[0]).toEqual({
      exercise_id: 7,
      sets: 3,
      reps: 10,
      weight: 135,
      duration_seconds: null,
      rest_seconds: 60,
    });
  });

  it('asks for what is missing in words a member understands', () => {
    const form = validForm();
    const result = checkWorkoutForm(en(), {
      ...form,
      title: '  ',
      goal: null,
      estimated_minutes: '',
      groups: [
        {
          ...newGroup('superset'),
          rest_seconds: '',
          exercises: [
            { ...newExerciseRow(), exercise: bench, reps: '', sets: '' },
            { ...newExerciseRow(), exercise: plank, duration_seconds: '' },
          ],
        },
        newGroup('single'),
      ],
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        title: 'Give the workout a title.',
        goal: 'Choose a goal.',
        estimated_minutes: 'Enter about how many minutes it takes.',
        'groups.0.rest_seconds': 'Enter the rest in seconds (0 for none).',
        'groups.0.exercises.0.sets': 'Enter the number of sets.',
        'groups.0.exercises.0.reps': 'Enter the reps.',
        'groups.0.exercises.1.duration_seconds': 'Enter how many seconds.',
        'groups.1.exercises.0.exercise': 'Choose an exercise.',
      },
    });
  });

  it('checks the size of each kind of group', () => {
    const form = validForm();
    const row = { ...newExerciseRow(), exercise: bench };
    const result = checkWorkoutForm(en(), {
      ...form,
      groups: [
        { ...newGroup('single'), exercises: [row, { ...row, key: 'x' }] },
        { ...newGroup('superset'), exercises: [row] },
      ],
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        'groups.0.exercises': 'A single group has one exercise.',
        'groups.1.exercises': 'A superset or circuit has at least two exercises.',
      },
    });
    expect(checkWorkoutForm(en(), { ...form, groups: [] })).toEqual({
      ok: false,
      errors: { groups: 'Add at least one exercise.' },
    });
  });

  it('turns bounds without their own message into sentences', () => {
    const form = validForm();
    const group = form.groups[0]!;
    const result = checkWorkoutForm(en(), {
      ...form,
      estimated_minutes: 400,
      groups: [{ ...group, exercises: [{ ...group.exercises[0]!, reps: 5000, weight: -5 }] }],
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        estimated_minutes: 'At most 300.',
        'groups.0.exercises.0.reps': 'At most 1000.',
        'groups.0.exercises.0.weight': 'Weight cannot be negative.',
      },
    });
  });

  it('asks in Spanish when Spanish is on screen, the schema’s own words included', () => {
    const es = i18n.getFixedT('es', 'workouts');
    const form = validForm();
    const group = form.groups[0]!;
    expect(
      checkWorkoutForm(es, {
        ...form,
        title: '',
        estimated_minutes: 400,
        groups: [{ ...group, exercises: [{ ...group.exercises[0]!, sets: '', weight: -5 }] }],
      }),
    ).toEqual({
      ok: false,
      errors: {
        title: 'Ponle un título al entrenamiento.',
        estimated_minutes: 'Como máximo 300.',
        'groups.0.exercises.0.sets': 'Indica el número de series.',
        'groups.0.exercises.0.weight': 'El peso no puede ser negativo.',
      },
    });
  });

  it('keeps the schema’s own English words in the English catalogue, word for word', () => {
    for (const [message, key] of Object.entries(schemaMessages)) {
      expect(en()(key), key).toBe(message);
    }
  });
});
