import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/accounts';
import * as repo from './auth.repository';

export const SESSION_COOKIE = 'fitcoach_session';
const DAY_MS = 24 * 60 * 60 * 1000;

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

export async function endSession(db: Executor, id: string): Promise<void> {
  await repo.deleteSession(db, id);
}

export async function endOtherSessions(db: Executor, userId: number, keepId: string) {
  await repo.deleteOtherSessions(db, userId, keepId);
}

export async function purgeExpiredSessions(db: Executor): Promise<void> {
  await repo.deleteExpiredSessions(db, new Date());
}
