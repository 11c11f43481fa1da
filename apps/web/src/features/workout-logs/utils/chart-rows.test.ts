import { describe, expect, it } from 'vitest';
import {
  activeWeeks,
  exerciseSeriesKey,
  hasOneRepMaxTrend,
  loggedWorkouts,
  pivotOneRepMax,
} from './chart-rows';

const exercises = [
  { exercise_id: 7, name: 'Barbell bench press' },
  { exercise_id: 1, name: 'Barbell back squat' },
];

describe('pivotOneRepMax', () => {
  it('turns long-form points into one row per date with a column per exercise', () => {
    const rows = pivotOneRepMax({
      exercises,
      points: [
        { date: '2026-11-18', exercise_id: 7, value: 70 },
        { date: '2026-11-11', exercise_id: 7, value: 68 },
        { date: '2026-11-11', exercise_id: 1, value: 100 },
        { date: '2026-11-18', exercise_id: 1, value: 102.5 },
        { date: '2026-11-20', exercise_id: 1, value: 104 },
      ],
    });
    expect(rows).toEqual([
      { date: '2026-11-11', exercise_7: 68, exercise_1: 100 },
      { date: '2026-11-18', exercise_7: 70, exercise_1: 102.5 },
      // No bench that day: null, so the line skips the day instead of diving to zero.
      { date: '2026-11-20', exercise_7: null, exercise_1: 104 },
    ]);
  });

  it('keeps the best value when one day has two sessions', () => {
    const rows = pivotOneRepMax({
      exercises: exercises.slice(0, 1),
      points: [
        { date: '2026-11-18', exercise_id: 7, value: 70 },
        { date: '2026-11-18', exercise_id: 7, value: 75 },
        { date: '2026-11-18', exercise_id: 7, value: 72 },
      ],
    });
    expect(rows).toEqual([{ date: '2026-11-18', exercise_7: 75 }]);
  });

  it('keys series by id, never by a name recharts could read as a path', () => {
    expect(exerciseSeriesKey(12)).toBe('exercise_12');
  });
});

describe('hasOneRepMaxTrend', () => {
  it('needs one exercise on two different days', () => {
    const point = (date: string, exercise_id: number) => ({ date, exercise_id, value: 50 });
    expect(hasOneRepMaxTrend({ exercises, points: [] })).toBe(false);
    expect(
      hasOneRepMaxTrend({ exercises, points: [point('2026-11-18', 7), point('2026-11-18', 1)] }),
    ).toBe(false);
    expect(
      hasOneRepMaxTrend({ exercises, points: [point('2026-11-18', 7), point('2026-11-18', 7)] }),
    ).toBe(false);
    expect(
      hasOneRepMaxTrend({ exercises, points: [point('2026-11-11', 7), point('2026-11-18', 7)] }),
    ).toBe(true);
  });
});

describe('activeWeeks', () => {
  const weeks = (counts: number[]) =>
    counts.map((sessions, i) => ({ week_start: `w${String(i).padStart(2, '0')}`, sessions }));

  it('starts at the first week with a session', () => {
    const all = weeks([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 3, 1]);
    expect(activeWeeks(all, 8).map((w) => w.week_start)[0]).toBe('w10');
    expect(activeWeeks(all, 8).reduce((s, w) => s + w.sessions, 0)).toBe(7);
  });

  it('shows at least `min` weeks, and the last ones when nothing was logged', () => {
    const recent = weeks([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect(activeWeeks(recent, 8)).toHaveLength(8);
    expect(activeWeeks(weeks(Array(26).fill(0)), 8)).toHaveLength(8);
    expect(activeWeeks(weeks([1, 0, 0]), 8)).toHaveLength(3);
  });
});

describe('loggedWorkouts', () => {
  it('lists each logged workout once, newest title first, skipping manual logs', () => {
    expect(
      loggedWorkouts([
        { workout_id: 1, title: 'Barbell strength 5×5' },
        { workout_id: null, title: 'Trail run' },
        { workout_id: 2, title: 'Push day' },
        { workout_id: 1, title: 'Barbell strength 5×5' },
      ]),
    ).toEqual([
      { id: 1, title: 'Barbell strength 5×5' },
      { id: 2, title: 'Push day' },
    ]);
  });
});
