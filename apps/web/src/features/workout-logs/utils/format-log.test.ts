import { beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, i18n, startI18n } from '../../../i18n/i18n';
import {
  formatDuration,
  formatLogDay,
  formatLongDay,
  formatSet,
  formatSeconds,
  formatShortDay,
  localIsoDate,
  summarizeSets,
} from './format-log';

// English is bundled; Spanish loads on demand, so it is loaded once before the tests read it.
beforeAll(async () => {
  await startI18n('en');
  await changeLocale('es', { remember: false });
  await changeLocale('en', { remember: false });
});

const en = () => i18n.getFixedT('en', 'workout-logs');
const es = () => i18n.getFixedT('es', 'workout-logs');

const set = (reps: number, weight: number, duration_seconds: number | null = null) => ({
  reps,
  weight,
  duration_seconds,
});

describe('localIsoDate', () => {
  it('uses the local calendar day, not the UTC one', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
    expect(localIsoDate(new Date(2026, 11, 31, 0, 5))).toBe('2026-12-31');
  });
});

describe('formatLogDay', () => {
  it('names today and yesterday, and dates the rest', () => {
    expect(formatLogDay(en(), 'en', '2026-11-21', '2026-11-21')).toBe('Today');
    expect(formatLogDay(en(), 'en', '2026-11-20', '2026-11-21')).toBe('Yesterday');
    expect(formatLogDay(en(), 'en', '2026-11-18', '2026-11-21')).toBe('Wed, Nov 18');
    expect(formatLogDay(en(), 'en', '2025-12-30', '2026-01-02')).toBe('Tue, Dec 30, 2025');
  });

  it('counts days across a month end and a daylight-saving change', () => {
    expect(formatLogDay(en(), 'en', '2026-02-28', '2026-03-01')).toBe('Yesterday');
    expect(formatLogDay(en(), 'en', '2026-03-28', '2026-03-29')).toBe('Yesterday');
  });

  it('speaks Spanish, with the day before the month', () => {
    expect(formatLogDay(es(), 'es', '2026-11-21', '2026-11-21')).toBe('Hoy');
    expect(formatLogDay(es(), 'es', '2026-11-20', '2026-11-21')).toBe('Ayer');
    expect(formatLogDay(es(), 'es', '2026-11-18', '2026-11-21')).toBe('mié, 18 nov');
    expect(formatLogDay(es(), 'es', '2025-12-30', '2026-01-02')).toBe('mar, 30 dic 2025');
  });
});

describe('chart days', () => {
  it('shortens for axes and writes the year for labels, in each language’s order', () => {
    expect(formatShortDay('en', '2026-11-18')).toBe('Nov 18');
    expect(formatLongDay('en', '2026-11-18')).toBe('Nov 18, 2026');
    expect(formatShortDay('es', '2026-11-18')).toBe('18 nov');
    expect(formatLongDay('es', '2026-11-18')).toBe('18 nov 2026');
  });
});

describe('formatDuration', () => {
  it('shows minutes, then hours and minutes, and nothing when unknown', () => {
    expect(formatDuration(en(), 'en', null)).toBeNull();
    expect(formatDuration(en(), 'en', 0)).toBeNull();
    expect(formatDuration(en(), 'en', 20)).toBe('1 min');
    expect(formatDuration(en(), 'en', 2520)).toBe('42 min');
    expect(formatDuration(en(), 'en', 3600)).toBe('1 h');
    expect(formatDuration(en(), 'en', 3960)).toBe('1 h 6 min');
    expect(formatDuration(es(), 'es', 3960)).toBe('1 h 6 min');
  });
});

describe('formatSet', () => {
  it('writes weighted, bodyweight and timed sets in the member’s unit', () => {
    expect(formatSet(en(), 'en', set(5, 87.5), 'kg')).toBe('5 × 87.5 kg');
    expect(formatSet(en(), 'en', set(8, 135), 'lb')).toBe('8 × 135 lb');
    expect(formatSet(en(), 'en', set(12, 0), 'kg')).toBe('12 reps');
    expect(formatSet(en(), 'en', set(1, 0), 'kg')).toBe('1 rep');
    expect(formatSet(en(), 'en', set(1, 0, 45), 'kg')).toBe('45 s');
    expect(formatSet(en(), 'en', set(1, 20, 60), 'kg')).toBe('1 min · 20 kg');
  });

  it('writes Spanish words and decimal commas', () => {
    expect(formatSet(es(), 'es', set(5, 87.5), 'kg')).toBe('5 × 87,5 kg');
    expect(formatSet(es(), 'es', set(12, 0), 'kg')).toBe('12 repeticiones');
    expect(formatSet(es(), 'es', set(1, 0), 'kg')).toBe('1 repetición');
  });

  it('writes longer holds in minutes', () => {
    expect(formatSeconds(en(), 'en', 90)).toBe('1:30 min');
    expect(formatSeconds(en(), 'en', 120)).toBe('2 min');
  });
});

describe('summarizeSets', () => {
  it('folds runs of identical sets and keeps the order', () => {
    expect(
      summarizeSets(en(), 'en', [set(5, 60), set(5, 60), set(5, 60), set(4, 60), set(5, 60)], 'kg'),
    ).toEqual(['3 sets of 5 × 60 kg', '4 × 60 kg', '5 × 60 kg']);
    expect(summarizeSets(en(), 'en', [set(1, 0, 45), set(1, 0, 45), set(1, 0, 40)], 'kg')).toEqual([
      '2 sets of 45 s',
      '40 s',
    ]);
    expect(summarizeSets(en(), 'en', [], 'kg')).toEqual([]);
  });

  it('folds runs in Spanish too', () => {
    expect(summarizeSets(es(), 'es', [set(5, 62.5), set(5, 62.5)], 'kg')).toEqual([
      '2 series de 5 × 62,5 kg',
    ]);
  });
});
