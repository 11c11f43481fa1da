import { describe, expect, it } from 'vitest';
import type { WorkoutDetail, WorkoutExercise } from '@fitcoach/shared/workouts';
import {
  initialProgress,
  isExerciseComplete,
  localDate,
  progressCounts,
  reconcileProgress,
  toCompletedExercises,
} from './workout-progress';

function exercise(id: number, over: Partial<WorkoutExercise> = {}): WorkoutExercise {
  return {
    id,
    exercise_id: id * 10,
    position: 0,
    name: `Exercise ${id}`,
    slug: `exercise-${id}`,
    kind: 'reps',
    video_url: null,
    sets: 3,
    reps: 8,
    weight: 60,
    duration_seconds: null,
    rest_seconds: 60,
    ...over,
  };
}

function workout(exercises: WorkoutExercise[]): WorkoutDetail {
  return {
    id: 1,
    title: 'W',
    description: '',
    goal: 'weight_lifting',
    level: 'beginner',
    estimated_minutes: 30,
    is_public: true,
    tags: [],
    owner: null,
    group_count: 1,
    exercise_count: exercises.length,
    updated_at: '',
    can_edit: false,
    copied_from_id: null,
    weight_unit: 'kg',
    groups: [
      {
        id: 1,
        position: 0,
        kind: 'single',
        rest_seconds: 60,
        notes: '',
        liked: false,
        like_count: 0,
        exercises,
      },
    ],
  };
}

describe('workout progress', () => {
  it('starts with a row per set, weights prefilled and reps empty', () => {
    const p = initialProgress(workout([exercise(1), exercise(2, { weight: null })]));
    expect(p['1']!.sets).toEqual([
      { reps: '', weight: 60, duration: '' },
      { reps: '', weight: 60, duration: '' },
      { reps: '', weight: 60, duration: '' },
    ]);
    expect(p['2']!.sets[0]!.weight).toBe('');
  });

  it('prefills the weight a member can load, not a unit conversion', () => {
    // 12 kg and 80 kg as an imperial member gets them: 26.46 lb and 176.37 lb.
    const imperial = {
      ...workout([exercise(1, { weight: 26.46 }), exercise(2, { weight: 176.37 })]),
      weight_unit: 'lb' as const,
    };
    const p = initialProgress(imperial);
    expect(p['1']!.sets.map((s) => s.weight)).toEqual([27.5, 27.5, 27.5]);
    expect(p['2']!.sets[0]!.weight).toBe(177.5);
    expect(initialProgress(workout([exercise(3, { weight: 61.23 })]))['3']!.sets[0]!.weight).toBe(
      61.25,
    );
  });

  it('marks an exercise complete only when every row has reps above 0', () => {
    const p = initialProgress(workout([exercise(1)]));
    const sets = p['1']!.sets;
    expect(isExerciseComplete(p['1'])).toBe(false);
    sets[0]!.reps = 8;
    sets[1]!.reps = 8;
    expect(isExerciseComplete(p['1'])).toBe(false);
    sets[2]!.reps = 0;
    expect(isExerciseComplete(p['1'])).toBe(false);
    sets[2]!.reps = 6;
    expect(isExerciseComplete(p['1'])).toBe(true);
  });

  it('logs the exercises with a set done, with parallel reps, weights and durations', () => {
    const w = workout([
      exercise(1),
      exercise(2),
      exercise(3, { kind: 'timed', reps: null, weight: null, sets: 2 }),
    ]);
    const p = initialProgress(w);
    p['1']!.sets[0]!.reps = 8;
    p['1']!.sets[1]!.reps = 7;
    p['1']!.sets[1]!.weight = 62.5;
    p['1']!.note = '  last set grindy ';
    p['3']!.sets[0] = { reps: 1, weight: '', duration: 45 };
    expect(toCompletedExercises(w, p)).toEqual([
      {
        exercise_id: 10,
        reps: [8, 7, 0],
        weights: [60, 62.5, 60],
        durations: [0, 0, 0],
        note: 'last set grindy',
      },
      { exercise_id: 30, reps: [1, 0], weights: [0, 0], durations: [45, 0], note: null },
    ]);
    expect(progressCounts(w, p)).toEqual({ complete: 0, total: 3 });
  });

  it('keeps saved progress that still fits the workout', () => {
    const w = workout([exercise(1, { sets: 2 }), exercise(4)]);
    const saved = {
      '1': { sets: [{ reps: 5 as const, weight: 70, duration: '' as const }], note: 'ok' },
      '9': { sets: [], note: '' },
    };
    const p = reconcileProgress(w, saved);
    expect(p['1']).toEqual({
      sets: [
        { reps: 5, weight: 70, duration: '' },
        { reps: '', weight: 60, duration: '' },
      ],
      note: 'ok',
    });
    expect(p['4']!.sets).toHaveLength(3);
    expect(p).not.toHaveProperty('9');
  });

  it('dates a log by the local calendar day', () => {
    expect(localDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
