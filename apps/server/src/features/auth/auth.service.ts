import type { SessionUser, SignInInput, SignUpInput } from '@fitcoach/shared/profile';
import { heightToCm, weightToKg } from '@fitcoach/shared/units';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/accounts';
import { HttpError } from '../../lib/http-error';
import * as users from '../users/users.repository';
import { currentAvatarUrl } from '../users/users.service';
import { burnVerifyTime, hashPassword, verifyPassword } from './password';

/** The signed-in member as every page sees them, photo included. */
export async function toSessionUser(db: Executor, user: UserRow): Promise<SessionUser> {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    measurement_type: user.measurementType,
    avatar_url: await currentAvatarUrl(db, user.id),
  };
}

export const emailTaken = () =>
  new HttpError(409, 'email_taken', 'An account with this email already exists. Try signing in.', [
    { path: 'email', message: 'An account with this email already exists.' },
  ]);

/** Creates a member account. Weight and height arrive in the chosen units; stored metric. */
export async function signUp(db: Executor, input: SignUpInput): Promise<UserRow> {
  // Checked before hashing so a taken email answers fast; the insert below still guards the race.
  if (await users.findUserByEmail(db, input.email)) throw emailTaken();
  const user = await users.insertUser(db, {
    name: input.name,
    email: input.email,
    passwordHash: await hashPassword(input.password),
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
  new HttpError(
    401,
    'invalid_credentials',
    'That email and password do not match our records. Check them and try again.',
  );

/** Checks credentials; the error never says whether the email or the password was wrong. */
export async function signIn(db: Executor, input: SignInInput): Promise<UserRow> {
  const user = await users.findUserByEmail(db, input.email);
  if (!user) {
    await burnVerifyTime(input.password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw invalidCredentials();
  return user;
}

/** Creates an admin, or promotes and re-passwords an existing account (npm run create-admin). */
export async function createOrPromoteAdmin(
  db: Executor,
  input: { email: string; password: string; name?: string },
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await users.findUserByEmail(db, input.email);
  const passwordHash = await hashPassword(input.password);
  if (existing) {
    const user = await users.updateUser(db, existing.id, { role: 'admin', passwordHash });
    return { user: user ?? existing, created: false };
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
