import { programDayOffset } from './programs';

/**
 * A member's own calendar for a program they follow: from their start date, with every pause
 * they took moving the days after it later. Pure, so the server (done, missed, today's session)
 * and tests read the same dates.
 */

const DAY_MS = 86_400_000;

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** A resumed pause: the days from offset `at` (unpaused days from the start) moved `days` later. */
export interface SchedulePause {
  at: number;
  days: number;
}

export interface FollowSchedule {
  startsOn: string;
  pauses: readonly SchedulePause[];
}

/** Days from the start to a program day's offset once the pauses before it are counted. */
function shifted(offset: number, pauses: readonly SchedulePause[]): number {
  let total = offset;
  for (const p of pauses) if (offset >= p.at) total += p.days;
  return total;
}

/** The date of a program day (week, ISO weekday) on the member's calendar. */
export function followDate(s: FollowSchedule, week: number, weekday: number): string {
  return addDays(s.startsOn, shifted(programDayOffset(s.startsOn, week, weekday), s.pauses));
}

/** The last day of the program on the member's calendar. */
export function followEndsOn(s: FollowSchedule, weeks: number): string {
  return addDays(s.startsOn, shifted(weeks * 7 - 1, s.pauses));
}

/**
 * The pause a resume on `resumedOn` adds, for a pause begun on `pausedOn`: every day not yet
 * reached on `pausedOn` moves by the days paused. Null when no day passed (nothing moves).
 */
export function pauseOf(
  s: FollowSchedule,
  weeks: number,
  pausedOn: string,
  resumedOn: string,
): SchedulePause | null {
  const days = daysBetween(pausedOn, resumedOn);
  if (days <= 0) return null;
  const reached = daysBetween(s.startsOn, pausedOn);
  let at = 0;
  while (at < weeks * 7 && shifted(at, s.pauses) < reached) at++;
  return { at, days };
}

export type DayStatus = 'done' | 'missed' | 'today' | 'upcoming' | 'paused';

/**
 * A workout day's state on `today`: done when the member logged that workout on that date, else
 * missed once the date is past, paused while the program is paused, today, or upcoming.
 */
export function dayStatus(
  date: string,
  today: string,
  done: boolean,
  pausedOn: string | null,
): DayStatus {
  if (done) return 'done';
  if (pausedOn !== null && date >= pausedOn) return 'paused';
  if (date < today) return 'missed';
  return date === today ? 'today' : 'upcoming';
}

export interface WeekAdherence {
  week: number;
  /** Workout days planned that week. */
  planned: number;
  done: number;
  missed: number;
  /** Done out of the days already due (done + missed), in percent; null when none is due yet. */
  adherence: number | null;
}

/** Progress and adherence per week from each workout day's status. */
export function weeklyAdherence(
  weeks: number,
  days: readonly { week: number; status: DayStatus }[],
): WeekAdherence[] {
  return Array.from({ length: weeks }, (_, k) => {
    const of = days.filter((d) => d.week === k + 1);
    const done = of.filter((d) => d.status === 'done').length;
    const missed = of.filter((d) => d.status === 'missed').length;
    return {
      week: k + 1,
      planned: of.length,
      done,
      missed,
      adherence: done + missed === 0 ? null : Math.round((done / (done + missed)) * 100),
    };
  });
}

/** Which program day (week, ISO weekday) falls on `date` on the member's calendar, if any. */
export function followPlace(
  s: FollowSchedule,
  weeks: number,
  date: string,
): { week: number; weekday: number } | null {
  const target = daysBetween(s.startsOn, date);
  if (target < 0) return null;
  for (let base = 0; base < weeks * 7; base++) {
    const at = shifted(base, s.pauses);
    if (at === target) {
      const weekday = new Date(Date.parse(`${addDays(s.startsOn, base)}T00:00:00Z`)).getUTCDay();
      return { week: Math.floor(base / 7) + 1, weekday: weekday || 7 };
    }
    // Days in a pause belong to no program day.
    if (at > target) return null;
  }
  return null;
}
