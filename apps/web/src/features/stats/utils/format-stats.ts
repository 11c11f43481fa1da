import type { TFunction } from 'i18next';
import { formatDate, formatNumber } from '../../../i18n/format';

/**
 * The stats modal's numbers and dates in the shown language. Each function takes the locale
 * (and `t` where it returns a word), so components and unit tests share them in any language.
 */

/** "12,340" for big totals; one decimal for small values such as a 1RM of 81.7. */
export function formatStatNumber(locale: string, value: number): string {
  return formatNumber(locale, value, { maximumFractionDigits: Math.abs(value) < 1000 ? 1 : 0 });
}

/** Time trained as a number and its unit: "45" min, or "13.9" h once past an hour. */
export function formatMinutes(
  t: TFunction<'stats'>,
  locale: string,
  minutes: number,
): { value: string; unit: string } {
  if (minutes < 60) {
    return { value: formatNumber(locale, minutes), unit: t('units.minutes') };
  }
  const hours = minutes / 60;
  return {
    value: formatNumber(locale, hours, { maximumFractionDigits: hours < 100 ? 1 : 0 }),
    unit: t('units.hours'),
  };
}

/**
 * "Nov 18, 2026" for a YYYY-MM-DD day or an ISO timestamp. A bare day is read as local
 * midnight (format.ts), so it never shows as the day before in zones west of UTC.
 */
export function formatDay(locale: string, value: string): string {
  return formatDate(locale, value, { month: 'short', day: 'numeric', year: 'numeric' });
}
