import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, startI18n } from '../../../i18n/i18n';
import { ownerLabel } from './workout-card';

beforeAll(() => startI18n('en'));

describe('ownerLabel', () => {
  it('credits FitCoach for library workouts, "You" for your own, and the friend otherwise', () => {
    const t = i18n.getFixedT('en', 'workouts');
    expect(ownerLabel(t, null, 3)).toBe('FitCoach');
    expect(ownerLabel(t, { id: 3, name: 'Maya Rivera' }, 3)).toBe('You');
    expect(ownerLabel(t, { id: 5, name: 'Sam Okafor' }, 3)).toBe('Sam Okafor');
  });
});
