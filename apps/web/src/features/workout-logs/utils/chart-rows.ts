import type { ChartData } from '@fitcoach/shared/workout-logs';

/** The data key of an exercise's line: ids, because names may hold dots recharts reads as paths. */
export function exerciseSeriesKey(exerciseId: number): string {
  return `exercise_${exerciseId}`;
}

export interface OneRepMaxRow {
  date: string;
  [seriesKey: string]: string | number | null;
}

/**
 * The API's long-form points ({date, exercise_id, value}) as one row per date with a column
 * per exercise, which is what a multi-series line chart draws. Dates come out oldest first;
 * a day without that exercise is null so the line skips it rather than dropping to zero.
 */
export function pivotOneRepMax(oneRepMax: ChartData['one_rep_max']): OneRepMaxRow[] {
  const keys = oneRepMax.exercises.map((e) => exerciseSeriesKey(e.exercise_id));
  const rows = new Map<string, OneRepMaxRow>();
  for (const point of oneRepMax.points) {
    let row = rows.get(point.date);
    if (!row) {
      row = { date: point.date };
      for (const key of keys) row[key] = null;
      rows.set(point.date, row);
    }
    const key = exerciseSeriesKey(point.exercise_id);
    const previous = row[key];
    // Two sessions on one day: the chart shows that day's best.
    row[key] = typeof previous === 'number' ? Math.max(previous, point.value) : point.value;
  }
  return [...rows.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** A trend needs two points: true when some exercise was logged with weight on two days. */
export function hasOneRepMaxTrend(oneRepMax: ChartData['one_rep_max']): boolean {
  const days = new Map<number, Set<string>>();
  for (const p of oneRepMax.points) {
    const set = days.get(p.exercise_id) ?? new Set<string>();
    set.add(p.date);
    days.set(p.exercise_id, set);
  }
  return [...days.values()].some((set) => set.size >= 2);
}

/** Sessions per week, with the week labelled by its Monday. */
export function weeklySessionTotal(weeks: ChartData['sessions_per_week']): number {
  return weeks.reduce((sum, w) => sum + w.sessions, 0);
}

/** Distinct workouts among the logs, for the chart picker (logs of deleted workouts have none). */
export function loggedWorkouts(
  logs: { workout_id: number | null; title: string }[],
): { id: number; title: string }[] {
  const seen = new Map<number, string>();
  for (const log of logs) {
    if (log.workout_id !== null && !seen.has(log.workout_id)) seen.set(log.workout_id, log.title);
  }
  return [...seen].map(([id, title]) => ({ id, title }));
}

/**
 * The weeks worth drawing: from the first week with a session on (at least `min` weeks), so a
 * new member's month is not squeezed against five empty months.
 */
export function activeWeeks(
  weeks: ChartData['sessions_per_week'],
  min = 8,
): ChartData['sessions_per_week'] {
  const first = weeks.findIndex((w) => w.sessions > 0);
  if (first === -1) return weeks.slice(-min);
  return weeks.slice(Math.min(first, Math.max(0, weeks.length - min)));
}
