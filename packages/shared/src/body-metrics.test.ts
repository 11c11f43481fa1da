import { describe, expect, it } from 'vitest';
import { bmi, bmiCategory } from './body-metrics';

describe('bmi', () => {
  it('gives the same answer in either unit system', () => {
    expect(bmi(70, 175, 'metric')).toBe(22.9);
    expect(bmi(154.32, 68.9, 'imperial')).toBe(22.9);
  });

  it('uses the WHO bands', () => {
    expect(bmiCategory(18.4)).toBe('underweight');
    expect(bmiCategory(18.5)).toBe('healthy');
    expect(bmiCategory(25)).toBe('overweight');
    expect(bmiCategory(30)).toBe('obese');
  });
});
