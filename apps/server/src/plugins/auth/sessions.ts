import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/accounts';
import * as repo from './sessions.repository';

/** Signed-in sessions: stored in the database, cached per node by cookie token. */

export const SESSION_COOKIE = 'fitcoach_session';
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Sessions are re-read at least this often, so a change another node missed lands within it;
 * while Redis is down, every 500 ms (DEGRADED_RECHECK_MS in app.ts).
 */
export const SESSION_CACHE_TTL_MS = 30_000;

export interface ActiveSession {
  /** The database id (hash of the cookie token); safe to use as CSRF user info. */
  id: string;
  user: UserRow;
  expiresAt: Date;
  /** Set when the expiry slid forward and the cookie should be sent again. */
  renewed: boolean;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session with a fresh random id (a new id at every sign-in: no fixation). */
export async function startSession(
  db: Executor,
  userId: number,
  ttlDays: number,
  userAgent: string | null,
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const id = hashToken(token);
  const expiresAt = new Date(Date.now() + ttlDays * DAY_MS);
  await repo.insertSession(db, {
    id,
    userId,
    expiresAt,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return { token, id, expiresAt };
}

/**
 * Finds the session for a cookie token. Expired sessions are deleted and count as none.
 * A session used in the second half of its life slides forward by a full TTL.
 */
export async function resolveSession(
  db: Executor,
  token: string,
  ttlDays: number,
  now = new Date(),
): Promise<ActiveSession | null> {
  if (token.length < 20 || token.length > 100) return null;
  const id = hashToken(token);
  const found = await repo.findSessionWithUser(db, id);
  if (!found) return null;
  if (found.session.expiresAt.getTime() <= now.getTime()) {
    await repo.deleteSession(db, id);
    return null;
  }
  const ttlMs = ttlDays * DAY_MS;
  if (found.session.expiresAt.getTime() - now.getTime() < ttlMs / 2) {
    const expiresAt = new Date(now.getTime() + ttlMs);
    await repo.extendSession(db, id, expiresAt);
    return { id, user: found.user, expiresAt, renewed: true };
  }
  return { id, user: found.user, expiresAt: found.session.expiresAt, renewed: false };
}

/** A session by its database id, if it still exists and has not expired (no sliding). */
export async function findActiveSession(db: Executor, id: string): Promise<ActiveSession | null> {
  const found = await repo.findSessionWithUser(db, id);
  if (!found || found.session.expiresAt.getTime() <= Date.now()) return null;
  return { id, user: found.user, expiresAt: found.session.expiresAt, renewed: false };
}

/** Many sessions by id at once (one query): those that still exist and have not expired. */
export async function findActiveSessions(
  db: Executor,
  ids: string[],
): Promise<Map<string, ActiveSession>> {
  const now = Date.now();
  const found = new Map<string, ActiveSession>();
  if (ids.length === 0) return found;
  for (const { session, user } of await repo.findSessionsWithUsers(db, ids)) {
    if (session.expiresAt.getTime() <= now) continue;
    found.set(session.id, { id: session.id, user, expiresAt: session.expiresAt, renewed: false });
  }
  return found;
}

export async function endSession(db: Executor, id: string): Promise<void> {
  await repo.deleteSession(db, id);
}

export async function endOtherSessions(db: Executor, userId: number, keepId: string) {
  await repo.deleteOtherSessions(db, userId, keepId);
}

export async function purgeExpiredSessions(db: Executor): Promise<void> {
  await repo.deleteExpiredSessions(db, new Date());
}

/**
 * Sessions in memory, keyed by cookie token (which spares hashing it): most requests find
 * theirs here and the database is asked at most every 30 s. Changes name sessions by id or by
 * member; `forget` and `forgetMember` drop the matching entries.
 */
export class SessionCache {
  private readonly byToken = new LRUCache<string, ActiveSession>({
    max: 20_000,
    ttl: SESSION_CACHE_TTL_MS,
  });

  get(token: string): ActiveSession | undefined {
    return this.byToken.get(token);
  }

  set(token: string, session: ActiveSession): void {
    this.byToken.set(token, session);
  }

  delete(token: string): void {
    this.byToken.delete(token);
  }

  /** Everything: the next request of each session reads it from the database. */
  clear(): void {
    this.byToken.clear();
  }

  forget(sessionId: string): void {
    for (const [token, session] of this.byToken.entries()) {
      if (session.id === sessionId) this.byToken.delete(token);
    }
  }

  forgetMember(userId: number): void {
    for (const [token, session] of this.byToken.entries()) {
      if (session.user.id === userId) this.byToken.delete(token);
    }
  }
}

const ACTIVE_EVERY_MS = 60_000;
/** Members whose activity this node recorded lately (bounded: old entries fall out first). */
const lastTouched = new LRUCache<number, number>({ max: 100_000 });

/**
 * Records that a signed-in member used the app, at most once a minute: the node remembers when
 * it last did, so most requests cost no query; the database's own check covers the other nodes.
 * Not awaited by the request; a failure (database away) only skips this minute's mark.
 */
export function noteActivity(db: Executor, userId: number, onError: (err: unknown) => void) {
  const now = Date.now();
  const last = lastTouched.get(userId);
  if (last !== undefined && now - last < ACTIVE_EVERY_MS) return;
  lastTouched.set(userId, now);
  repo.touchLastActive(db, userId).catch(onError);
}

/** Forgets what this node recorded (tests that check the once-a-minute mark). */
export function forgetActivity(): void {
  lastTouched.clear();
}
