import {
  DEFAULT_LOCALE,
  LOCALES,
  matchLocale,
  parseAcceptLanguage,
  type Locale,
} from '@fitcoach/shared/locales';
import validationEn from '@fitcoach/shared/locales/en/validation.json';
import validationEs from '@fitcoach/shared/locales/es/validation.json';
import type { FastifyReply } from 'fastify';
import i18next from 'i18next';
import achievementsEn from './locales/en/achievements.json';
import coachEn from './locales/en/coach.json';
import errorsEn from './locales/en/errors.json';
import mailEn from './locales/en/mail.json';
import notificationsEn from './locales/en/notifications.json';
import achievementsEs from './locales/es/achievements.json';
import coachEs from './locales/es/coach.json';
import errorsEs from './locales/es/errors.json';
import mailEs from './locales/es/mail.json';
import notificationsEs from './locales/es/notifications.json';

/**
 * The server's catalogues: every text it writes that a person reads. Imported (not read from
 * disk), so the build bundles them. `validation` is the shared schemas' catalogue, the same one
 * the web shows client-side checks with.
 */
const english = {
  errors: errorsEn,
  achievements: achievementsEn,
  notifications: notificationsEn,
  mail: mailEn,
  coach: coachEn,
  validation: validationEn,
};
export const serverCatalogues: Record<Locale, Record<Namespace, Catalogue>> = {
  en: english,
  es: {
    errors: errorsEs,
    achievements: achievementsEs,
    notifications: notificationsEs,
    mail: mailEs,
    coach: coachEs,
    validation: validationEs,
  },
};

type Namespace = keyof typeof english;
type Catalogue = { [key: string]: string | Catalogue };
export const SERVER_NAMESPACES = Object.keys(english) as Namespace[];

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${WithoutPlural<K>}`
    : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A catalogue key, `<namespace>:<path>`: a typo fails the type check, not a member's screen. */
export type TextKey = { [N in Namespace]: `${N}:${Leaves<(typeof english)[N]>}` }[Namespace];

export type TextValue = string | number | Text;

/** A text not yet worded: its key and values, worded once the reader's language is known. */
export interface Text {
  key: TextKey;
  values?: Record<string, TextValue> | undefined;
}

export const text = (key: TextKey, values?: Record<string, TextValue>): Text => ({ key, values });

const i18n = i18next.createInstance();
void i18n.init({
  resources: serverCatalogues,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: SERVER_NAMESPACES,
  defaultNS: 'errors',
  // Resources are in memory: ready when init returns, before the first request.
  initAsync: false,
  // Texts go out as JSON, never as HTML: escaping would show `&amp;` to members.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * One translator per language. Keys are checked where texts are made (`TextKey`), so the
 * translator itself takes any string: i18next's own key typing would need its global types.
 */
type Translator = (key: string, values: Record<string, unknown>) => string;
const translators = new Map<Locale, Translator>(
  LOCALES.map((locale) => [locale, i18n.getFixedT(locale) as unknown as Translator]),
);

function translator(locale: Locale): Translator {
  return translators.get(locale) ?? translators.get(DEFAULT_LOCALE)!;
}

/** A key and its values, in one language (values that are texts are worded first). */
export function translate(
  locale: Locale,
  key: string,
  values: Record<string, unknown> = {},
): string {
  return translator(locale)(key, values);
}

/** A text in the reader's language. */
export function word(value: Text, locale: Locale): string {
  const values: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(value.values ?? {})) {
    values[name] = typeof v === 'object' ? word(v, locale) : v;
  }
  return translate(locale, value.key, values);
}

/** The language an `Accept-Language` header asks for that we speak, else English. */
export function localeFromHeader(header: string | string[] | undefined): Locale {
  const value = Array.isArray(header) ? header.join(',') : header;
  return matchLocale(parseAcceptLanguage(value));
}

/** An answer worded per language: caches (browsers, proxies) keep one copy per language. */
export function varyOnLanguage(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (list.some((v) => v === '*' || v.toLowerCase() === 'accept-language')) return;
  reply.header('vary', [...list, 'Accept-Language'].join(', '));
}
