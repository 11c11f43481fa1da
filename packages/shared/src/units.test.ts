import { describe, expect, it } from 'vitest';
import {
  CM_PER_IN,
  KG_PER_LB,
  convertBodyValues,
  heightFromCm,
  heightToCm,
  round2,
  weightFromKg,
  weightToKg,
} from './units';

describe('units', () => {
  it('uses the spec factors', () => {
    expect(KG_PER_LB).toBe(0.45359237);
    expect(CM_PER_IN).toBe(2.54);
  });

  it('converts on the switch to 2 decimals, both ways', () => {
    expect(convertBodyValues({ weight: 80, height: 180 }, 'metric', 'imperial')).toEqual({
      weight: 176.37,
      height: 70.87,
    });
    expect(convertBodyValues({ weight: 176.37, height: 70.87 }, 'imperial', 'metric')).toEqual({
      weight: 80,
      height: 180.01,
    });
  });

  it('keeps empty values empty and leaves same-system values alone', () => {
    expect(convertBodyValues({ weight: null, height: 170 }, 'metric', 'imperial')).toEqual({
      weight: null,
      height: 66.93,
    });
    expect(convertBodyValues({ weight: 1, height: 2 }, 'metric', 'metric')).toEqual({
      weight: 1,
      height: 2,
    });
  });

  it('stores canonically at full precision so a stored value reads back as typed', () => {
    const kg = weightToKg(180, 'imperial');
    expect(kg).toBeCloseTo(81.6466266, 6);
    expect(weightFromKg(kg, 'imperial')).toBe(180);
    expect(weightFromKg(kg, 'metric')).toBe(81.65);
    const cm = heightToCm(71, 'imperial');
    expect(cm).toBeCloseTo(180.34, 6);
    expect(heightFromCm(cm, 'imperial')).toBe(71);
  });

  it('rounds halves up', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.345)).toBe(2.35);
  });
});
