// @vitest-environment jsdom
import type { GuidedSession } from '@fitcoach/shared/workout-logs';
import type { WorkoutDetail, WorkoutExercise } from '@fitcoach/shared/workouts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../../i18n/i18n';
import { mockApi } from '../../../../test/api-mock';
import { createTestQueryClient, renderWithApp } from '../../../../test/render';
import { workoutQueryOptions } from '../../api/get-workout';
import { guidedSessionQueryOptions } from '../../api/guided-session';
import { GuidedWorkout } from './guided-workout';

const exercise = (id: number, name: string): WorkoutExercise => ({
  id: id * 10,
  exercise_id: id,
  position: 0,
  name,
  slug: name.toLowerCase(),
  kind: 'reps',
  video_url: null,
  sets: 2,
  reps: 10,
  weight: 60,
  duration_seconds: null,
  rest_seconds: 60,
});

const group = (id: number, e: WorkoutExercise) => ({
  id,
  position: id,
  kind: 'single' as const,
  rest_seconds: 90,
  notes: '',
  liked: false,
  like_count: 0,
  exercises: [e],
});

const workout: WorkoutDetail = {
  id: 5,
  title: 'Push day',
  description: '',
  goal: 'weight_lifting',
  level: 'beginner',
  estimated_minutes: 30,
  is_public: true,
  tags: [],
  owner: null,
  group_count: 2,
  exercise_count: 2,
  updated_at: '2026-11-01T00:00:00Z',
  can_edit: false,
  copied_from_id: null,
  weight_unit: 'kg',
  groups: [group(1, exercise(11, 'Bench press')), group(2, exercise(22, 'Overhead press'))],
};

/** Both groups done: the bench press as prescribed, the overhead press skipped. */
const finished: GuidedSession = {
  id: 9,
  workout_id: 5,
  started_at: '2026-11-23T06:00:00Z',
  groups: [
    {
      exercise_group_id: 1,
      status: 'completed',
      completed_exercises: [
        { exercise_id: 11, reps: [10, 8], weights: [60, 62.5], durations: [0, 0], note: null },
      ],
    },
    { exercise_group_id: 2, status: 'skipped', completed_exercises: [] },
  ],
};

describe('guided mode after the log is saved', () => {
  it('shows what was logged and the ways out, not the first group again', async () => {
    let logged = false;
    const api = mockApi()
      .on('GET /api/workout/5', workout)
      // Logging ends the session on the server.
      .on('GET /api/workout/5/guided', () => ({ session: logged ? null : finished }))
      .on('POST /api/workout/5/log', () => {
        logged = true;
        return { log_id: 41, achievement: null, achievements: [] };
      });
    const client = createTestQueryClient();
    await client.fetchQuery(workoutQueryOptions(5));
    await client.fetchQuery(guidedSessionQueryOptions(5));
    const onLogged = vi.fn();
    const { user } = renderWithApp(
      <GuidedWorkout workoutId={5} onExit={vi.fn()} onLogged={onLogged} />,
      { client, route: '/workouts/5/guided' },
    );

    await user.click(screen.getByRole('button', { name: 'Log workout' }));
    const form = screen.getByRole('dialog', { name: 'Log workout' });
    await user.click(within(form).getByRole('button', { name: 'Save log' }));

    expect(await screen.findByRole('heading', { name: 'Workout logged' })).toBeVisible();
    // The session the log ended is gone from the server too (refetched after the log).
    await vi.waitFor(() => expect(api.sent('GET /api/workout/5/guided')).toHaveLength(2));
    expect(onLogged).toHaveBeenCalledWith({ log_id: 41, achievement: null, achievements: [] });

    expect(
      screen.getByText(/1 group completed, 1 skipped\. It is in your history\./),
    ).toBeVisible();
    const summary = screen.getByRole('list', { name: 'What you logged' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Bench press: 10 × 60 kg, 8 × 62.5 kg']);
    expect(screen.getByRole('link', { name: 'See your history' })).toHaveAttribute(
      'href',
      '/history',
    );
    expect(screen.getByRole('link', { name: 'Back to the workout' })).toHaveAttribute(
      'href',
      '/workouts/5',
    );
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');

    // Nothing invites logging it twice: no group to fill in, no log button.
    expect(screen.queryByText(/^Group \d+ of \d+$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Complete group|Log workout/ })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Log workout' })).not.toBeInTheDocument();
  });

  it('reads in Spanish: the group counts, the set lines with their decimal mark', async () => {
    let logged = false;
    mockApi()
      .on('GET /api/workout/5', workout)
      .on('GET /api/workout/5/guided', () => ({ session: logged ? null : finished }))
      .on('POST /api/workout/5/log', () => {
        logged = true;
        return { log_id: 41, achievement: null, achievements: [] };
      });
    await changeLocale('es');
    try {
      const client = createTestQueryClient();
      await client.fetchQuery(workoutQueryOptions(5));
      await client.fetchQuery(guidedSessionQueryOptions(5));
      const { user } = renderWithApp(
        <GuidedWorkout workoutId={5} onExit={vi.fn()} onLogged={vi.fn()} />,
        { client, route: '/workouts/5/guided' },
      );

      expect(screen.getByRole('heading', { name: '¡Entrenamiento terminado!' })).toBeVisible();
      expect(
        screen.getByText(
          '1 grupo completado, 1 saltado. Regístralo para guardarlo en tu historial.',
        ),
      ).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Registrar entrenamiento' }));
      const form = screen.getByRole('dialog', { name: 'Registrar entrenamiento' });
      expect(within(form).getByText('1 ejercicio, 2 series hechas.')).toBeVisible();
      await user.click(within(form).getByRole('button', { name: 'Guardar registro' }));

      expect(
        await screen.findByRole('heading', { name: 'Entrenamiento registrado' }),
      ).toBeVisible();
      const summary = screen.getByRole('list', { name: 'Lo que has registrado' });
      expect(within(summary).getByRole('listitem')).toHaveTextContent(
        'Bench press: 10 × 60 kg, 8 × 62,5 kg',
      );
      expect(screen.getByRole('link', { name: 'Ver tu historial' })).toHaveAttribute(
        'href',
        '/history',
      );
    } finally {
      await changeLocale('en');
    }
  });
});
