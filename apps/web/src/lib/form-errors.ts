import type { z } from 'zod';
import { ApiError } from './api-client';

/** Zod issues → Mantine form errors keyed by field path (first message per field). */
export function zodErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
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
  return 'Something went wrong. Please try again.';
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
