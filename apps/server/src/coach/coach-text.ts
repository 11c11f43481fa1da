import { DEFAULT_LOCALE, type Locale } from '@fitcoach/shared/locales';
import { flattenCatalogue } from '@fitcoach/shared/catalogue-keys';
import { serverCatalogues, type TextKey } from '../i18n/i18n';

/** A key of the coach's catalogue (i18n/locales/<language>/coach.json), without its namespace. */
export type CoachKey = TextKey extends infer K
  ? K extends `coach:${infer Key}`
    ? Key
    : never
  : never;

/*
 * The engine words its sentences from the same catalogues i18next serves, in i18next's own
 * syntax (`{{name}}`, `{{n, number}}`, `_one`/`_other` plurals on `count`), but without going
 * through i18next: a 12-week program writes about two thousand sentences, and at tens of
 * microseconds an i18next call those alone would take several times the planning itself.
 * coach-text.test.ts checks every key words exactly as i18next would.
 */

const templates = new Map<string, string>();
for (const [locale, namespaces] of Object.entries(serverCatalogues)) {
  for (const [key, value] of flattenCatalogue(namespaces.coach)) {
    templates.set(`${locale}|${key}`, value);
  }
}

type Values = Readonly<Record<string, string | number | null | undefined>>;

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function formatNumber(locale: string, value: string | number): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(Number(value));
}

function template(locale: string, key: string, values: Values | undefined) {
  const count = values?.count;
  if (typeof count === 'number') {
    let rules = pluralRules.get(locale);
    if (!rules) {
      rules = new Intl.PluralRules(locale);
      pluralRules.set(locale, rules);
    }
    const plural = templates.get(`${locale}|${key}_${rules.select(count)}`);
    if (plural !== undefined) return plural;
  }
  return templates.get(`${locale}|${key}`);
}

const placeholder = /\{\{\s*(\w+)\s*(?:,\s*(number)\s*)?\}\}/g;

/**
 * A sentence the engine writes for a member, in their language. Numbers written
 * `{{n, number}}` follow the language's separators ("1,631" / "1631"). A language missing a
 * text falls back to English, as i18next does.
 */
export function say(locale: Locale | undefined, key: CoachKey, values?: Values): string {
  const lang = locale ?? DEFAULT_LOCALE;
  const found = template(lang, key, values) ?? template(DEFAULT_LOCALE, key, values) ?? key;
  if (!found.includes('{{')) return found;
  return found.replace(placeholder, (whole, name: string, format?: string) => {
    const value = values?.[name];
    if (value === undefined || value === null) return whole;
    return format === 'number' ? formatNumber(lang, value) : String(value);
  });
}

const lists = new Map<string, Intl.ListFormat>();

/** "a, b and c" as the language joins a list. */
export function listIn(locale: Locale | undefined, items: readonly string[]): string {
  const lang = locale ?? DEFAULT_LOCALE;
  let format = lists.get(lang);
  if (!format) {
    format = new Intl.ListFormat(lang, { type: 'conjunction' });
    lists.set(lang, format);
  }
  return format.format(items);
}
