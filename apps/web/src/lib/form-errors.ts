import type { Locale } from '@fitcoach/shared/locales';
import { wordIssue } from '@fitcoach/shared/validation-messages';
import type { z } from 'zod';
import { currentLocale, i18n } from '../i18n/i18n';
import { ApiError } from './api-client';

/**
 * One Zod issue's message in the language the app shows (or the one asked for): the shared schemas' keys from the
 * `validation` catalogue, Zod's own messages in Zod's translation.
 */
export function zodIssueMessage(issue: z.core.$ZodIssue, locale: Locale = currentLocale()): string {
  // Keys come from the schemas at run time (typed where the schemas name them, `vm`), so this
  // `t` takes any string.
  const translate = i18n.getFixedT(locale) as unknown as (
    key: string,
    values: Record<string, unknown>,
  ) => string;
  return wordIssue(issue, locale, translate);
}

/** Zod issues → Mantine form errors keyed by field path (first message per field), worded. */
export function zodErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    errors[issue.path.join('.')] ??= zodIssueMessage(issue);
  }
  return errors;
}

/**
 * Per-field issues of an API error, keyed like the form; empty when the error has none. The
 * server words them already, in the language the app sent as `Accept-Language`.
 */
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
