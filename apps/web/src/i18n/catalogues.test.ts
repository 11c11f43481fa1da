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
import { NAMESPACES, SHARED_NAMESPACES } from './resources';

/*
 * Every language has every English text, with the same placeholders: a key added in English
 * and forgotten elsewhere, or a translation that drops `{{count}}`, fails here.
 */
const localesDir = path.join(import.meta.dirname, '../locales');
/** The shared schemas' catalogue (`validation`) lives beside them, for the server too. */
const sharedLocalesDir = path.join(import.meta.dirname, '../../../../packages/shared/src/locales');
const webNamespaces = NAMESPACES.filter((ns) => !SHARED_NAMESPACES.includes(ns));
function read(locale: string, ns: string): Map<string, string> {
  const dir = SHARED_NAMESPACES.includes(ns as never) ? sharedLocalesDir : localesDir;
  const file = path.join(dir, locale, `${ns}.json`);
  return flattenCatalogue(JSON.parse(readFileSync(file, 'utf8')) as Catalogue);
}

const base = pluralBase;
const placeholders = placeholdersOf;

describe('translation catalogues', () => {
  it('has one file per namespace in every language, and no stray files', () => {
    for (const locale of LOCALES) {
      const files = readdirSync(path.join(localesDir, locale)).sort();
      expect(files, locale).toEqual(webNamespaces.map((ns) => `${ns}.json`).sort());
      const shared = readdirSync(path.join(sharedLocalesDir, locale)).sort();
      expect(shared, locale).toEqual(SHARED_NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    for (const ns of NAMESPACES) {
      it(`${locale}/${ns} has every English text with its placeholders`, () => {
        const english = read('en', ns);
        const other = read(locale, ns);
        const englishBases = new Map<string, string>();
        for (const [key, text] of english) englishBases.set(base(key), text);

        const missing = [...englishBases.keys()].filter(
          (key) => ![...other.keys()].some((k) => base(k) === key),
        );
        expect(missing, `missing in ${locale}/${ns}.json`).toEqual([]);
        const extra = [...other.keys()].filter((key) => !englishBases.has(base(key)));
        expect(extra, `not in en/${ns}.json`).toEqual([]);

        for (const [key, text] of other) {
          const source = englishBases.get(base(key)) ?? '';
          const want = placeholders(source).filter((p) => p !== 'count');
          const got = placeholders(text).filter((p) => p !== 'count');
          expect(got, `${locale}/${ns}.json ${key}`).toEqual(want);
        }

        // A plural key in English needs each of this language's forms.
        const plurals = new Set([...english.keys()].filter((k) => PLURAL_SUFFIX.test(k)).map(base));
        for (const key of plurals) {
          for (const form of pluralForms(locale)) {
            if (form === 'zero' || form === 'two' || form === 'few') continue;
            expect(other.has(`${key}_${form}`), `${locale}/${ns}.json ${key}_${form}`).toBe(true);
          }
        }
      });
    }
  }
});
