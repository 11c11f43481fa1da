/** Formatting shared by the history cards and the charts. Dates are the member's local days. */

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

/** "Today", "Yesterday", or "Tue, Nov 18" (with the year when it is not this year). */
export function formatLogDay(day: string, today: string = localIsoDate()): string {
  const ago = daysBetween(day, today);
  if (ago === 0) return 'Today';
  if (ago === 1) return 'Yesterday';
  const date = dayToDate(day);
  return date.toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(day.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
  });
}

/** "Nov 18": the short form chart axes use. */
export function formatShortDay(day: string): string {
  return dayToDate(day).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/** "Nov 18, 2026": a full date for screen-reader labels and tooltips. */
export function formatLongDay(day: string): string {
  return dayToDate(day).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** Whole numbers with separators, and at most one decimal for small values. */
export function formatNumber(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: Math.abs(value) < 100 ? 1 : 0 });
}

/** "45 min", "1 h 5 min", "2 h"; null when the length was not recorded. */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null || seconds <= 0) return null;
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** "45 s" or "1:30 min" for a timed set. */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return s === 0 ? `${m} min` : `${m}:${String(s).padStart(2, '0')} min`;
}

/** One logged set: "5 × 60 kg", "12 reps" (bodyweight), or "45 s" (timed). */
export function formatSet(
  set: { reps: number; weight: number; duration_seconds: number | null },
  unit: string,
): string {
  if (set.duration_seconds !== null && set.duration_seconds > 0) {
    return set.weight > 0
      ? `${formatSeconds(set.duration_seconds)} · ${formatNumber(set.weight)} ${unit}`
      : formatSeconds(set.duration_seconds);
  }
  if (set.weight > 0) return `${set.reps} × ${formatNumber(set.weight)} ${unit}`;
  return `${set.reps} ${set.reps === 1 ? 'rep' : 'reps'}`;
}

interface LoggedSet {
  reps: number;
  weight: number;
  duration_seconds: number | null;
}

/**
 * Runs of identical sets in a row, as one line each: "5 sets of 5 × 87.5 kg", then
 * "4 × 87.5 kg" for the odd one out. Five equal chips say less than one line does.
 */
export function summarizeSets(sets: LoggedSet[], unit: string): string[] {
  const lines: string[] = [];
  let i = 0;
  while (i < sets.length) {
    const text = formatSet(sets[i]!, unit);
    let run = 1;
    while (i + run < sets.length && formatSet(sets[i + run]!, unit) === text) run += 1;
    lines.push(run === 1 ? text : `${run} sets of ${text}`);
    i += run;
  }
  return lines;
}
