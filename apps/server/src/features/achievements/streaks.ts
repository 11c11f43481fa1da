/** Streak arithmetic on YYYY-MM-DD dates (the member's local training days). */

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** The Monday of the ISO week a date falls in, as a day number. */
function weekNumber(date: string): number {
  const day = dayNumber(date);
  // 1970-01-01 was a Thursday: shift so that weeks start on Monday.
  return Math.floor((day + 3) / 7);
}

export function mondayOf(date: string): string {
  const monday = weekNumber(date) * 7 - 3;
  return new Date(monday * DAY_MS).toISOString().slice(0, 10);
}

function runLength(sortedDesc: number[]): number {
  if (sortedDesc.length === 0) return 0;
  let run = 1;
  for (let i = 1; i < sortedDesc.length; i += 1) {
    if (sortedDesc[i - 1]! - sortedDesc[i]! !== 1) break;
    run += 1;
  }
  return run;
}

function uniqueDesc(values: number[]): number[] {
  return [...new Set(values)].sort((a, b) => b - a);
}

/** Consecutive days with a workout, ending at the most recent one. */
export function dayStreak(dates: string[]): number {
  return runLength(uniqueDesc(dates.map(dayNumber)));
}

/** Consecutive ISO weeks with at least one workout, ending at the most recent one's week. */
export function weekStreak(dates: string[]): number {
  return runLength(uniqueDesc(dates.map(weekNumber)));
}

/** The longest run of consecutive days with a workout. */
export function longestDayStreak(dates: string[]): number {
  const days = uniqueDesc(dates.map(dayNumber));
  let best = 0;
  let run = 0;
  for (let i = 0; i < days.length; i += 1) {
    run = i > 0 && days[i - 1]! - days[i]! === 1 ? run + 1 : 1;
    best = Math.max(best, run);
  }
  return best;
}

/**
 * A streak still counts while its last day is today or yesterday (the member may not have
 * trained yet today); older, it has lapsed.
 */
export function isStreakAlive(lastDay: string | null, today: string): boolean {
  if (!lastDay) return false;
  return dayNumber(today) - dayNumber(lastDay) <= 1;
}

export function isWeekStreakAlive(lastDay: string | null, today: string): boolean {
  if (!lastDay) return false;
  return weekNumber(today) - weekNumber(lastDay) <= 1;
}

let todayMemo = { minute: -1, day: '' };

/** Today's date in UTC; worked out once a minute (it keys cached answers on every request). */
export function todayUtc(now?: Date): string {
  if (now) return now.toISOString().slice(0, 10);
  const minute = Math.floor(Date.now() / 60_000);
  if (minute !== todayMemo.minute) {
    todayMemo = { minute, day: new Date(minute * 60_000).toISOString().slice(0, 10) };
  }
  return todayMemo.day;
}
