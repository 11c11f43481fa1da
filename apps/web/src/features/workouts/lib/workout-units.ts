import { formatNumber, formatWeight } from '../../../i18n/format';
import type { WeightUnit } from './loadable-weight';
import type { WorkoutsT } from './workouts-t';

/*
 * The workout's quantities in the language on screen. Seconds keep the short "s" of the spec's
 * screens ("rest 90 s"), which Intl would spell "sec"; minutes and weights are Intl's own units.
 */

/** "45 min". */
export function minutesText(locale: string, minutes: number): string {
  return formatNumber(locale, minutes, {
    style: 'unit',
    unit: 'minute',
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  });
}

/** "90 s" (no thousands separator: "3600 s" reads as a duration, "3,600 s" as a count). */
export function secondsText(t: WorkoutsT, locale: string, seconds: number): string {
  return t('unit.seconds', {
    seconds: formatNumber(locale, seconds, { maximumFractionDigits: 0, useGrouping: false }),
  });
}

/** "62.5 kg", "177,5 lb": the decimal mark of the language, the member's unit. */
export function weightText(locale: string, weight: number, unit: WeightUnit): string {
  return formatWeight(locale, weight, unit === 'kg' ? 'metric' : 'imperial');
}

const decimalMarks = new Map<string, string>();

/** The language's decimal mark, for number inputs that take decimals ("62,5" in Spanish). */
export function decimalSeparator(locale: string): string {
  let mark = decimalMarks.get(locale);
  if (mark === undefined) {
    mark =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')
        ?.value ?? '.';
    decimalMarks.set(locale, mark);
  }
  return mark;
}
