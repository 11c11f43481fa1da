import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, startI18n } from '../../../i18n/i18n';
import type { WorkoutFilters } from '../api/get-workouts';
import { isWorkoutFilterActive, noMatchTitle } from './workout-list';

beforeAll(() => startI18n('en'));

const none: WorkoutFilters = { scope: 'all', tagId: null, q: '', goal: null };

describe('isWorkoutFilterActive', () => {
  it('counts tag, search and goal but not the scope', () => {
    expect(isWorkoutFilterActive({ ...none, scope: 'mine' })).toBe(false);
    expect(isWorkoutFilterActive({ ...none, tagId: 2 })).toBe(true);
    expect(isWorkoutFilterActive({ ...none, q: 'row' })).toBe(true);
    expect(isWorkoutFilterActive({ ...none, goal: 'hiit' })).toBe(true);
  });
});

describe('noMatchTitle', () => {
  it('says what did not match, in the words of the scope', () => {
    const t = i18n.getFixedT('en', 'workouts');
    expect(noMatchTitle(t, { ...none, q: 'zzz' }, null)).toBe('No workout matches “zzz”');
    expect(noMatchTitle(t, { ...none, scope: 'mine', tagId: 8 }, 'Boxing')).toBe(
      'None of your workouts tagged “Boxing” matches',
    );
    expect(
      noMatchTitle(t, { scope: 'library', tagId: 8, q: 'bag', goal: 'boxing' }, 'Boxing'),
    ).toBe('No library workout tagged “Boxing” with the goal “Boxing” matches “bag”');
  });
});
