import type { ErrorCode } from '@fitcoach/shared/errors';

export interface ErrorIssue {
  path: string;
  message: string;
}

/**
 * An error a person can act on. Services throw it; the error handler turns it into the wire
 * format `{ error, message, issues? }` with its status.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
    /** Seconds until trying again makes sense (429, 503): sent as `Retry-After`. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, 'unauthorized', message);

export const forbidden = (message = 'You do not have permission to do that.') =>
  new HttpError(403, 'forbidden', message);

export const notFound = (what = 'That page') =>
  new HttpError(404, 'not_found', `${what} could not be found.`);

export const validationFailed = (
  issues: ErrorIssue[],
  message = 'Please correct the highlighted fields.',
) => new HttpError(400, 'validation_failed', message, issues);
