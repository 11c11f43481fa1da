import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meResponseSchema, signInSchema, signUpSchema } from '@fitcoach/shared/profile';
import { errorResponses } from '../../lib/route-schemas';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth';
import { issueCsrfToken } from '../../plugins/csrf';
import { emailOf, limits } from '../../plugins/rate-limits';
import * as auth from './auth.service';

/** The browser's current session and name, which a sign-in replaces. */
function browserOf(request: FastifyRequest): auth.Browser {
  return {
    sessionId: request.session?.id ?? null,
    userAgent: request.headers['user-agent'] ?? null,
  };
}

const MINUTE = 60_000;

/** Runs before the body is parsed: a flood the hash queue cannot take costs next to nothing. */
async function refuseEarlyWhenHashingFull(): Promise<void> {
  await auth.refuseWhenBusy();
}
const signInMessage = 'errors:rateLimit.signIn';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Hands the browser its new session's cookie and a CSRF token made for it. */
  async function answerSignedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    { user, session }: auth.SignedIn,
  ) {
    setSessionCookie(request, reply, session.token, session.expiresAt);
    request.session = { id: session.id, user, expiresAt: session.expiresAt, renewed: false };
    return {
      user: await auth.toSessionUser(app.ctx, user),
      csrf_token: issueCsrfToken(request, reply),
    };
  }

  r.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (or null) and a CSRF token for this session',
        response: { 200: meResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        user: request.session ? await auth.toSessionUser(app.ctx, request.session.user) : null,
        csrf_token: issueCsrfToken(request, reply),
      };
    },
  );

  r.post(
    '/auth/sign_up',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a member account and sign in',
        body: signUpSchema,
        response: { 201: meResponseSchema, ...errorResponses(400, 403, 409, 429, 503) },
      },
      onRequest: refuseEarlyWhenHashingFull,
      preValidation: limits(app, [
        {
          name: 'sign-up',
          max: app.config.SIGN_UP_RATE_LIMIT,
          windowMs: 60 * MINUTE,
          key: (request) => request.ip,
          message: 'errors:rateLimit.signUp',
        },
      ]),
    },
    async (request, reply) => {
      const signedIn = await auth.signUp(app.ctx, request.body, browserOf(request));
      return reply.status(201).send(await answerSignedIn(request, reply, signedIn));
    },
  );

  r.post(
    '/auth/sign_in',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: signInSchema,
        response: { 200: meResponseSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
      onRequest: refuseEarlyWhenHashingFull,
      preValidation: limits(app, [
        {
          // One account cannot be guessed at from one address, and one attacker cannot lock
          // every member out by naming them.
          name: 'sign-in',
          max: app.config.SIGN_IN_RATE_LIMIT,
          windowMs: MINUTE,
          key: (request) => `${request.ip}|${emailOf(request) ?? ''}`,
          message: signInMessage,
        },
        {
          // Across addresses: rotating addresses (or X-Forwarded-For behind a proxy) does not
          // buy more guesses at one account.
          name: 'sign-in-account',
          max: app.config.SIGN_IN_ACCOUNT_RATE_LIMIT,
          windowMs: 15 * MINUTE,
          key: emailOf,
          message: signInMessage,
        },
        {
          // Across accounts: one address cannot try a password on every member.
          name: 'sign-in-address',
          max: app.config.SIGN_IN_ADDRESS_RATE_LIMIT,
          windowMs: MINUTE,
          key: (request) => request.ip,
          message: signInMessage,
        },
      ]),
    },
    async (request, reply) => {
      const signedIn = await auth.signIn(app.ctx, request.body, browserOf(request));
      return answerSignedIn(request, reply, signedIn);
    },
  );

  r.delete(
    '/auth/sign_out',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out of this browser',
        response: { 200: meResponseSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      await auth.signOut(app.ctx, request.session?.id ?? null);
      request.session = null;
      clearSessionCookie(request, reply);
      return { user: null, csrf_token: issueCsrfToken(request, reply) };
    },
  );
}
