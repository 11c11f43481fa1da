import {
  flattenCatalogue,
  placeholdersOf,
  pluralBase,
  pluralForms,
  PLURAL_SUFFIX,
  type Catalogue,
} from '@fitcoach/shared/catalogue-keys';
import { LOCALES } from '@fitcoach/shared/locales';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NAMESPACES, text, word } from './i18n';

/*
 * Every language has every English text the server writes, with the same placeholders: a key
 * added in English and forgotten elsewhere, or a translation that drops `{{wait}}`, fails here.
 * `validation` is the shared schemas' catalogue (packages/shared/src/locales).
 */
const serverDir = path.join(import.meta.dirname, 'locales');
const sharedDir = path.join(import.meta.dirname, '../../../../packages/shared/src/locales');
const dirOf = (ns: string) => (ns === 'validation' ? sharedDir : serverDir);
function read(locale: string, ns: string): Map<string, string> {
  const file = path.join(dirOf(ns), locale, `${ns}.json`);
  return flattenCatalogue(JSON.parse(readFileSync(file, 'utf8')) as Catalogue);
}

const base = pluralBase;
const placeholders = placeholdersOf;

describe('server catalogues', () => {
  it('has one file per server namespace in every language, and no stray files', () => {
    const own = SERVER_NAMESPACES.filter((ns) => ns !== 'validation');
    for (const locale of LOCALES) {
      const files = readdirSync(path.join(serverDir, locale)).sort();
      expect(files, locale).toEqual(own.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    for (const ns of SERVER_NAMESPACES) {
      it(`${locale}/${ns} has every English text with its placeholders and plural forms`, () => {
        const english = read('en', ns);
        const other = read(locale, ns);
        const englishBases = new Map([...english].map(([key, t]) => [base(key), t]));
        const otherBases = new Set([...other.keys()].map(base));
        expect(
          [...englishBases.keys()].filter((k) => !otherBases.has(k)),
          'missing',
        ).toEqual([]);
        expect(
          [...otherBases].filter((k) => !englishBases.has(k)),
          'not in English',
        ).toEqual([]);
        for (const [key, t] of other) {
          const want = placeholders(englishBases.get(base(key)) ?? '');
          expect(placeholders(t), `${locale}/${ns}.json ${key}`).toEqual(want);
        }
        const forms = pluralForms(locale);
        const plurals = new Set([...english.keys()].filter((k) => PLURAL_SUFFIX.test(k)).map(base));
        for (const key of plurals) {
          for (const form of forms) {
            expect(other.has(`${key}_${form}`), `${locale}/${ns}.json ${key}_${form}`).toBe(true);
          }
        }
      });
    }
  }

  it('words a text with nested texts and plurals in each language', () => {
    const wait = (count: number) =>
      text('errors:rateLimit.signIn', { wait: text('errors:wait.seconds', { count }) });
    expect(word(wait(1), 'en')).toBe(
      'Too many sign-in attempts. Please wait 1 second and try again.',
    );
    expect(word(wait(30), 'en')).toBe(
      'Too many sign-in attempts. Please wait 30 seconds and try again.',
    );
    expect(word(wait(30), 'es')).toBe(
      'Demasiados intentos de iniciar sesión. Espera 30 segundos y vuelve a intentarlo.',
    );
  });
});
