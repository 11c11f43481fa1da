import { z } from 'zod';

/**
 * The languages FitCoach speaks. English is the source language: every catalogue key exists in
 * English first, and a text missing from another language falls back to it.
 */
export const LOCALES = ['en', 'es'] as const;
export const DEFAULT_LOCALE = 'en';

export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;

/** Each language named in itself, as a language picker shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/**
 * The best supported language for a list of preferences (`navigator.languages`, or an
 * `Accept-Language` header already split by weight): the first whose primary subtag we speak.
 */
export function matchLocale(preferences: readonly string[]): Locale {
  for (const tag of preferences) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    const found = LOCALES.find((locale) => locale === primary);
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}

/** The tags of an `Accept-Language` header, most wanted first (`q=0` excluded). */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
