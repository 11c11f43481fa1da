import type { ErrorCode } from '@fitcoach/shared/errors';
import { DEFAULT_LOCALE, type Locale } from '@fitcoach/shared/locales';
import { text, word, type Text } from '../i18n/i18n';

/** A field's problem as the wire carries it, worded. */
export interface ErrorIssue {
  path: string;
  message: string;
}

/** A field's problem before it is worded: the error handler words it in the request's language. */
export interface IssueText {
  path: string;
  message: Text;
}

/**
 * An error a person can act on. Services throw it with a catalogue key (and its values); the
 * error handler words it in the request's language and answers `{ error, message, issues? }`
 * with its status. `message` is the English wording, for logs.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly text: Text,
    readonly issues?: IssueText[],
    /** Seconds until trying again makes sense (429, 503): sent as `Retry-After`. */
    readonly retryAfter?: number,
  ) {
    super(word(text, DEFAULT_LOCALE));
    this.name = 'HttpError';
  }

  /** The message and issues in one language. */
  wordedIn(locale: Locale): { message: string; issues?: ErrorIssue[] } {
    return {
      message: word(this.text, locale),
      ...(this.issues
        ? {
            issues: this.issues.map((issue) => ({
              path: issue.path,
              message: word(issue.message, locale),
            })),
          }
        : {}),
    };
  }
}

export const unauthorized = (message: Text = text('errors:signInFirst')) =>
  new HttpError(401, 'unauthorized', message);

export const forbidden = (message: Text = text('errors:forbidden')) =>
  new HttpError(403, 'forbidden', message);

/** What could not be found, as the catalogue names it (`errors:notFound.<what>`). */
export type Missing =
  | 'page'
  | 'apiRoute'
  | 'file'
  | 'exercise'
  | 'exerciseGroup'
  | 'photo'
  | 'profile'
  | 'upload'
  | 'workout'
  | 'workoutLog'
  | 'gameStat'
  | 'badge'
  | 'member'
  | 'feedEntry'
  | 'comment'
  | 'sharedWorkout'
  | 'program'
  | 'challenge'
  | 'requirement'
  | 'submission'
  | 'coachingLink'
  | 'team'
  | 'teamMember'
  | 'message'
  | 'report'
  | 'food'
  | 'persona'
  | 'tag'
  | 'video'
  | 'teamGame'
  | 'videoAnalysis';

export const notFound = (what: Missing = 'page') =>
  new HttpError(404, 'not_found', text(`errors:notFound.${what}`));

export const validationFailed = (
  issues: IssueText[],
  message: Text = text('errors:correctFields'),
) => new HttpError(400, 'validation_failed', message, issues);
