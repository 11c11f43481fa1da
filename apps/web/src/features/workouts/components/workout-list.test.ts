import { describe, expect, it } from 'vitest';
import type { WorkoutFilters } from '../api/get-workouts';
import { isWorkoutFilterActive, noMatchTitle } from './workout-list';

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
    expect(noMatchTitle({ ...none, q: 'zzz' }, null)).toBe('No workout matches “zzz”');
    expect(noMatchTitle({ ...none, scope: 'mine', tagId: 8 }, 'Boxing')).toBe(
      'None of your workouts tagged “Boxing” matches',
    );
    expect(noMatchTitle({ scope: 'library', tagId: 8, q: 'bag', goal: 'boxing' }, 'Boxing')).toBe(
      'No library workout tagged “Boxing” with the goal “Boxing” matches “bag”',
    );
  });
});
