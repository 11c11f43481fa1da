import type { MeasurementType } from '@fitcoach/shared/units';
import { useTranslation } from 'react-i18next';

/**
 * Numbers, dates, weights and durations in the member's language, all through `Intl` (so
 * "1,234.5 kg" in English is "1234,5 kg" in Spanish, and dates follow the language's order).
 * Pure functions take the locale; `useFormat()` binds the one the app shows now.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** A YYYY-MM-DD day as local midnight (never shifted a day by the time zone); else a timestamp. */
export function toDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
}

/** Separators by language; at most one decimal for small values, none for big ones. */
export function formatNumber(locale: string, value: number, options?: Intl.NumberFormatOptions) {
  return numberFormat(locale, {
    maximumFractionDigits: Math.abs(value) < 100 ? 1 : 0,
    ...options,
  }).format(value);
}

export function formatDate(
  locale: string,
  value: string | Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
) {
  return dateFormat(locale, options).format(toDate(value));
}

/** "82.5 kg" / "182 lb" with the language's decimal mark. */
export function formatWeight(locale: string, value: number, units: MeasurementType) {
  return numberFormat(locale, {
    style: 'unit',
    unit: units === 'metric' ? 'kilogram' : 'pound',
    unitDisplay: 'short',
    maximumFractionDigits: 2,
  }).format(value);
}

/** "45 min", "1 h 5 min", "2 h" (rounded to the minute, at least one). */
export function formatDuration(locale: string, seconds: number) {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const unit = (value: number, name: 'hour' | 'minute') =>
    numberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (minutes < 60) return unit(minutes, 'minute');
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? unit(h, 'hour') : `${unit(h, 'hour')} ${unit(m, 'minute')}`;
}

/** The formatters in the language the app shows now; re-renders when it changes. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return {
    locale,
    number: (value: number, options?: Intl.NumberFormatOptions) =>
      formatNumber(locale, value, options),
    date: (value: string | Date, options?: Intl.DateTimeFormatOptions) =>
      formatDate(locale, value, options),
    weight: (value: number, units: MeasurementType) => formatWeight(locale, value, units),
    duration: (seconds: number) => formatDuration(locale, seconds),
  };
}
