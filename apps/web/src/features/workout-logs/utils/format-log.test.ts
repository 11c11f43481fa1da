import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatLogDay,
  formatSet,
  formatSeconds,
  localIsoDate,
  summarizeSets,
} from './format-log';

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
    expect(formatLogDay('2026-11-21', '2026-11-21')).toBe('Today');
    expect(formatLogDay('2026-11-20', '2026-11-21')).toBe('Yesterday');
    expect(formatLogDay('2026-11-18', '2026-11-21')).toBe('Wed, Nov 18');
    expect(formatLogDay('2025-12-30', '2026-01-02')).toBe('Tue, Dec 30, 2025');
  });

  it('counts days across a month end and a daylight-saving change', () => {
    expect(formatLogDay('2026-02-28', '2026-03-01')).toBe('Yesterday');
    expect(formatLogDay('2026-03-28', '2026-03-29')).toBe('Yesterday');
  });
});

describe('formatDuration', () => {
  it('shows minutes, then hours and minutes, and nothing when unknown', () => {
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(0)).toBeNull();
    expect(formatDuration(20)).toBe('1 min');
    expect(formatDuration(2520)).toBe('42 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3960)).toBe('1 h 6 min');
  });
});

describe('formatSet', () => {
  it('writes weighted, bodyweight and timed sets in the member’s unit', () => {
    expect(formatSet(set(5, 87.5), 'kg')).toBe('5 × 87.5 kg');
    expect(formatSet(set(8, 135), 'lb')).toBe('8 × 135 lb');
    expect(formatSet(set(12, 0), 'kg')).toBe('12 reps');
    expect(formatSet(set(1, 0), 'kg')).toBe('1 rep');
    expect(formatSet(set(1, 0, 45), 'kg')).toBe('45 s');
    expect(formatSet(set(1, 20, 60), 'kg')).toBe('1 min · 20 kg');
  });

  it('writes longer holds in minutes', () => {
    expect(formatSeconds(90)).toBe('1:30 min');
    expect(formatSeconds(120)).toBe('2 min');
  });
});

describe('summarizeSets', () => {
  it('folds runs of identical sets and keeps the order', () => {
    expect(
      summarizeSets([set(5, 60), set(5, 60), set(5, 60), set(4, 60), set(5, 60)], 'kg'),
    ).toEqual(['3 sets of 5 × 60 kg', '4 × 60 kg', '5 × 60 kg']);
    expect(summarizeSets([set(1, 0, 45), set(1, 0, 45), set(1, 0, 40)], 'kg')).toEqual([
      '2 sets of 45 s',
      '40 s',
    ]);
    expect(summarizeSets([], 'kg')).toEqual([]);
  });
});
