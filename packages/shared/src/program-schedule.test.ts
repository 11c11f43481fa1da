import { describe, expect, it } from 'vitest';
import {
  dayStatus,
  followDate,
  followEndsOn,
  followPlace,
  pauseOf,
  weeklyAdherence,
} from './program-schedule';

// Wednesday 25 November 2026.
const wed = '2026-11-25';

describe('followDate', () => {
  it('counts week 1 from the start day and keeps each day’s weekday', () => {
    const s = { startsOn: wed, pauses: [] };
    expect(followDate(s, 1, 3)).toBe(wed);
    expect(followDate(s, 1, 1)).toBe('2026-11-30');
    expect(followDate(s, 2, 3)).toBe('2026-12-02');
    expect(followEndsOn(s, 2)).toBe('2026-12-08');
  });

  it('moves only the days not reached when the pause began', () => {
    const s = { startsOn: wed, pauses: [] };
    // Paused on Friday (day 2), resumed the next Monday: three days later.
    const pause = pauseOf(s, 4, '2026-11-27', '2026-11-30');
    expect(pause).toEqual({ at: 2, days: 3 });
    const after = { startsOn: wed, pauses: [pause!] };
    expect(followDate(after, 1, 3)).toBe(wed);
    expect(followDate(after, 1, 4)).toBe('2026-11-26');
    expect(followDate(after, 1, 5)).toBe('2026-11-30');
    expect(followEndsOn(after, 4)).toBe('2026-12-25');
    // A second pause counts from the moved calendar.
    const second = pauseOf(after, 4, '2026-12-01', '2026-12-03');
    expect(second).toEqual({ at: 3, days: 2 });
    expect(followDate({ startsOn: wed, pauses: [pause!, second!] }, 1, 7)).toBe('2026-12-04');
    expect(pauseOf(s, 4, wed, wed)).toBeNull();
  });
});

describe('dayStatus and weeklyAdherence', () => {
  it('marks done from logs, then paused, missed, today and upcoming', () => {
    expect(dayStatus('2026-11-20', wed, true, null)).toBe('done');
    expect(dayStatus('2026-11-20', wed, false, null)).toBe('missed');
    expect(dayStatus(wed, wed, false, null)).toBe('today');
    expect(dayStatus('2026-11-26', wed, false, null)).toBe('upcoming');
    expect(dayStatus('2026-11-26', wed, false, '2026-11-24')).toBe('paused');
    expect(dayStatus('2026-11-23', wed, false, '2026-11-24')).toBe('missed');
  });

  it('gives each week its planned, done and missed days and the share done of those due', () => {
    const weeks = weeklyAdherence(2, [
      { week: 1, status: 'done' },
      { week: 1, status: 'missed' },
      { week: 1, status: 'done' },
      { week: 2, status: 'upcoming' },
    ]);
    expect(weeks).toEqual([
      { week: 1, planned: 3, done: 2, missed: 1, adherence: 67 },
      { week: 2, planned: 1, done: 0, missed: 0, adherence: null },
    ]);
  });
});

describe('followPlace', () => {
  it('finds the program day on a date, none inside a pause or outside the program', () => {
    const s = { startsOn: wed, pauses: [{ at: 2, days: 3 }] };
    expect(followPlace(s, 1, wed)).toEqual({ week: 1, weekday: 3 });
    expect(followPlace(s, 1, '2026-11-27')).toBeNull();
    expect(followPlace(s, 1, '2026-11-30')).toEqual({ week: 1, weekday: 5 });
    expect(followPlace(s, 1, '2026-11-24')).toBeNull();
    expect(followPlace(s, 1, '2026-12-05')).toBeNull();
    expect(followPlace(s, 1, '2026-12-04')).toEqual({ week: 1, weekday: 2 });
  });
});
