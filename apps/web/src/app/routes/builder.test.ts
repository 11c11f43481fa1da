import { describe, expect, it } from 'vitest';
import { readBuilderTab } from './builder';

describe('the builder’s ?tab values (decision 0030)', () => {
  it('shows the workout builder for workout, the program builder for program and for the spec’s diets', () => {
    const read = (query: string) => readBuilderTab(new URLSearchParams(query));
    expect(read('tab=workout')).toEqual({ tab: 'workout', dayKind: 'workout' });
    expect(read('tab=program')).toEqual({ tab: 'program', dayKind: 'workout' });
    expect(read('tab=diets')).toEqual({ tab: 'program', dayKind: 'diets' });
    expect(read('')).toEqual({ tab: 'workout', dayKind: 'workout' });
    expect(read('tab=nonsense')).toEqual({ tab: 'workout', dayKind: 'workout' });
  });
});
