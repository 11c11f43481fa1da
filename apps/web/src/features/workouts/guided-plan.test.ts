import { beforeAll, describe, expect, it } from 'vitest';
import type { GuidedSession } from '@fitcoach/shared/workout-logs';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { changeLocale, i18n, startI18n } from '../../i18n/i18n';
import {
  loggedSummary,
  nextGroupIndex,
  sessionCompleted,
  sessionCounts,
  setLine,
} from './guided-plan';

// English for the screen's words; Spanish loaded too, for the set lines in both languages.
beforeAll(async () => {
  await startI18n('en');
  await changeLocale('es', { remember: false });
  await changeLocale('en', { remember: false });
});

const group = (id: number, exerciseId: number) => ({
  id,
  position: id,
  kind: 'single' as const,
  rest_seconds: 60,
  notes: '',
  liked: false,
  like_count: 0,
  exercises: [
    {
      id: id * 100,
      exercise_id: exerciseId,
      position: 0,
      name: 'E',
      slug: 'e',
      kind: 'reps' as const,
      video_url: null,
      sets: 2,
      reps: 5,
      weight: 50,
      duration_seconds: null,
      rest_seconds: 60,
    },
  ],
});

const workout = { groups: [group(1, 11), group(2, 22), group(3, 33)] } as unknown as WorkoutDetail;

function session(groups: GuidedSession['groups']): GuidedSession {
  return { id: 9, workout_id: 1, started_at: '', groups };
}

describe('guided plan', () => {
  it('goes to the first group not yet completed or skipped', () => {
    expect(nextGroupIndex(workout, null)).toBe(0);
    const s = session([
      { exercise_group_id: 1, status: 'completed', completed_exercises: [] },
      { exercise_group_id: 3, status: 'skipped', completed_exercises: [] },
    ]);
    expect(nextGroupIndex(workout, s)).toBe(1);
    expect(
      nextGroupIndex(
        workout,
        session([
          ...s.groups,
          { exercise_group_id: 2, status: 'completed', completed_exercises: [] },
        ]),
      ),
    ).toBe(3);
    expect(sessionCounts(s)).toEqual({ completed: 1, skipped: 1 });
  });

  it('pre-fills the log with what the session recorded, in workout order', () => {
    const s = session([
      {
        exercise_group_id: 3,
        status: 'completed',
        completed_exercises: [
          { exercise_id: 33, reps: [5], weights: [40], durations: [0], note: null },
        ],
      },
      {
        exercise_group_id: 1,
        status: 'completed',
        completed_exercises: [
          { exercise_id: 11, reps: [5, 5], weights: [50, 50], durations: [0, 0], note: 'ok' },
        ],
      },
      { exercise_group_id: 2, status: 'skipped', completed_exercises: [] },
    ]);
    expect(sessionCompleted(workout, s).map((e) => e.exercise_id)).toEqual([11, 33]);
    expect(sessionCompleted(workout, null)).toEqual([]);
  });
});

describe('the logged summary', () => {
  it('names each exercise and says each set done, in the workout’s unit', () => {
    const named = {
      ...workout,
      weight_unit: 'lb',
      groups: [
        group(1, 11),
        {
          ...group(2, 22),
          exercises: [{ ...group(2, 22).exercises[0]!, name: 'Plank', kind: 'timed' as const }],
        },
      ],
    } as unknown as WorkoutDetail;
    const t = i18n.getFixedT('en', 'workouts');
    const summary = loggedSummary(named, [
      { exercise_id: 11, reps: [10, 8, 0], weights: [135, 137.5, 135], durations: [0, 0, 0] },
      { exercise_id: 22, reps: [1, 1], weights: [0, 25], durations: [45, 30] },
      { exercise_id: 11, reps: [12], weights: [0] },
      { exercise_id: 33, reps: [0], weights: [0], durations: [0] },
    ]);
    expect(
      summary.map(({ exerciseId, name, sets }) => ({
        exerciseId,
        name,
        sets: sets.map((set) => setLine(t, 'en', set, 'lb')),
      })),
    ).toEqual([
      { exerciseId: 11, name: 'E', sets: ['10 × 135 lb', '8 × 137.5 lb'] },
      { exerciseId: 22, name: 'Plank', sets: ['45 s', '30 s · 25 lb'] },
      { exerciseId: 11, name: 'E', sets: ['12 reps'] },
    ]);
  });

  it('words a set in Spanish, with its decimal mark', () => {
    const es = i18n.getFixedT('es', 'workouts');
    expect(setLine(es, 'es', { reps: 8, weight: 137.5, seconds: 0 }, 'lb')).toBe('8 × 137,5 lb');
    expect(setLine(es, 'es', { reps: 1, weight: 0, seconds: 0 }, 'kg')).toBe('1 repetición');
    expect(setLine(es, 'es', { reps: 12, weight: 0, seconds: 0 }, 'kg')).toBe('12 repeticiones');
    expect(setLine(es, 'es', { reps: 1, weight: 2.5, seconds: 30 }, 'kg')).toBe('30 s · 2,5 kg');
  });
});
