import { describe, expect, it } from 'vitest';
import { kgToLb, weightFromKg } from '@fitcoach/shared/units';
import { LOADABLE_STEP, loadableWeight } from './loadable-weight';

describe('a loadable weight', () => {
  it('rounds an imperial member’s converted weight to the nearest 2.5 lb', () => {
    // 12 kg and 80 kg as the server sends them to an imperial member: 26.46 lb and 176.37 lb.
    expect(weightFromKg(12, 'imperial')).toBe(26.46);
    expect(loadableWeight(weightFromKg(12, 'imperial'), 'lb')).toBe(27.5);
    expect(weightFromKg(80, 'imperial')).toBe(176.37);
    expect(loadableWeight(weightFromKg(80, 'imperial'), 'lb')).toBe(177.5);
    expect(loadableWeight(kgToLb(100), 'lb')).toBe(220);
    expect(loadableWeight(135, 'lb')).toBe(135);
  });

  it('rounds a metric member’s weight to the nearest 1.25 kg', () => {
    expect(LOADABLE_STEP).toEqual({ kg: 1.25, lb: 2.5 });
    expect(loadableWeight(60, 'kg')).toBe(60);
    expect(loadableWeight(62.5, 'kg')).toBe(62.5);
    // 135 lb written by an imperial member, read by a metric one: 61.23 kg.
    expect(loadableWeight(weightFromKg(61.234, 'metric'), 'kg')).toBe(61.25);
    expect(loadableWeight(22.68, 'kg')).toBe(22.5);
  });

  it('rounds halfway up and lands on whole hundredths', () => {
    expect(loadableWeight(26.25, 'lb')).toBe(27.5);
    expect(loadableWeight(61.875, 'kg')).toBe(62.5);
    for (let w = 1.25; w < 500; w += 0.37) {
      const shown = loadableWeight(w, 'lb');
      expect(shown % 2.5).toBe(0);
      expect(Math.abs(shown - w)).toBeLessThanOrEqual(1.25 + 1e-9);
    }
  });

  it('keeps bodyweight at 0 and a light load at one step at least', () => {
    expect(loadableWeight(0, 'lb')).toBe(0);
    expect(loadableWeight(0.5, 'kg')).toBe(1.25);
    expect(loadableWeight(1.1, 'lb')).toBe(2.5);
  });

  it('takes another step when a gym has one', () => {
    expect(loadableWeight(26.46, 'lb', 5)).toBe(25);
    expect(loadableWeight(61.23, 'kg', 2.5)).toBe(60);
  });
});
