import type { z } from 'zod';
import { i18n } from '../i18n/i18n';
import type commonEn from '../locales/en/common.json';
import { ApiError } from './api-client';

type FormErrorKey = keyof (typeof commonEn)['formError'];

/**
 * The shared schemas' messages (written in English, for the API too) and their catalogue keys,
 * so a form checked in the browser speaks the page's language. A message not listed here shows
 * as the schema wrote it.
 */
const schemaMessages: readonly [RegExp, FormErrorKey, readonly string[]][] = [
  [/^Enter your name\.$/, 'name', []],
  [/^Use at most (\d+) characters\.$/, 'maxChars', ['max']],
  [/^Use at least (\d+) characters\.$/, 'minChars', ['min']],
  [/^Enter your email address\.$/, 'email', []],
  [/^That email address is too long\.$/, 'emailTooLong', []],
  [/^Enter a valid email address\.$/, 'emailInvalid', []],
  [/^Enter your birth date\.$/, 'birthDate', []],
  [/^You must be between (\d+) and (\d+) years old\.$/, 'age', ['min', 'max']],
  [/^Enter your weight\.$/, 'weight', []],
  [/^Enter your height\.$/, 'height', []],
  [/^Enter a weight between (\S+) and (\S+) (\S+)\.$/, 'weightRange', ['min', 'max', 'unit']],
  [/^Enter a height between (\S+) and (\S+) (\S+)\.$/, 'heightRange', ['min', 'max', 'unit']],
  [/^Choose a gender\.$/, 'gender', []],
  [/^Choose metric or imperial\.$/, 'units', []],
  [/^Choose a workout goal\.$/, 'goal', []],
  [/^Choose a sport\.$/, 'sport', []],
  [/^Choose a meal preference\.$/, 'meal', []],
  [/^Choose your sport\.$/, 'yourSport', []],
  [/^Enter your password\.$/, 'password', []],
  [/^Enter your current password\.$/, 'currentPassword', []],
];

/** A shared schema's message in the shown language (as written when it is not a known one). */
export function schemaMessage(message: string): string {
  for (const [pattern, key, names] of schemaMessages) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? '']));
    return i18n.t(`formError.${key}`, { ns: 'common', ...values });
  }
  return message;
}

/** Zod issues → Mantine form errors keyed by field path (first message per field). */
export function zodErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= schemaMessage(issue.message);
  }
  return errors;
}

/** Per-field issues of an API error, keyed like the form; empty when the error has none. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path] ??= issue.message;
  return errors;
}

/** A sentence for a person, whatever failed. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return i18n.t('formError.generic', { ns: 'common' });
}

/**
 * A field's props for Mantine's PasswordInput, which names its error in aria-describedby but
 * marks it invalid for sight only (data-invalid): this adds aria-invalid, as every other input
 * has, so a screen reader says the password is in error.
 */
export function withInvalidState<P extends { error?: unknown }>(
  props: P,
): P & { 'aria-invalid': boolean } {
  return { ...props, 'aria-invalid': Boolean(props.error) };
}
