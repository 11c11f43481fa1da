import { heightToCm, weightToKg, type MeasurementType } from './units';

export type BmiCategory = 'underweight' | 'healthy' | 'overweight' | 'obese';

/** Body-mass index from weight and height in the member's units, to 1 decimal. */
export function bmi(weight: number, height: number, units: MeasurementType): number {
  const kg = weightToKg(weight, units);
  const m = heightToCm(height, units) / 100;
  return Math.round((kg / (m * m)) * 10) / 10;
}

/** The WHO adult bands. */
export function bmiCategory(value: number): BmiCategory {
  if (value < 18.5) return 'underweight';
  if (value < 25) return 'healthy';
  if (value < 30) return 'overweight';
  return 'obese';
}
