import type { TFunction } from 'i18next';
import { formatDate, formatNumber } from '../../../i18n/format';

/**
 * Formatting shared by the history cards and the charts. Dates are the member's local days.
 * Each function takes the shown language (and `t` where it writes words), so the same code
 * serves the components and their unit tests in any language.
 */

type T = TFunction<'workout-logs'>;

/** YYYY-MM-DD of `now` in the member's time zone (not UTC: streaks count local days). */
export function localIsoDate(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A YYYY-MM-DD day as a local Date at midnight, so formatting never shifts it by a zone. */
export function dayToDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

function daysBetween(from: string, to: string): number {
  return Math.round((dayToDate(to).getTime() - dayToDate(from).getTime()) / 86_400_000);
}

/**
 * "Today", "Yesterday", or "Tue, Nov 18" (with the year when it is not this year). The two
 * words come from the catalogue: Intl's relative "today" is lower case, and these head a card.
 */
export function formatLogDay(
  t: T,
  locale: string,
  day: string,
  today: string = localIsoDate(),
): string {
  const ago = daysBetween(day, today);
  if (ago === 0) return t('format.today');
  if (ago === 1) return t('format.yesterday');
  return formatDate(locale, dayToDate(day), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(day.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
  });
}

/** "Nov 18": the short form chart axes use. */
export function formatShortDay(locale: string, day: string): string {
  return formatDate(locale, dayToDate(day), { month: 'short', day: 'numeric' });
}

/** "Nov 18, 2026": a full date for screen-reader labels and tooltips. */
export function formatLongDay(locale: string, day: string): string {
  return formatDate(locale, dayToDate(day), { month: 'short', day: 'numeric', year: 'numeric' });
}

/** "975 kg": a weight in the unit the log was stored in. */
export function formatLogWeight(t: T, locale: string, value: number, unit: string): string {
  return t('format.weight', { value: formatNumber(locale, value), unit });
}

/**
 * "45 min", "1 h 5 min", "2 h"; null when the length was not recorded. Not format.ts's
 * duration: history has always written "h", where Intl's short English unit is "hr".
 */
export function formatDuration(t: T, locale: string, seconds: number | null): string | null {
  if (seconds === null || seconds <= 0) return null;
  const total = Math.max(1, Math.round(seconds / 60));
  const n = (value: number) => formatNumber(locale, value);
  if (total < 60) return t('format.minutes', { minutes: n(total) });
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return minutes === 0
    ? t('format.hours', { hours: n(hours) })
    : t('format.hoursMinutes', { hours: n(hours), minutes: n(minutes) });
}

/** "45 s" or "1:30 min" for a timed set. */
export function formatSeconds(t: T, locale: string, seconds: number): string {
  if (seconds < 60) return t('format.seconds', { seconds: formatNumber(locale, seconds) });
  const m = formatNumber(locale, Math.floor(seconds / 60));
  const s = seconds % 60;
  return s === 0
    ? t('format.minutes', { minutes: m })
    : t('format.minutesSeconds', { minutes: m, seconds: String(s).padStart(2, '0') });
}

interface LoggedSet {
  reps: number;
  weight: number;
  duration_seconds: number | null;
}

/** One logged set: "5 × 60 kg", "12 reps" (bodyweight), or "45 s" (timed). */
export function formatSet(t: T, locale: string, set: LoggedSet, unit: string): string {
  const weight = () => formatLogWeight(t, locale, set.weight, unit);
  if (set.duration_seconds !== null && set.duration_seconds > 0) {
    const time = formatSeconds(t, locale, set.duration_seconds);
    return set.weight > 0 ? t('format.timeAndWeight', { time, weight: weight() }) : time;
  }
  if (set.weight > 0) return t('format.repsTimesWeight', { reps: set.reps, weight: weight() });
  return t('format.reps', { count: set.reps });
}

/**
 * Runs of identical sets in a row, as one line each: "5 sets of 5 × 87.5 kg", then
 * "4 × 87.5 kg" for the odd one out. Five equal chips say less than one line does.
 */
export function summarizeSets(t: T, locale: string, sets: LoggedSet[], unit: string): string[] {
  const lines: string[] = [];
  let i = 0;
  while (i < sets.length) {
    const text = formatSet(t, locale, sets[i]!, unit);
    let run = 1;
    while (i + run < sets.length && formatSet(t, locale, sets[i + run]!, unit) === text) run += 1;
    lines.push(run === 1 ? text : t('format.setRun', { count: run, set: text }));
    i += run;
  }
  return lines;
}
