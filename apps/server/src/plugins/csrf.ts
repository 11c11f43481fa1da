import { createHmac } from 'node:crypto';
import fastifyCsrf from '@fastify/csrf-protection';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set false on a route whose requests are authorised another way (e.g. a signed URL). */
    csrf?: boolean;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const COOKIE_KEY = 'fitcoach_csrf';
const ANONYMOUS = 'anonymous';

function userInfo(request: FastifyRequest): string {
  return request.session?.id ?? ANONYMOUS;
}

/** A token bound to the current session (or to "no session"): sign-in makes old tokens stale. */
export function issueCsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  return reply.generateCsrf({ userInfo: userInfo(request) });
}

/**
 * Every POST, PUT, PATCH and DELETE must carry `X-CSRF-Token` made for its session. The secret
 * lives in an httpOnly SameSite cookie; the token is handed out by `GET /api/auth/me`.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, opts: { secret: string }) => {
    await app.register(fastifyCsrf, {
      cookieKey: COOKIE_KEY,
      cookieOpts: { path: '/', sameSite: 'lax', httpOnly: true, secure: 'auto' },
      getToken: (req) => {
        const header = req.headers['x-csrf-token'];
        return typeof header === 'string' ? header : undefined;
      },
      getUserInfo: userInfo,
      csrfOpts: { hmacKey: createHmac('sha256', opts.secret).update('csrf').digest() },
    });
    // A token that verified for this secret and session stays valid for them: remember the
    // good ones and skip the HMAC on repeat (an unknown or forged token is always checked).
    const verified = new LRUCache<string, true>({ max: 50_000 });
    app.addHook('onRequest', (request, reply, done) => {
      if (!MUTATING.has(request.method) || request.routeOptions.config.csrf === false) {
        done();
        return;
      }
      const token = request.headers['x-csrf-token'];
      const secret = request.cookies[COOKIE_KEY];
      const key =
        typeof token === 'string' && secret
          ? `${secret}\u0000${token}\u0000${userInfo(request)}`
          : null;
      if (key && verified.has(key)) {
        done();
        return;
      }
      app.csrfProtection(request, reply, (error?: Error) => {
        if (!error && key) verified.set(key, true);
        done(error);
      });
    });
  },
  { name: 'csrf', dependencies: ['@fastify/cookie', 'auth'] },
);
