import {
  goalNeedsSport,
  type ActivityVisibilityUpdateInput,
  type LocaleUpdateInput,
  type PasswordChangeInput,
  type Profile,
  type ProfileUpdateInput,
  profileSchema,
} from '@fitcoach/shared/profile';
import { heightFromCm, heightToCm, weightFromKg, weightToKg } from '@fitcoach/shared/units';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/accounts';
import { answerKeys, type PreparedAnswer } from '../../lib/answer-cache';
import { HttpError, notFound } from '../../lib/http-error';
import { text } from '../../i18n/i18n';
import type { ServiceContext } from '../../lib/service-context';
import type { MessageVerifier } from '../../lib/signed-messages';
import { endOtherSessions } from '../../plugins/auth/sessions';
import type { StorageService } from '../../plugins/storage';
import { emailTaken } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../auth/password';
import * as uploads from '../uploads/uploads.service';
import * as users from '../users/users.service';

/**
 * The profile as the member sees it: weight and height in their own units, 2 decimals, and
 * the photo's address when there is one.
 */
export function toProfile(user: UserRow, avatarBlobId: number | null): Profile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    gender: user.gender,
    birth_date: user.birthDate,
    measurement_type: user.measurementType,
    weight: weightFromKg(user.weightKg, user.measurementType),
    height: heightFromCm(user.heightCm, user.measurementType),
    workout_goal: user.workoutGoal,
    sport_type: user.sportType,
    meal_preference: user.mealPreference,
    created_at: user.createdAt.toISOString(),
    avatar_url: avatarBlobId === null ? null : users.avatarUrl(user.id, avatarBlobId),
    activity_visibility: user.activityVisibility,
    equipment: user.equipment ?? null,
  };
}

/**
 * GET /api/profile: the member's profile, cached until their account or photo changes. `user` is
 * the account as the session read it.
 */
export function profileAnswer(ctx: ServiceContext, user: UserRow): Promise<PreparedAnswer> {
  return ctx.answers.get(
    answerKeys.profile(user.id, user.updatedAt.getTime()),
    () => getProfile(ctx, user.id),
    profileSchema,
  );
}

async function avatarBlobId(db: Executor, userId: number): Promise<number | null> {
  return (await uploads.attachedBlob(db, users.avatarSlot(userId)))?.id ?? null;
}

export async function getProfile({ db }: ServiceContext, userId: number): Promise<Profile> {
  const [user, avatar] = await Promise.all([
    users.findUserById(db, userId),
    avatarBlobId(db, userId),
  ]);
  if (!user) throw notFound('profile');
  return toProfile(user, avatar);
}

/**
 * Makes an uploaded image the member's photo (through its signed id only), replacing and
 * deleting the previous one.
 */
export async function attachAvatar(
  ctx: ServiceContext,
  storage: StorageService,
  verifier: MessageVerifier,
  userId: number,
  signedId: string,
): Promise<Profile> {
  const blob = await uploads.blobForSignedId(ctx.db, storage, verifier, signedId, {
    ownerId: userId,
    purpose: 'avatar',
  });
  await uploads.attachBlob(ctx.db, storage, users.avatarSlot(userId), blob);
  ctx.changes.emit({ kind: 'member', id: userId, photo: true });
  return getProfile(ctx, userId);
}

/** Removes the member's photo (its file too). */
export async function removeAvatar(
  ctx: ServiceContext,
  storage: StorageService,
  userId: number,
): Promise<Profile> {
  await uploads.detachBlob(ctx.db, storage, users.avatarSlot(userId));
  ctx.changes.emit({ kind: 'member', id: userId, photo: true });
  return getProfile(ctx, userId);
}

/** The member's language; sessions carry it, so they are re-read. */
export async function updateLocale(
  ctx: ServiceContext,
  userId: number,
  input: LocaleUpdateInput,
): Promise<void> {
  const updated = await ctx.transaction(async (tx, changes) => {
    const saved = await users.updateUser(tx, userId, { locale: input.locale });
    changes.emit({ kind: 'member', id: userId });
    return saved;
  });
  if (!updated) throw notFound('profile');
}

/**
 * Who sees the member's activity. The feed reads it on every request (nothing of it is cached),
 * so friends stop seeing the member's workouts with their next read.
 */
export async function updateActivityVisibility(
  ctx: ServiceContext,
  userId: number,
  input: ActivityVisibilityUpdateInput,
): Promise<void> {
  const updated = await ctx.transaction(async (tx, changes) => {
    const saved = await users.updateUser(tx, userId, {
      activityVisibility: input.activity_visibility,
    });
    changes.emit({ kind: 'member', id: userId });
    return saved;
  });
  if (!updated) throw notFound('profile');
}

/** Saves the profile; names and units are read from cached sessions, so they are dropped. */
export async function updateProfile(
  ctx: ServiceContext,
  userId: number,
  input: ProfileUpdateInput,
): Promise<Profile> {
  if (await users.emailUsedByAnother(ctx.db, input.email, userId)) throw emailTaken();
  const updated = await ctx.transaction(async (tx, changes) => {
    const before = await users.findUserById(tx, userId);
    const saved = await saveProfile(tx, userId, input);
    // Other members see the name (on the workouts someone wrote): a new one reaches them too.
    changes.emit({ kind: 'member', id: userId, renamed: before?.name !== saved?.name });
    return saved;
  });
  if (!updated) throw notFound('profile');
  return toProfile(updated, await avatarBlobId(ctx.db, userId));
}

async function saveProfile(db: Executor, userId: number, input: ProfileUpdateInput) {
  return users
    .updateUser(db, userId, {
      name: input.name,
      email: input.email,
      gender: input.gender,
      birthDate: input.birth_date,
      measurementType: input.measurement_type,
      weightKg: weightToKg(input.weight, input.measurement_type),
      heightCm: heightToCm(input.height, input.measurement_type),
      workoutGoal: input.workout_goal,
      // A sport only means something for the sport goals; drop a stale one.
      sportType: goalNeedsSport(input.workout_goal) ? (input.sport_type ?? null) : null,
      mealPreference: input.meal_preference,
      // Absent: the form did not show it (keep what is saved); null: a full gym.
      ...(input.equipment === undefined ? {} : { equipment: input.equipment }),
    })
    .catch((error: unknown) => {
      // Two members racing for one email: the unique index decides; answer like the check.
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    });
}

/** A new password; whoever knew the old one is signed out everywhere else. */
export async function changePassword(
  ctx: ServiceContext,
  userId: number,
  sessionId: string,
  input: PasswordChangeInput,
): Promise<void> {
  const user = await users.findUserById(ctx.db, userId);
  if (!user) throw notFound('profile');
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw new HttpError(400, 'validation_failed', text('errors:auth.wrongPassword'), [
      { path: 'current_password', message: text('errors:auth.wrongPasswordField') },
    ]);
  }
  const passwordHash = await hashPassword(input.new_password);
  await ctx.transaction(async (tx, changes) => {
    await users.updateUser(tx, userId, { passwordHash });
    await endOtherSessions(tx, userId, sessionId);
    changes.emit({ kind: 'member', id: userId });
  });
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } })?.code ??
    (error as { cause?: { code?: unknown } })?.cause?.code;
  return code === '23505';
}
