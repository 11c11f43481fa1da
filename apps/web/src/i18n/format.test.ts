import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, formatNumber, formatWeight } from './format';

describe('formatting by language', () => {
  it('uses each language’s separators', () => {
    expect(formatNumber('en', 12340)).toBe('12,340');
    expect(formatNumber('es', 12340)).toBe('12.340');
    expect(formatNumber('en', 81.66)).toBe('81.7');
    expect(formatNumber('es', 81.66)).toBe('81,7');
  });

  it('formats weights with their unit', () => {
    expect(formatWeight('en', 82.5, 'metric')).toBe('82.5 kg');
    expect(formatWeight('es', 82.5, 'metric')).toBe('82,5 kg');
    expect(formatWeight('en', 182, 'imperial')).toBe('182 lb');
  });

  it('reads a bare day as that local day, in the language’s order', () => {
    expect(formatDate('en', '2026-11-18', { day: 'numeric', month: 'long' })).toBe('November 18');
    expect(formatDate('es', '2026-11-18', { day: 'numeric', month: 'long' })).toBe(
      '18 de noviembre',
    );
  });

  it('writes durations in hours and minutes', () => {
    expect(formatDuration('en', 45 * 60)).toBe('45 min');
    expect(formatDuration('en', 65 * 60)).toBe('1 hr 5 min');
    expect(formatDuration('es', 120 * 60)).toBe('2 h');
  });
});
