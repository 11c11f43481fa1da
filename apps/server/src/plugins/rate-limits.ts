import type {
  FastifyInstance,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import { text, type Text, type TextKey } from '../i18n/i18n';
import { HttpError } from '../lib/http-error';

export interface Limit {
  /** Keeps this limit's counters apart from every other limit's. */
  name: string;
  max: number;
  windowMs: number;
  /** Whose attempts are counted together; null when this limit does not apply to the request. */
  key: (request: FastifyRequest) => string | null;
  /** What the person reads: a catalogue key with a `{{wait}}` ("30 seconds", "4 minutes"). */
  message: TextKey;
}

/** How long to wait, worded in the reader's language with the rest of the message. */
export function waitFor(seconds: number): Text {
  if (seconds < 60) return text('errors:wait.seconds', { count: seconds });
  return text('errors:wait.minutes', { count: Math.ceil(seconds / 60) });
}

/** The email a sign-in or sign-up names, as accounts are looked up (trimmed, lower case). */
export function emailOf(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : null;
}

/** The signed-in member, for budgets per member (none for a signed-out request). */
export function memberOf(request: FastifyRequest): string | null {
  return request.session ? String(request.session.user.id) : null;
}

/**
 * One hook that counts a request against several limits (per address, per account, …) and
 * answers 429 in the error shape, with Retry-After, at the first one exceeded. Counters live in
 * the rate-limit store: in memory, or Redis across nodes when REDIS_URL is set. As
 * `preValidation`, malformed attempts count too (sign-in guesses); as `preHandler`, only
 * requests that passed validation do (a budget of generations).
 */
export function limits(
  app: FastifyInstance,
  list: Limit[],
): preValidationAsyncHookHandler & preHandlerAsyncHookHandler {
  const checks = list.map((limit) => ({
    limit,
    check: app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request) => `${limit.name}|${limit.key(request) ?? ''}`,
    }),
  }));
  return async (request, reply) => {
    for (const { limit, check } of checks) {
      if (limit.key(request) === null) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new HttpError(
          429,
          'rate_limited',
          text(limit.message, { wait: waitFor(result.ttlInSeconds) }),
        );
      }
    }
  };
}
