import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@fitcoach/shared/errors';
import type { Locale } from '@fitcoach/shared/locales';
import { wordIssue } from '@fitcoach/shared/validation-messages';
import { text, translate, varyOnLanguage, word, type TextKey, type TextValue } from '../i18n/i18n';
import { HttpError, type ErrorIssue } from '../lib/http-error';

/** Messages for Fastify's own 4xx errors, so a person never reads a framework code. */
const frameworkMessages: Record<
  string,
  { status: number; error: ApiErrorBody['error']; message: TextKey }
> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    error: 'validation_failed',
    message: 'errors:request.invalidJson',
  },
  // The router's own refusals (with `frameworkErrors` set in app.ts): an address with a broken
  // %-escape, or a path parameter past maxParamLength.
  FST_ERR_BAD_URL: {
    status: 400,
    error: 'validation_failed',
    message: 'errors:request.badAddress',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    error: 'validation_failed',
    message: 'errors:request.addressTooLong',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    error: 'validation_failed',
    message: 'errors:request.emptyJson',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    error: 'payload_too_large',
    message: 'errors:request.tooLarge',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    error: 'unsupported_media_type',
    message: 'errors:request.notJson',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    error: 'validation_failed',
    message: 'errors:request.contentLength',
  },
  FST_CSRF_MISSING_SECRET: {
    status: 403,
    error: 'invalid_csrf_token',
    message: 'errors:csrf',
  },
  FST_CSRF_INVALID_TOKEN: {
    status: 403,
    error: 'invalid_csrf_token',
    message: 'errors:csrf',
  },
};

/**
 * Zod's issues as Fastify hands them over (the issue's own fields under `params`), worded in the
 * reader's language: the shared schemas' keys from the validation catalogue, Zod's own messages
 * in Zod's translation.
 */
function zodIssues(error: FastifyError, locale: Locale): ErrorIssue[] {
  const issues = (error.validation ?? []).map((v) => ({
    // "/weight" → "weight", "/completedExercises/0/reps" → "completedExercises.0.reps"
    path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: v.message
      ? wordIssue({ ...v.params, code: v.keyword, message: v.message }, locale, (key, values) =>
          translate(locale, key, values),
        )
      : word(text('errors:invalidValue'), locale),
  }));
  // One value can fail several checks worded alike (1e20 as an id is neither a safe integer
  // nor under the maximum): the reader is told once per field.
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The request part a validation error names, as the catalogue words it. */
const PARTS = new Set(['body', 'querystring', 'params', 'headers']);
const partText = (part: string | undefined) =>
  text(
    PARTS.has(part ?? '')
      ? (`errors:request.part.${part}` as TextKey)
      : 'errors:request.part.input',
  );

function send(reply: FastifyReply, status: number, body: ApiErrorBody): FastifyReply {
  varyOnLanguage(reply);
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** The error and the errors it wraps (drizzle wraps the driver's in `cause`). */
type ChainLink = { message?: unknown; code?: unknown; syscall?: unknown };
function errorChain(error: unknown): ChainLink[] {
  const chain: ChainLink[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && chain.length < 5) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** Every database connection stayed busy past the pool's wait: overload, not a bug. */
function isOverloaded(error: unknown): boolean {
  return errorChain(error).some(
    (e) =>
      typeof e.message === 'string' &&
      e.message.includes('timeout exceeded when trying to connect'),
  );
}

/** A socket that could not connect or was cut (the pool's own connects are not wrapped). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT']);
/** Not `open`: a missing file on disk is not a database outage. */
const SOCKET_CALLS = new Set(['connect', 'read', 'write']);
/** PostgreSQL's "shutting down / starting up / connection lost" classes. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006']);
const LOST_CONNECTION =
  /Connection terminated|not queryable|terminating connection|the database system is (starting up|shutting down|in recovery mode)/;

/**
 * The database went away (a restart, a failover, a crash): the request is answered 503 and the
 * pool reconnects by itself once the server is back. Storage reports its own outages as
 * HttpErrors before they get here, so a bare socket error is the database's.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some(
    (e) =>
      (SOCKET_CALLS.has(e.syscall as string) && SOCKET_CODES.has(e.code as string)) ||
      (typeof e.code === 'string' && SERVER_CODES.has(e.code)) ||
      (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)),
  );
}

/**
 * Outages and floods make every request fail the same way (the database away, storage
 * unreachable, password hashing full under a sign-in flood): one warning every 10 s per kind,
 * with how many were left out, instead of a line with a stack per request (tens of thousands a
 * minute, each written on the event loop the other requests wait for).
 */
const ALIKE_LOG_INTERVAL_MS = 10_000;
/** Per app, so each app (and each test's) starts with nothing logged. */
const alikeLogged = new WeakMap<object, Map<string, { at: number; unlogged: number }>>();

function warnOncePerInterval(
  request: FastifyRequest,
  kind: string,
  error: unknown,
  message: string,
): void {
  const now = Date.now();
  let logged = alikeLogged.get(request.server);
  if (!logged) {
    logged = new Map<string, { at: number; unlogged: number }>();
    alikeLogged.set(request.server, logged);
  }
  const last = logged.get(kind);
  if (last && now - last.at < ALIKE_LOG_INTERVAL_MS) {
    last.unlogged += 1;
    return;
  }
  request.log.warn({ err: error, alikeSinceLastLine: last?.unlogged ?? 0 }, message);
  logged.set(kind, { at: now, unlogged: 0 });
}

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const locale = request.locale;
  const say = (key: TextKey, values?: Record<string, TextValue>) => word(text(key, values), locale);
  if (error instanceof HttpError) {
    // A 5xx of our own (storage unreachable, hashing full) is worth a line; its cause says why.
    if (error.statusCode >= 500) {
      warnOncePerInterval(
        request,
        `${error.code}:${error.message}`,
        error.cause ?? error,
        error.message,
      );
    }
    if (error.retryAfter !== undefined) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfter))));
    } else if (error.statusCode === 429 && reply.getHeader('retry-after') === undefined) {
      reply.header('retry-after', '60');
    }
    if (error.statusCode === 503 && reply.getHeader('retry-after') === undefined) {
      reply.header('retry-after', '2');
    }
    return send(reply, error.statusCode, { error: error.code, ...error.wordedIn(locale) });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = zodIssues(error, locale);
    const context = error.validationContext;
    return send(reply, 400, {
      error: 'validation_failed',
      message:
        context === 'body'
          ? say('errors:correctFields')
          : say('errors:request.invalidPart', { part: partText(context) }),
      issues,
    });
  }
  const known = error.code ? frameworkMessages[error.code] : undefined;
  if (known) {
    return send(reply, known.status, { error: known.error, message: say(known.message) });
  }
  if (isOverloaded(error)) {
    request.log.warn({ err: error }, 'database busy');
    reply.header('retry-after', '2');
    return send(reply, 503, { error: 'service_unavailable', message: say('errors:busy') });
  }
  if (isDatabaseUnavailable(error)) {
    warnOncePerInterval(request, 'database', error, 'database unavailable: answering 503');
    reply.header('retry-after', '5');
    return send(reply, 503, {
      error: 'service_unavailable',
      message: say('errors:databaseUnavailable'),
    });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return send(reply, status, {
      error:
        status === 404 ? 'not_found' : status === 413 ? 'payload_too_large' : 'validation_failed',
      message: say('errors:request.notProcessed'),
    });
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, {
    error: 'internal_error',
    message: say('errors:internal'),
  });
}

/** One error shape for the whole API (ARCHITECTURE.md, wire format). */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(handleError);
  },
  { name: 'errors' },
);
