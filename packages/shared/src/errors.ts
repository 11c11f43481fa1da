import { z } from 'zod';

/** Every 4xx/5xx answer of the API has this shape (ARCHITECTURE.md, wire format). */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const errorCodes = [
  'validation_failed',
  'invalid_credentials',
  'account_suspended',
  'unauthorized',
  'forbidden',
  'invalid_csrf_token',
  'not_found',
  'email_taken',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'request_timeout',
  'range_not_satisfiable',
  'rate_limited',
  'upgrade_required',
  'service_unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
