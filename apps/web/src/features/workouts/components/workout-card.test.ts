import { describe, expect, it } from 'vitest';
import { ownerLabel } from './workout-card';

describe('ownerLabel', () => {
  it('credits FitCoach for library workouts, "You" for your own, and the friend otherwise', () => {
    expect(ownerLabel(null, 3)).toBe('FitCoach');
    expect(ownerLabel({ id: 3, name: 'Maya Rivera' }, 3)).toBe('You');
    expect(ownerLabel({ id: 5, name: 'Sam Okafor' }, 3)).toBe('Sam Okafor');
  });
});
