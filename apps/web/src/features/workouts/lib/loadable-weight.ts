/**
 * The smallest change of load a gym offers: two 1.25 lb plates are 2.5 lb, two 0.625 kg ones
 * 1.25 kg. Prescribed weights are stored exactly (in kilograms, converted to the member's
 * units by the server); shown, they are rounded to this step, so an imperial member reads a
 * load they can put on the bar ("27.5 lb"), not a conversion ("26.46 lb").
 */
export const LOADABLE_STEP = { kg: 1.25, lb: 2.5 } as const;

export type WeightUnit = keyof typeof LOADABLE_STEP;

/**
 * A prescribed weight in the member's units, rounded to the nearest loadable step. Bodyweight
 * (0) stays 0; any other weight is at least one step, so a light load never reads as none.
 */
export function loadableWeight(
  weight: number,
  unit: WeightUnit,
  step: number = LOADABLE_STEP[unit],
): number {
  if (!(weight > 0) || !(step > 0)) return weight;
  const steps = Math.max(1, Math.round(weight / step));
  // Whole hundredths: 71 × 2.5 is 177.5, not 177.49999….
  return Math.round(steps * step * 100) / 100;
}
