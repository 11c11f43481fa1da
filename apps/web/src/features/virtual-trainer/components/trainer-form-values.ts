import {
  ageOn,
  type Gender,
  type MealPreference,
  type Profile,
  type SportType,
  type WorkoutGoal,
} from '@fitcoach/shared/profile';
import type {
  RequestField,
  TrainerAction,
  VirtualTrainerRequestInput,
} from '@fitcoach/shared/virtual-trainer';

/** What the form holds: selects give '' when empty, number inputs '' when cleared. */
export interface TrainerFormValues {
  trainer_action: TrainerAction;
  gender: Gender | '';
  age: number | '';
  workout_frequency: number | '';
  workout_plan_length: number | '';
  workout_length: number | '';
  workout_goal: WorkoutGoal | '';
  sport_type: SportType | '';
  meal_preference: MealPreference | '';
  question: string;
  exercise_name: string;
}

/** The fields each action asks about (gender always comes first). */
export const fieldsByAction: Record<TrainerAction, readonly RequestField[]> = {
  quick_workout: ['age', 'workout_length', 'workout_goal', 'sport_type'],
  workout: [
    'age',
    'workout_frequency',
    'workout_plan_length',
    'workout_length',
    'workout_goal',
    'sport_type',
  ],
  diet: ['age', 'workout_frequency', 'workout_length', 'workout_goal', 'meal_preference'],
  nutritionist: ['age', 'question'],
  trainer: ['age', 'question'],
  quick_exercise: ['exercise_name'],
};

/** The profile fills what it knows; the rest starts from common choices or empty. */
export function initialTrainerValues(
  profile: Profile | null,
  action: TrainerAction,
  today: Date = new Date(),
): TrainerFormValues {
  return {
    trainer_action: action,
    gender: profile?.gender ?? '',
    age: profile ? ageOn(profile.birth_date, today) : '',
    workout_frequency: 3,
    workout_plan_length: 4,
    workout_length: 45,
    workout_goal: profile?.workout_goal ?? '',
    sport_type: profile?.sport_type ?? '',
    meal_preference: profile?.meal_preference ?? '',
    question: '',
    exercise_name: '',
  };
}

/** Empty selects (null once cleared) and cleared numbers ('') are simply not sent. */
function blankToUndefined<T>(value: T): Exclude<T, '' | null> | undefined {
  return value === '' || value === null ? undefined : (value as Exclude<T, '' | null>);
}

/** Only the fields the chosen action shows are sent, so a hidden one cannot fail the request. */
export function toTrainerRequest(values: TrainerFormValues): VirtualTrainerRequestInput {
  const shown = new Set<string>(fieldsByAction[values.trainer_action]);
  const pick = <K extends keyof TrainerFormValues>(
    key: K,
  ): Exclude<TrainerFormValues[K], '' | null> | undefined =>
    shown.has(key) ? blankToUndefined(values[key]) : undefined;
  const text = (key: 'question' | 'exercise_name') =>
    shown.has(key) ? values[key].trim() || undefined : undefined;
  return {
    trainer_action: values.trainer_action,
    // Sent even when empty so the server marks it too; the form blocks that first.
    gender: blankToUndefined(values.gender) as Gender,
    age: pick('age'),
    workout_frequency: pick('workout_frequency'),
    workout_plan_length: pick('workout_plan_length'),
    workout_length: pick('workout_length'),
    workout_goal: pick('workout_goal'),
    sport_type: pick('sport_type') ?? null,
    meal_preference: pick('meal_preference'),
    question: text('question'),
    exercise_name: text('exercise_name'),
  };
}
