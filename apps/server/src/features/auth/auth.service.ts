import type { SessionUser, SignInInput, SignUpInput } from '@fitcoach/shared/profile';
import { heightToCm, weightToKg } from '@fitcoach/shared/units';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/accounts';
import { HttpError } from '../../lib/http-error';
import { text } from '../../i18n/i18n';
import type { PendingChanges } from '../../lib/changes';
import type { ServiceContext } from '../../lib/service-context';
import { endSession, startSession } from '../../plugins/auth/sessions';
import { recordAudit } from '../admin/admin.service';
import { redeemInvitation } from '../invitations/invitations.service';
import * as users from '../users/users.service';
import {
  burnVerifyTime,
  hashPassword,
  holdThenRefuseWhenHashingFull,
  verifyPassword,
} from './password';

/** The signed-in member as every page sees them, photo included. */
export async function toSessionUser(ctx: ServiceContext, user: UserRow): Promise<SessionUser> {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    measurement_type: user.measurementType,
    locale: user.locale,
    avatar_url: await users.currentAvatarUrl(ctx.db, user.id),
  };
}

/** The browser asking: its current session (replaced at sign-in) and what it calls itself. */
export interface Browser {
  sessionId: string | null;
  userAgent: string | null;
}

export interface SignedIn {
  user: UserRow;
  session: { token: string; id: string; expiresAt: Date };
}

/** Replaces the browser's session with a new one (a new id at every sign-in: no fixation). */
async function beginSession(
  ctx: ServiceContext,
  tx: Executor,
  changes: PendingChanges,
  user: UserRow,
  browser: Browser,
): Promise<SignedIn> {
  if (browser.sessionId) {
    await endSession(tx, browser.sessionId);
    changes.emit({ kind: 'session-ended', id: browser.sessionId });
  }
  const session = await startSession(tx, user.id, ctx.config.SESSION_TTL_DAYS, browser.userAgent);
  return { user, session };
}

/** Signs the browser out: its session ends here and its open sockets close on every node. */
export async function signOut(ctx: ServiceContext, sessionId: string | null): Promise<void> {
  if (!sessionId) return;
  await ctx.transaction(async (tx, changes) => {
    await endSession(tx, sessionId);
    changes.emit({ kind: 'session-ended', id: sessionId });
  });
}

export const emailTaken = () =>
  new HttpError(409, 'email_taken', text('errors:auth.emailTaken'), [
    { path: 'email', message: text('errors:auth.emailTakenField') },
  ]);

/**
 * Creates a member account and signs the browser in, in one transaction. Weight and height
 * arrive in the chosen units; stored metric.
 */
export async function signUp(
  ctx: ServiceContext,
  input: SignUpInput,
  browser: Browser,
): Promise<SignedIn> {
  // Checked before hashing so a taken email answers fast; the insert below still guards the race.
  if (await users.findUserByEmail(ctx.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  return ctx.transaction(async (tx, changes) => {
    const user = await insertMember(tx, input, passwordHash);
    // Member search can find them from now on.
    changes.emit({ kind: 'member', id: user.id, joined: true });
    // Through a friend's invitation link: the two are friends as the account is created.
    if (input.invite_token) await redeemInvitation(tx, changes, input.invite_token, user);
    return beginSession(ctx, tx, changes, user, browser);
  });
}

async function insertMember(
  db: Executor,
  input: SignUpInput,
  passwordHash: string,
): Promise<UserRow> {
  const user = await users.insertUser(db, {
    name: input.name,
    email: input.email,
    passwordHash,
    role: 'member',
    gender: input.gender,
    birthDate: input.birth_date,
    measurementType: input.measurement_type,
    weightKg: weightToKg(input.weight, input.measurement_type),
    heightCm: heightToCm(input.height, input.measurement_type),
    workoutGoal: input.workout_goal,
    sportType: input.sport_type ?? null,
    mealPreference: input.meal_preference,
  });
  if (!user) throw emailTaken();
  return user;
}

export const invalidCredentials = () =>
  new HttpError(401, 'invalid_credentials', text('errors:auth.invalidCredentials'));

export const accountSuspended = () =>
  new HttpError(403, 'account_suspended', text('errors:auth.suspended'));

/**
 * Checks credentials and signs the browser in; the error never says whether the email or the
 * password was wrong.
 */
export async function signIn(
  ctx: ServiceContext,
  input: SignInInput,
  browser: Browser,
): Promise<SignedIn> {
  const user = await users.findUserByEmail(ctx.db, input.email);
  if (!user) {
    await burnVerifyTime(input.password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw invalidCredentials();
  // Said only to whoever knows the password: a stranger learns nothing about the account.
  if (user.suspendedAt) throw accountSuspended();
  return ctx.transaction((tx, changes) => beginSession(ctx, tx, changes, user, browser));
}

/** Creates an admin, or promotes and re-passwords an existing account (npm run create-admin). */
export async function createOrPromoteAdmin(
  db: Executor,
  input: { email: string; password: string; name?: string },
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await users.findUserByEmail(db, input.email);
  const passwordHash = await hashPassword(input.password);
  if (existing) {
    // The promotion and its audit row in one transaction: no role change off the record.
    return db.transaction(async (tx) => {
      const user = await users.updateUser(tx, existing.id, { role: 'admin', passwordHash });
      if (existing.role !== 'admin') {
        await recordAudit(tx, null, {
          action: 'user.role_changed',
          targetType: 'user',
          targetId: existing.id,
          targetLabel: existing.email,
          before: { role: existing.role },
          after: { role: 'admin' },
        });
      }
      return { user: user ?? existing, created: false };
    });
  }
  const user = await users.insertUser(db, {
    name: input.name ?? 'Administrator',
    email: input.email,
    passwordHash,
    role: 'admin',
    gender: 'other',
    birthDate: '1990-01-01',
    measurementType: 'metric',
    weightKg: 70,
    heightCm: 175,
    workoutGoal: 'weight_lifting',
    sportType: null,
    mealPreference: 'omnivore',
  });
  if (!user) throw emailTaken();
  return { user, created: true };
}

/**
 * Sign-in and sign-up refuse before their body is read while password hashing is full, after
 * holding the request a moment (PASSWORD_HASH_REFUSAL_HOLD_MS).
 */
export function refuseWhenBusy(): Promise<void> {
  return holdThenRefuseWhenHashingFull();
}
