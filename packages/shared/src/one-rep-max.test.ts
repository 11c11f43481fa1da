import { describe, expect, it } from 'vitest';
import { epleyOneRepMax } from './one-rep-max';

describe('epleyOneRepMax', () => {
  it('follows weight × (1 + reps / 30)', () => {
    expect(epleyOneRepMax(100, 10)).toBeCloseTo(133.333, 3);
    expect(epleyOneRepMax(60, 5)).toBe(70);
  });

  it('is the weight itself for a single', () => {
    expect(epleyOneRepMax(140, 1)).toBe(140);
  });

  it('estimates nothing without weight or reps', () => {
    expect(epleyOneRepMax(0, 10)).toBe(0);
    expect(epleyOneRepMax(100, 0)).toBe(0);
  });
});
