import type { $ZodErrorMap, $ZodRawIssue } from 'zod/v4/core';
import zodSpanish from 'zod/v4/locales/es.js';
import english from './locales/en/validation.json';
import type { Locale } from './locales';

/**
 * The messages of the shared schemas, one catalogue per language (locales/<language>/
 * validation.json). Server and web load it as their `validation` namespace, so a field's
 * message reads the same in a form (checked in the browser) and in an API error (checked again
 * on the server), in the reader's language. English is here for the web's main bundle; other
 * languages load when chosen (the server imports the files themselves).
 */
export type ValidationKey = keyof typeof english;
export const englishValidation = english;
export const validationLoaders: Record<
  Exclude<Locale, 'en'>,
  () => Promise<{ default: Record<ValidationKey, string> }>
> = { es: () => import('./locales/es/validation.json') };

const PREFIX = 'validation:';

/**
 * A schema's message as a catalogue key (`validation:<key>`): whoever shows it words it. Values
 * come from the issue itself (`{{minimum}}`, `{{maximum}}`) or a custom issue's `params`.
 */
export const vm = (key: ValidationKey) => `${PREFIX}${key}` as const;

/** What the wording needs of an issue: Zod's issues, or the server's rebuilt from Fastify's. */
export interface IssueLike {
  code: string;
  message: string;
  params?: Record<string, unknown> | undefined;
}

/** Translates a `validation:` key with its values; i18next's `t` on either side. */
export type Translate = (key: string, values: Record<string, unknown>) => string;

/**
 * Zod's own messages (an issue without a message of ours) in each language but English, which
 * is Zod's default and stays as it is. Zod ships these; a language Zod lacks stays English.
 */
const zodMessages: Partial<Record<Locale, $ZodErrorMap>> = { es: zodSpanish().localeError };

function issueValues(issue: IssueLike): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  // Every field of the issue (`minimum`, `maximum`, `origin` …), then a custom issue's params.
  for (const [name, value] of Object.entries({ ...issue, ...issue.params })) {
    if (typeof value === 'string' || typeof value === 'number') values[name] = value;
    if (typeof value === 'bigint') values[name] = Number(value);
  }
  return values;
}

/** An issue's message for a person who reads `locale`. */
export function wordIssue(issue: IssueLike, locale: Locale, t: Translate): string {
  if (issue.message.startsWith(PREFIX)) return t(issue.message, issueValues(issue));
  const map = zodMessages[locale];
  if (!map) return issue.message;
  const worded = map(issue as unknown as $ZodRawIssue);
  if (typeof worded === 'string') return worded;
  return worded?.message ?? issue.message;
}
