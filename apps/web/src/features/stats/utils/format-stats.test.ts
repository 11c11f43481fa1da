import { describe, expect, it } from 'vitest';
import { formatDay, formatMinutes, formatStatNumber } from './format-stats';

describe('format-stats', () => {
  it('formats totals and records', () => {
    expect(formatStatNumber(56633)).toBe('56,633');
    expect(formatStatNumber(81.666)).toBe('81.7');
    expect(formatStatNumber(1234.5)).toBe('1,235');
  });

  it('shows time trained in minutes, then hours', () => {
    expect(formatMinutes(48)).toEqual({ value: '48', unit: 'min' });
    expect(formatMinutes(834)).toEqual({ value: '13.9', unit: 'h' });
    expect(formatMinutes(60 * 250)).toEqual({ value: '250', unit: 'h' });
  });

  it('dates a bare day without shifting it, and a timestamp', () => {
    expect(formatDay('2026-11-21')).toBe('Nov 21, 2026');
    expect(formatDay('2026-11-21T12:00:00.000Z')).toBe('Nov 21, 2026');
  });
});
