import { flattenCatalogue, pluralBase } from '@fitcoach/shared/catalogue-keys';
import { LOCALES } from '@fitcoach/shared/locales';
import { describe, expect, it } from 'vitest';
import { serverCatalogues, translate } from '../i18n/i18n';
import { listIn, say, type CoachKey } from './coach-text';

/*
 * `say` words the coach's catalogue without i18next, for speed: every key, in every language,
 * with numbers big enough to be grouped and every plural form, must read exactly as i18next
 * words it for the rest of the server. (i18next hands a text's values to Intl as options too:
 * a value named like one, `style` or `unit`, breaks its numbers, and this test with it.)
 */
const keys = [
  ...new Set([...flattenCatalogue(serverCatalogues.en.coach).keys()].map(pluralBase)),
] as CoachKey[];

function valuesFor(template: string, count: number): Record<string, string | number> {
  const values: Record<string, string | number> = { count };
  for (const [, name, format] of template.matchAll(/\{\{\s*(\w+)\s*(?:,\s*(\w+))?/g)) {
    if (name !== 'count') values[name!] = format === 'number' ? 12345.5 : `«${name}»`;
  }
  return values;
}

describe('say', () => {
  it('has keys to check', () => expect(keys.length).toBeGreaterThan(150));

  for (const locale of LOCALES) {
    it(`words every ${locale} text as i18next does`, () => {
      const flat = flattenCatalogue(serverCatalogues[locale].coach);
      for (const key of keys) {
        const template = flat.get(key) ?? flat.get(`${key}_other`) ?? '';
        for (const count of [1, 2, 1_000_000]) {
          const values = valuesFor(template, count);
          expect(say(locale, key, values), `${locale} ${key} ${count}`).toBe(
            translate(locale, `coach:${key}`, values),
          );
        }
        expect(say(locale, key), `${locale} ${key}`).toBe(translate(locale, `coach:${key}`));
      }
    });
  }

  it('writes numbers and lists as each language does', () => {
    expect(say('en', 'readiness.missedMany', { count: 1234 })).toMatch(/missed 1,234 program/);
    expect(say('es', 'readiness.missedMany', { count: 1234 })).toMatch(/saltaste 1234 sesiones/);
    expect(say('es', 'program.weeks', { count: 1 })).toBe('1 semana');
    expect(say('es', 'program.weeks', { count: 12 })).toBe('12 semanas');
    expect(
      say('es', 'session.rounds', { discipline: 'boxeo', rounds: 3, minutes: 1.5, rest: 60 }),
    ).toBe('Asaltos de boxeo: 3 asaltos de 1,5 min, con 60 s de descanso entre asaltos.');
    expect(listIn('en', ['a', 'b', 'c'])).toBe('a, b, and c');
    expect(listIn('es', ['a', 'b', 'c'])).toBe('a, b y c');
  });
});
