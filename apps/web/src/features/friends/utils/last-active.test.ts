import { describe, expect, it } from 'vitest';
import { timeAgo } from './last-active';

const now = Date.parse('2026-06-10T12:00:00Z');
const before = (ms: number) => new Date(now - ms).toISOString();

describe('timeAgo', () => {
  it('words a past moment in the largest whole unit', () => {
    expect(timeAgo(before(10_000), 'en', now)).toBe('1 minute ago');
    expect(timeAgo(before(25 * 60_000), 'en', now)).toBe('25 minutes ago');
    expect(timeAgo(before(3 * 3_600_000), 'en', now)).toBe('3 hours ago');
    expect(timeAgo(before(26 * 3_600_000), 'en', now)).toBe('yesterday');
    expect(timeAgo(before(15 * 86_400_000), 'en', now)).toBe('2 weeks ago');
    expect(timeAgo(before(400 * 86_400_000), 'es', now)).toBe('el año pasado');
  });
});
