// @vitest-environment jsdom
import type { ExerciseSummary, Tag } from '@fitcoach/shared/exercises';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../../i18n/i18n';
import { apiError, mockApi, type ApiMock, type ApiRequest } from '../../../../test/api-mock';
import { renderWithApp } from '../../../../test/render';
import { WorkoutBuilder } from './workout-builder';
import { WorkoutForm } from './workout-form';

const tags: Tag[] = [
  { id: 1, slug: 'strength', name: 'Strength' },
  { id: 2, slug: 'legs', name: 'Legs' },
];

function exercise(id: number, name: string, extra: Partial<ExerciseSummary> = {}): ExerciseSummary {
  return {
    id,
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    name,
    description: '',
    kind: 'reps',
    default_duration_seconds: null,
    primary_muscles: [],
    equipment: [],
    tags: [],
    has_video: false,
    ...extra,
  };
}

const library = [
  exercise(21, 'Barbell back squat', { equipment: ['barbell'] }),
  exercise(22, 'Plank', { kind: 'timed', default_duration_seconds: 45 }),
  exercise(23, 'Push-up'),
];

/** The library as the server searches it: by name, 30 at most. */
function searchLibrary({ query }: ApiRequest) {
  const q = (query.get('q') ?? '').toLowerCase();
  return { items: library.filter((e) => e.name.toLowerCase().includes(q)), next_cursor: null };
}

const legDay: WorkoutDetail = {
  id: 4,
  title: 'Leg day',
  description: 'Heavy squats, then core.',
  goal: 'weight_lifting',
  level: 'advanced',
  estimated_minutes: 50,
  is_public: false,
  tags: [tags[1] as Tag],
  owner: { id: 1, name: 'Maya Patel' },
  group_count: 1,
  exercise_count: 1,
  updated_at: '2026-11-01T10:00:00.000Z',
  can_edit: true,
  copied_from_id: null,
  weight_unit: 'kg',
  groups: [
    {
      id: 40,
      position: 1,
      kind: 'single',
      rest_seconds: 120,
      notes: 'Brace hard.',
      liked: false,
      like_count: 0,
      exercises: [
        {
          id: 400,
          exercise_id: 21,
          position: 1,
          name: 'Barbell back squat',
          slug: 'barbell-back-squat',
          kind: 'reps',
          video_url: null,
          sets: 5,
          reps: 5,
          weight: 100,
          duration_seconds: null,
          rest_seconds: 180,
        },
      ],
    },
  ],
};

function libraryApi(): ApiMock {
  return mockApi().on('GET /api/tags', { items: tags }).on('GET /api/exercise', searchLibrary);
}

/** The section of one group, by its heading ("Group 1"). */
function group(n: number): HTMLElement {
  return screen.getByRole('region', { name: `Group ${n}` });
}

/** Picks an option of a Mantine select: open it, then click the option. */
async function choose(
  user: ReturnType<typeof renderWithApp>['user'],
  field: HTMLElement,
  option: RegExp | string,
) {
  await user.click(field);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Searches the exercise library from a row's picker and takes the exercise found. */
async function pickExercise(
  user: ReturnType<typeof renderWithApp>['user'],
  row: HTMLElement,
  search: string,
  name: string,
) {
  const picker = within(row).getByRole('combobox', { name: /^Exercise/ });
  await user.click(picker);
  await user.type(picker, search);
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
}

describe('the workout form', () => {
  it('creates a workout from its details, groups, exercises and targets', async () => {
    const api = libraryApi().on('POST /api/workout', (request: ApiRequest) => ({
      ...legDay,
      id: 77,
      title: (request.body as { title: string }).title,
    }));
    const { user, router } = renderWithApp(<WorkoutForm units="metric" />, {
      route: '/builder?tab=workout&action=create',
    });

    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Leg day');
    await choose(user, screen.getByRole('combobox', { name: /^Goal/ }), 'Weight lifting');
    await choose(user, screen.getByRole('combobox', { name: /^Tags/ }), 'Legs');

    // The first group is there from the start: one exercise, 3 × 10.
    const first = within(group(1)).getByRole('group', { name: 'Exercise 1' });
    await pickExercise(user, first, 'squat', 'Barbell back squat');
    await user.clear(within(first).getByRole('textbox', { name: 'Sets' }));
    await user.type(within(first).getByRole('textbox', { name: 'Sets' }), '5');
    await user.clear(within(first).getByRole('textbox', { name: 'Reps' }));
    await user.type(within(first).getByRole('textbox', { name: 'Reps' }), '5');
    await user.type(within(first).getByRole('textbox', { name: 'Weight (kg)' }), '100');

    await user.click(screen.getByRole('button', { name: 'Add superset' }));
    expect(screen.getByText('2 groups · 3 exercises')).toBeVisible();
    const plank = within(group(2)).getByRole('group', { name: 'Exercise 1' });
    await pickExercise(user, plank, 'plank', 'Plank');
    // A timed exercise asks for seconds, starting from its usual duration.
    // The picked exercise's kind arrives with it: wait for the field to switch, not a fixed beat.
    expect(await within(plank).findByRole('textbox', { name: 'Duration (s)' })).toHaveValue('45');
    expect(within(plank).queryByRole('textbox', { name: 'Reps' })).not.toBeInTheDocument();
    await pickExercise(
      user,
      within(group(2)).getByRole('group', { name: 'Exercise 2' }),
      'push',
      'Push-up',
    );

    await user.click(screen.getByRole('button', { name: 'Create workout' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/workouts/77'));
    expect(api.sent('POST /api/workout')).toHaveLength(1);
    expect(api.sent('POST /api/workout')[0]?.body).toEqual({
      title: 'Leg day',
      description: '',
      goal: 'weight_lifting',
      level: 'intermediate',
      estimated_minutes: 45,
      is_public: false,
      tag_ids: [2],
      groups: [
        {
          kind: 'single',
          rest_seconds: 90,
          notes: '',
          exercises: [
            {
              exercise_id: 21,
              sets: 5,
              reps: 5,
              weight: 100,
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
              exercise_id: 22,
              sets: 3,
              reps: null,
              weight: null,
              duration_seconds: 45,
              rest_seconds: 0,
            },
            {
              exercise_id: 23,
              sets: 3,
              reps: 10,
              weight: null,
              duration_seconds: null,
              rest_seconds: 0,
            },
          ],
        },
      ],
    });
    expect(await screen.findByText('Workout created')).toBeVisible();
    expect(screen.getByText('“Leg day” is in your workouts, ready to train.')).toBeVisible();
  });

  it('shows what to fix and sends nothing while the workout is incomplete', async () => {
    const api = libraryApi();
    const { user } = renderWithApp(<WorkoutForm units="metric" />, { route: '/builder' });

    await user.click(screen.getByRole('button', { name: 'Create workout' }));

    expect(await screen.findByText('3 fields need a fix before saving.')).toBeVisible();
    expect(screen.getByText('Give the workout a title.')).toBeVisible();
    expect(screen.getByText('Choose a goal.')).toBeVisible();
    expect(screen.getByText('Choose an exercise.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toBeInvalid();

    // Once a save was tried, each fix clears its message as it is made.
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Leg day');
    expect(screen.queryByText('Give the workout a title.')).not.toBeInTheDocument();
    expect(screen.getByText('2 fields need a fix before saving.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add superset' }));
    await user.click(screen.getByRole('button', { name: 'Create workout' }));
    expect(await screen.findByText('4 fields need a fix before saving.')).toBeVisible();

    expect(api.sent('POST /api/workout')).toEqual([]);
  });

  it('puts the server’s objections on their fields', async () => {
    libraryApi().on('POST /api/workout', () =>
      apiError(422, 'Please correct the highlighted fields.', [
        { path: 'title', message: 'You already have a workout called that.' },
      ]),
    );
    const { user, router } = renderWithApp(<WorkoutForm units="imperial" />, {
      route: '/builder',
    });

    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Leg day');
    await choose(user, screen.getByRole('combobox', { name: /^Goal/ }), 'HIIT');
    const row = within(group(1)).getByRole('group', { name: 'Exercise 1' });
    await pickExercise(user, row, 'push', 'Push-up');
    // Weights are in the member's units.
    expect(within(row).getByRole('textbox', { name: 'Weight (lb)' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create workout' }));

    expect(await screen.findByText('You already have a workout called that.')).toBeVisible();
    expect(screen.getByText('One field needs a fix before saving.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/builder');
  });

  it('edits a workout: its values loaded, the changes sent, then saved', async () => {
    const api = libraryApi().on('PUT /api/workout/4', (request: ApiRequest) => ({
      ...legDay,
      title: (request.body as { title: string }).title,
    }));
    const { user } = renderWithApp(<WorkoutForm units="metric" workout={legDay} />, {
      route: '/builder?tab=workout&action=update&workout_id=4',
    });

    const form = screen.getByRole('form', { name: 'Edit Leg day' });
    expect(within(form).getByRole('textbox', { name: /^Title/ })).toHaveValue('Leg day');
    expect(within(form).getByRole('combobox', { name: /^Goal/ })).toHaveValue('Weight lifting');
    expect(within(form).getByRole('combobox', { name: /^Level/ })).toHaveValue('Advanced');
    const row = within(group(1)).getByRole('group', { name: 'Exercise 1' });
    expect(within(row).getByRole('combobox', { name: /^Exercise/ })).toHaveValue(
      'Barbell back squat',
    );
    expect(within(row).getByRole('textbox', { name: 'Weight (kg)' })).toHaveValue('100');
    expect(screen.getByText('All changes saved')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete workout' })).toBeVisible();

    await user.clear(within(form).getByRole('textbox', { name: /^Title/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Title/ }), 'Leg day, heavy');
    await user.clear(within(row).getByRole('textbox', { name: 'Weight (kg)' }));
    await user.type(within(row).getByRole('textbox', { name: 'Weight (kg)' }), '102.5');
    expect(screen.getByText('Unsaved changes')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Update workout' }));

    expect(await screen.findByText('Workout updated')).toBeVisible();
    expect(screen.getByText('Your changes to “Leg day, heavy” are saved.')).toBeVisible();
    expect(screen.getByText('All changes saved')).toBeVisible();
    expect(api.sent('PUT /api/workout/4')[0]?.body).toMatchObject({
      title: 'Leg day, heavy',
      description: 'Heavy squats, then core.',
      goal: 'weight_lifting',
      level: 'advanced',
      estimated_minutes: 50,
      tag_ids: [2],
      groups: [
        {
          kind: 'single',
          rest_seconds: 120,
          notes: 'Brace hard.',
          exercises: [{ exercise_id: 21, sets: 5, reps: 5, weight: 102.5, rest_seconds: 180 }],
        },
      ],
    });
  });

  it('puts back the saved values on Discard', async () => {
    libraryApi();
    const { user } = renderWithApp(<WorkoutForm units="metric" workout={legDay} />);

    await user.type(screen.getByRole('textbox', { name: /^Title/ }), ' (old)');
    await user.click(screen.getByRole('button', { name: 'Discard' }));

    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Leg day');
    expect(screen.queryByRole('button', { name: 'Discard' })).not.toBeInTheDocument();
  });
});

describe('the workout builder', () => {
  const mine = { items: [{ ...legDay, groups: undefined }], next_cursor: null };

  it('edits with the workout selector and the update button when the action is update', async () => {
    libraryApi().on('GET /api/workout', mine).on('GET /api/workout/4', legDay);
    renderWithApp(<WorkoutBuilder units="metric" />, {
      route: '/builder?tab=workout&action=update&workout_id=4',
    });

    expect(await screen.findByRole('form', { name: 'Edit Leg day' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Workout to edit' })).toHaveValue('Leg day');
    expect(screen.getByRole('button', { name: 'Update workout' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create workout' })).not.toBeInTheDocument();
  });

  it('asks which workout to edit when none is named', async () => {
    libraryApi().on('GET /api/workout', mine);
    renderWithApp(<WorkoutBuilder units="metric" />, { route: '/builder?action=update' });

    expect(await screen.findByText('Choose a workout to edit')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Workout to edit' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Update workout' })).not.toBeInTheDocument();
  });

  it.each(['/builder?tab=workout&action=create', '/builder?action=copy', '/builder'])(
    'creates, with the create button and no selector, at %s',
    async (route) => {
      libraryApi();
      renderWithApp(<WorkoutBuilder units="metric" />, { route });

      expect(screen.getByRole('form', { name: 'New workout' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'Create workout' })).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Update workout' })).not.toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: 'Workout to edit' })).not.toBeInTheDocument();
    },
  );

  it('reads in Spanish: labels, counts, the decimal mark, dates and the checks', async () => {
    const heavy: WorkoutDetail = {
      ...legDay,
      groups: legDay.groups.map((g) => ({
        ...g,
        exercises: g.exercises.map((e) => ({ ...e, weight: 102.5 })),
      })),
    };
    libraryApi().on('GET /api/workout', mine).on('GET /api/workout/4', heavy);
    await changeLocale('es');
    try {
      const { user } = renderWithApp(<WorkoutBuilder units="metric" />, {
        route: '/builder?tab=workout&action=update&workout_id=4',
      });

      const form = await screen.findByRole('form', { name: 'Editar Leg day' });
      expect(within(form).getByRole('combobox', { name: /^Objetivo/ })).toHaveValue(
        'Levantamiento de pesas',
      );
      expect(within(form).getByRole('combobox', { name: /^Nivel/ })).toHaveValue('Avanzado');
      expect(within(form).getByText('1 grupo · 1 ejercicio')).toBeVisible();
      const row = within(form).getByRole('group', { name: 'Ejercicio 1' });
      expect(within(row).getByRole('textbox', { name: 'Peso (kg)' })).toHaveValue('102,5');

      // Each of your workouts says when it last changed, in Spanish.
      await user.click(screen.getByRole('combobox', { name: 'Entrenamiento que editar' }));
      expect(
        await screen.findByText('Levantamiento de pesas · 1 ejercicio · cambiado el 1 nov'),
      ).toBeVisible();

      await user.clear(within(form).getByRole('textbox', { name: /^Título/ }));
      await user.click(screen.getByRole('button', { name: 'Actualizar entrenamiento' }));
      expect(await screen.findByText('Hay un campo que corregir antes de guardar.')).toBeVisible();
      expect(screen.getByText('Ponle un título al entrenamiento.')).toBeVisible();
    } finally {
      await changeLocale('en');
    }
  });
});
