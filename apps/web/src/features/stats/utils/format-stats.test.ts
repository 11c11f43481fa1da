import { beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, i18n, startI18n } from '../../../i18n/i18n';
import { formatDay, formatMinutes, formatStatNumber } from './format-stats';

// English is bundled; Spanish loads on demand, so it is loaded once before the tests read it.
beforeAll(async () => {
  await startI18n('en');
  await changeLocale('es', { remember: false });
  await changeLocale('en', { remember: false });
});

const en = () => i18n.getFixedT('en', 'stats');
const es = () => i18n.getFixedT('es', 'stats');

describe('format-stats', () => {
  it('formats totals and records', () => {
    expect(formatStatNumber('en', 56633)).toBe('56,633');
    expect(formatStatNumber('en', 81.666)).toBe('81.7');
    expect(formatStatNumber('en', 1234.5)).toBe('1,235');
    expect(formatStatNumber('es', 56633)).toBe('56.633');
    expect(formatStatNumber('es', 81.666)).toBe('81,7');
  });

  it('shows time trained in minutes, then hours', () => {
    expect(formatMinutes(en(), 'en', 48)).toEqual({ value: '48', unit: 'min' });
    expect(formatMinutes(en(), 'en', 834)).toEqual({ value: '13.9', unit: 'h' });
    expect(formatMinutes(en(), 'en', 60 * 250)).toEqual({ value: '250', unit: 'h' });
    expect(formatMinutes(es(), 'es', 834)).toEqual({ value: '13,9', unit: 'h' });
  });

  it('dates a bare day without shifting it, and a timestamp', () => {
    expect(formatDay('en', '2026-11-21')).toBe('Nov 21, 2026');
    expect(formatDay('en', '2026-11-21T12:00:00.000Z')).toBe('Nov 21, 2026');
    expect(formatDay('es', '2026-11-21')).toBe('21 nov 2026');
  });
});
