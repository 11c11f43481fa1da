import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@fitcoach/shared/profile';
import type { UserRow } from '../db/schema/accounts';
import {
  noteActivity,
  resolveSession,
  SESSION_COOKIE,
  SessionCache,
  type ActiveSession,
} from './auth/sessions';
import { forbidden, unauthorized } from '../lib/http-error';
import { toViewer, type Viewer } from '../lib/viewer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signed-in sessions in memory (dropped by the change listeners in app.ts). */
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    /** The signed-in session, or null. Loaded for API, upload and cable requests only. */
    session: ActiveSession | null;
  }
}

/** Paths that look at the session; static files and the SPA shell skip the lookup. */
const SESSION_PREFIXES = ['/api/', '/rails/', '/cable'];

export function sessionCookieOptions(request: FastifyRequest, expiresAt: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    // Secure whenever the request came over HTTPS (directly, or via a trusted proxy).
    secure: request.protocol === 'https',
    expires: expiresAt,
  };
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
) {
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(request, expiresAt));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', secure: request.protocol === 'https' });
}

/** The signed-in session, or a 401 in the wire format. */
export function requireSession(request: FastifyRequest): ActiveSession {
  if (!request.session) throw unauthorized();
  return request.session;
}

/** The signed-in user, or a 401 in the wire format. */
export function requireUser(request: FastifyRequest): UserRow {
  return requireSession(request).user;
}

/** The signed-in member as services see them (id, role, units, language), or a 401. */
export function requireViewer(request: FastifyRequest): Viewer {
  return toViewer(requireUser(request), request.locale);
}

/** The signed-in user if they hold one of the roles; 401 or 403 otherwise. */
export function requireRole(request: FastifyRequest, ...roles: Role[]): UserRow {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

/**
 * The session for a cookie token, from memory or the database (for callers outside a request's
 * hooks, e.g. a WebSocket upgrade). A renewed expiry is kept; the cookie is resent by the next
 * HTTP request.
 */
export async function sessionForToken(
  app: FastifyInstance,
  token: string | undefined,
): Promise<ActiveSession | null> {
  if (!token || token.length > 100) return null;
  const cached = app.sessionCache.get(token);
  if (cached && cached.expiresAt.getTime() > Date.now()) return cached;
  const session = await resolveSession(app.db, token, app.config.SESSION_TTL_DAYS);
  if (session) app.sessionCache.set(token, { ...session, renewed: false });
  return session;
}

/** Loads the session from the database-backed cookie on every API request. */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('sessionCache', new SessionCache());
    app.decorateRequest('session', null);
    /** A cache miss: the database decides, and the answer is cached for the next requests. */
    async function loadSession(request: FastifyRequest, reply: FastifyReply, token: string) {
      const session = await resolveSession(app.db, token, app.config.SESSION_TTL_DAYS);
      if (!session) {
        app.sessionCache.delete(token);
        clearSessionCookie(request, reply);
        return;
      }
      app.sessionCache.set(token, { ...session, renewed: false });
      request.session = session;
      if (session.renewed) setSessionCookie(request, reply, token, session.expiresAt);
    }

    // A signed-in member's request marks them active ("last active" on their friends' lists).
    app.addHook('preHandler', (request, _reply, done) => {
      if (request.session) {
        noteActivity(app.db, request.session.user.id, (err) =>
          request.log.warn({ err }, 'could not record the member’s activity'),
        );
      }
      done();
    });

    // Callback style: the common case (session in memory) finishes without a promise.
    app.addHook('onRequest', (request, reply, done) => {
      if (!SESSION_PREFIXES.some((p) => request.url.startsWith(p))) return done();
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > 100) return done();
      // Most requests find their session in memory (keyed by the cookie, which spares hashing
      // it); the database is asked at most every 30 s.
      const cached = app.sessionCache.get(token);
      if (cached && cached.expiresAt.getTime() > Date.now()) {
        request.session = cached;
        return done();
      }
      loadSession(request, reply, token).then(() => done(), done);
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);
