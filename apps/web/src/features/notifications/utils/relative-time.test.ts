import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const en = { now, locale: 'en', justNow: 'just now' };
const es = { now, locale: 'es', justNow: 'ahora mismo' };

describe('formatRelativeTime', () => {
  it('reads like a person would say it', () => {
    expect(formatRelativeTime(ago(5_000), en)).toBe('just now');
    expect(formatRelativeTime(ago(-30_000), en)).toBe('just now');
    expect(formatRelativeTime(ago(60_000), en)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(59 * 60_000), en)).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), en)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(26 * 3_600_000), en)).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 86_400_000), en)).toBe('3 days ago');
  });

  it('gives the date after a week, with the year when it is not this one', () => {
    expect(formatRelativeTime('2025-05-02T12:00:00Z', en)).toBe('May 2');
    expect(formatRelativeTime('2024-12-30T12:00:00Z', en)).toBe('Dec 30, 2024');
  });

  it('speaks the shown language', () => {
    expect(formatRelativeTime(ago(5_000), es)).toBe('ahora mismo');
    expect(formatRelativeTime(ago(5 * 60_000), es)).toBe('hace 5 minutos');
    expect(formatRelativeTime(ago(26 * 3_600_000), es)).toBe('ayer');
    expect(formatRelativeTime('2025-05-02T12:00:00Z', es)).toBe('2 may');
    expect(formatRelativeTime('2024-12-30T12:00:00Z', es)).toBe('30 dic 2024');
  });

  it('says nothing for a date it cannot read', () => {
    expect(formatRelativeTime('not a date', en)).toBe('');
  });
});
