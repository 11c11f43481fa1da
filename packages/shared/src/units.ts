/** Pounds to kilograms, exactly as the spec gives it. */
export const KG_PER_LB = 0.45359237;
/** Inches to centimetres, exactly as the spec gives it. */
export const CM_PER_IN = 2.54;

export const measurementTypes = ['metric', 'imperial'] as const;
export type MeasurementType = (typeof measurementTypes)[number];

/** Rounds to 2 decimals, the precision the unit switch shows. */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

export function lbToKg(lb: number): number {
  return lb * KG_PER_LB;
}

export function kgToLb(kg: number): number {
  return kg / KG_PER_LB;
}

export function inToCm(inches: number): number {
  return inches * CM_PER_IN;
}

export function cmToIn(cm: number): number {
  return cm / CM_PER_IN;
}

/** Weight entered in the member's units → canonical kilograms (full precision). */
export function weightToKg(weight: number, units: MeasurementType): number {
  return units === 'metric' ? weight : lbToKg(weight);
}

/** Canonical kilograms → the member's units, rounded for display. */
export function weightFromKg(kg: number, units: MeasurementType): number {
  return round2(units === 'metric' ? kg : kgToLb(kg));
}

/** Height entered in the member's units → canonical centimetres (full precision). */
export function heightToCm(height: number, units: MeasurementType): number {
  return units === 'metric' ? height : inToCm(height);
}

/** Canonical centimetres → the member's units, rounded for display. */
export function heightFromCm(cm: number, units: MeasurementType): number {
  return round2(units === 'metric' ? cm : cmToIn(cm));
}

/**
 * What the unit switch does to the values on screen: converts weight and height from one
 * system to the other, to 2 decimals. Empty values stay empty.
 */
export function convertBodyValues(
  values: { weight: number | null; height: number | null },
  from: MeasurementType,
  to: MeasurementType,
): { weight: number | null; height: number | null } {
  if (from === to) return values;
  const weight =
    values.weight === null
      ? null
      : round2(to === 'imperial' ? kgToLb(values.weight) : lbToKg(values.weight));
  const height =
    values.height === null
      ? null
      : round2(to === 'imperial' ? cmToIn(values.height) : inToCm(values.height));
  return { weight, height };
}

export function weightUnit(units: MeasurementType): 'kg' | 'lb' {
  return units === 'metric' ? 'kg' : 'lb';
}

export function heightUnit(units: MeasurementType): 'cm' | 'in' {
  return units === 'metric' ? 'cm' : 'in';
}

/**
 * Plausible body ranges per unit system. The imperial bounds are the metric ones converted and
 * widened to whole numbers, so a value that passes in one system passes after the switch.
 */
export const bodyLimits = {
  metric: { weight: { min: 20, max: 400 }, height: { min: 50, max: 272 } },
  imperial: { weight: { min: 44, max: 882 }, height: { min: 19, max: 108 } },
} as const;
