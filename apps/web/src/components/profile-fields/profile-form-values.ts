import type {
  Gender,
  MealPreference,
  Profile,
  SportType,
  WorkoutGoal,
} from '@fitcoach/shared/profile';
import type { MeasurementType } from '@fitcoach/shared/units';
import type { UseFormReturnType } from '@mantine/form';

/**
 * What the sign-up and profile forms hold while a person types: inputs may be empty, so
 * choices are nullable and numbers may be ''. The shared Zod schemas turn this into API input.
 */
export interface ProfileFormValues {
  name: string;
  email: string;
  password: string;
  gender: Gender | null;
  birth_date: string;
  measurement_type: MeasurementType;
  weight: number | string;
  height: number | string;
  workout_goal: WorkoutGoal | null;
  sport_type: SportType | null;
  meal_preference: MealPreference | null;
}

export type ProfileForm = UseFormReturnType<ProfileFormValues>;

export const emptyProfileForm: ProfileFormValues = {
  name: '',
  email: '',
  password: '',
  gender: null,
  birth_date: '',
  measurement_type: 'metric',
  weight: '',
  height: '',
  workout_goal: null,
  sport_type: null,
  meal_preference: null,
};

export function profileToFormValues(profile: Profile): ProfileFormValues {
  return {
    ...emptyProfileForm,
    name: profile.name,
    email: profile.email,
    gender: profile.gender,
    birth_date: profile.birth_date,
    measurement_type: profile.measurement_type,
    weight: profile.weight,
    height: profile.height,
    workout_goal: profile.workout_goal,
    sport_type: profile.sport_type,
    meal_preference: profile.meal_preference,
  };
}

/** Number inputs hold '' when empty; the schemas should see "missing", not a string. */
export function numberOrUndefined(value: number | string): number | undefined {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The form's values as the API wants them: empty inputs become "missing" so the shared schemas
 * report them. Sign-up and profile parse this with their own schema (the profile one ignores
 * the password).
 */
export function profileFormToInput(values: ProfileFormValues) {
  return {
    ...values,
    gender: values.gender ?? undefined,
    weight: numberOrUndefined(values.weight),
    height: numberOrUndefined(values.height),
    workout_goal: values.workout_goal ?? undefined,
    meal_preference: values.meal_preference ?? undefined,
  };
}
