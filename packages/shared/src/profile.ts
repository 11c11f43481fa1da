import { z } from 'zod';
import { equipmentTypes } from './exercises';
import { isOneLine } from './text';
import { vm } from './validation-messages';
import { activityVisibilities } from './friends';
import { localeSchema } from './locales';
import {
  bodyLimits,
  heightUnit,
  measurementTypes,
  weightUnit,
  type MeasurementType,
} from './units';

export const genders = ['male', 'female', 'other'] as const;
export type Gender = (typeof genders)[number];
export const genderLabels: Record<Gender, string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
};

/** The spec's workout goal values (section 3). */
export const workoutGoals = [
  'weight_lifting',
  'crossfit',
  'hiit',
  'cardio',
  'tabata',
  'boxing',
  'kickboxing',
  'sport',
  'sport_specific',
] as const;
export type WorkoutGoal = (typeof workoutGoals)[number];
export const workoutGoalLabels: Record<WorkoutGoal, string> = {
  weight_lifting: 'Weight lifting',
  crossfit: 'CrossFit',
  hiit: 'HIIT',
  cardio: 'Cardio',
  tabata: 'Tabata',
  boxing: 'Boxing',
  kickboxing: 'Kickboxing',
  sport: 'Sport',
  sport_specific: 'Sport-specific training',
};

/** Goals that need a sport type. */
export function goalNeedsSport(goal: WorkoutGoal | null | undefined): boolean {
  return goal === 'sport' || goal === 'sport_specific';
}

export const sportTypes = [
  'basketball',
  'volleyball',
  'soccer',
  'american_football',
  'baseball',
  'softball',
  'tennis',
  'ice_hockey',
  'rugby',
  'running',
  'swimming',
  'cycling',
  'wrestling',
  'mma',
  'golf',
  'other',
] as const;
export type SportType = (typeof sportTypes)[number];
export const sportTypeLabels: Record<SportType, string> = {
  basketball: 'Basketball',
  volleyball: 'Volleyball',
  soccer: 'Soccer',
  american_football: 'American football',
  baseball: 'Baseball',
  softball: 'Softball',
  tennis: 'Tennis',
  ice_hockey: 'Ice hockey',
  rugby: 'Rugby',
  running: 'Running',
  swimming: 'Swimming',
  cycling: 'Cycling',
  wrestling: 'Wrestling',
  mma: 'MMA',
  golf: 'Golf',
  other: 'Other sport',
};

/** Meal preferences; the diet engine plans under the same values. */
export const mealPreferences = [
  'omnivore',
  'vegetarian',
  'vegan',
  'pescatarian',
  'keto',
  'paleo',
  'mediterranean',
  'gluten_free',
  'dairy_free',
] as const;
export type MealPreference = (typeof mealPreferences)[number];
export const mealPreferenceLabels: Record<MealPreference, string> = {
  omnivore: 'Omnivore (everything)',
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  pescatarian: 'Pescatarian',
  keto: 'Keto',
  paleo: 'Paleo',
  mediterranean: 'Mediterranean',
  gluten_free: 'Gluten-free',
  dairy_free: 'Dairy-free',
};

export const roles = ['member', 'coach', 'admin'] as const;
export type Role = (typeof roles)[number];

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Age in whole years on `today` for a YYYY-MM-DD birth date. */
export function ageOn(birthDate: string, today: Date = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

export const MIN_AGE = 13;
export const MAX_AGE = 120;

export const nameSchema = z
  .string()
  .trim()
  .min(1, vm('enterName'))
  .max(100, vm('atMostCharacters'))
  .refine(isOneLine, vm('nameOnOneLine'));

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, vm('enterEmail'))
  .max(254, vm('emailTooLong'))
  .pipe(z.email(vm('enterValidEmail')));

export const PASSWORD_MIN = 8;
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, vm('atLeastCharacters'))
  .max(128, vm('atMostCharacters'));

/** True for a real calendar date written YYYY-MM-DD (so 1990-02-31 is not one). */
export function isIsoDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const birthDateSchema = z.string({ error: vm('enterBirthDate') }).superRefine((v, ctx) => {
  if (!isIsoDate(v)) {
    ctx.addIssue({ code: 'custom', message: vm('enterBirthDate') });
    return;
  }
  const age = ageOn(v);
  if (age < MIN_AGE || age > MAX_AGE) {
    ctx.addIssue({
      code: 'custom',
      message: vm('ageBetween'),
      params: { min: MIN_AGE, max: MAX_AGE },
    });
  }
});

const positiveNumber = (message: ReturnType<typeof vm>) =>
  z.number({ error: message }).finite(message).positive(message);

/** Account step of sign-up. */
export const signUpAccountSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});

const bodyShape = {
  gender: z.enum(genders, { error: vm('chooseGender') }),
  birth_date: birthDateSchema,
  measurement_type: z.enum(measurementTypes, { error: vm('chooseUnits') }),
  weight: positiveNumber(vm('enterWeight')),
  height: positiveNumber(vm('enterHeight')),
};

/** Weight and height are in the chosen units; check the plausible range in those units. */
function checkBodyRange(
  v: { measurement_type: MeasurementType; weight: number; height: number },
  ctx: z.RefinementCtx,
): void {
  // Runs even when other fields failed (see alwaysRun), so the values may be anything.
  const limits = bodyLimits[v.measurement_type] as (typeof bodyLimits)['metric'] | undefined;
  if (!limits) return;
  const wu = weightUnit(v.measurement_type);
  const hu = heightUnit(v.measurement_type);
  if (
    typeof v.weight === 'number' &&
    (v.weight < limits.weight.min || v.weight > limits.weight.max)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['weight'],
      message: vm('weightBetween'),
      params: { min: limits.weight.min, max: limits.weight.max, unit: wu },
    });
  }
  if (
    typeof v.height === 'number' &&
    (v.height < limits.height.min || v.height > limits.height.max)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['height'],
      message: vm('heightBetween'),
      params: { min: limits.height.min, max: limits.height.max, unit: hu },
    });
  }
}

/**
 * Cross-field checks run even when another field already failed, so a person sees every
 * problem of a step at once rather than one batch after another.
 */
const alwaysRun = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null,
};

/** Body step of sign-up (and the body part of the profile). */
export const signUpBodySchema = z.object(bodyShape).superRefine(checkBodyRange, alwaysRun);

const goalsShape = {
  workout_goal: z.enum(workoutGoals, { error: vm('chooseWorkoutGoal') }),
  sport_type: z.enum(sportTypes, { error: vm('chooseSport') }).nullish(),
  meal_preference: z.enum(mealPreferences, { error: vm('chooseMealPreference') }),
};

function checkSport(
  v: { workout_goal: WorkoutGoal; sport_type?: SportType | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (goalNeedsSport(v.workout_goal) && !v.sport_type) {
    ctx.addIssue({ code: 'custom', path: ['sport_type'], message: vm('chooseYourSport') });
  }
}

/** Goals step of sign-up. */
export const signUpGoalsSchema = z.object(goalsShape).superRefine(checkSport, alwaysRun);

/** `POST /api/auth/sign_up`: every step's fields. Weight and height in the chosen units. */
export const signUpSchema = z
  .object({
    ...signUpAccountSchema.shape,
    ...bodyShape,
    ...goalsShape,
    /** The token of a friend's invitation link: signing up through it makes the two friends. */
    invite_token: z.string().max(200).optional(),
  })
  .superRefine((v, ctx) => {
    checkBodyRange(v, ctx);
    checkSport(v, ctx);
  }, alwaysRun);
export type SignUpInput = z.infer<typeof signUpSchema>;

/** `POST /api/auth/sign_in`. */
export const signInSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, vm('enterEmail')).max(254),
  password: z.string().min(1, vm('enterPassword')).max(128),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** The signed-in member as the web app sees them on every page. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  measurement_type: z.enum(measurementTypes),
  /** The language the member chose on their profile; null follows the browser's. */
  locale: localeSchema.nullable(),
  /** The member's photo (shown in the header), or null. */
  avatar_url: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `GET /api/auth/me`, and the answer of sign-up, sign-in and sign-out. */
export const meResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
  csrf_token: z.string(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** `GET /api/profile`: weight and height in the member's units, 2 decimals. */
export const profileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  gender: z.enum(genders),
  birth_date: z.string(),
  measurement_type: z.enum(measurementTypes),
  weight: z.number(),
  height: z.number(),
  workout_goal: z.enum(workoutGoals),
  sport_type: z.enum(sportTypes).nullable(),
  meal_preference: z.enum(mealPreferences),
  created_at: z.string(),
  /** `/api/users/<id>/avatar?v=<blob id>` (the version busts caches on change), or null. */
  avatar_url: z.string().nullable(),
  /** Who sees the member's completed workouts in the activity feed. */
  activity_visibility: z.enum(activityVisibilities),
  /** The equipment the member can use; null = a full gym (the AI trainer plans with it). */
  equipment: z.array(z.enum(equipmentTypes)).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** `PUT /api/profile`: the whole profile form. Weight and height in the chosen units. */
export const profileUpdateSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    ...bodyShape,
    ...goalsShape,
    /** Absent keeps what is saved; null = a full gym. */
    equipment: z
      .array(z.enum(equipmentTypes, { error: vm('chooseEquipment') }))
      .max(equipmentTypes.length)
      .nullish(),
  })
  .superRefine((v, ctx) => {
    checkBodyRange(v, ctx);
    checkSport(v, ctx);
  }, alwaysRun);
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** `PUT /api/profile/locale`: the app's language for this member; null follows the browser. */
export const localeUpdateSchema = z.object({ locale: localeSchema.nullable() });
export type LocaleUpdateInput = z.infer<typeof localeUpdateSchema>;

/** `PUT /api/profile/activity_visibility`: who sees the member's activity in the feed. */
export const activityVisibilityUpdateSchema = z.object({
  activity_visibility: z.enum(activityVisibilities),
});
export type ActivityVisibilityUpdateInput = z.infer<typeof activityVisibilityUpdateSchema>;

/** `PUT /api/profile/password`. */
export const passwordChangeSchema = z.object({
  current_password: z.string().min(1, vm('enterCurrentPassword')).max(128),
  new_password: passwordSchema,
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
