/**
 * How the catalogue tests (web and server) read a translation catalogue: its texts by dotted
 * key, a key without its plural suffix (languages pluralise with different forms), the
 * `{{placeholders}}` of a text, and the plural forms a language needs.
 */
export type Catalogue = { [key: string]: string | Catalogue };

export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

export function flattenCatalogue(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flattenCatalogue(value, full)) out.set(k, v);
  }
  return out;
}

export const pluralBase = (key: string) => key.replace(PLURAL_SUFFIX, '');

export const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

/** As Intl knows them (Spanish: one, many, other). */
export function pluralForms(locale: string): string[] {
  return new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
}
