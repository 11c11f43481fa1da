import { z } from 'zod';
import { equipmentTypes } from './exercises';
import {
  genders,
  goalNeedsSport,
  MAX_AGE,
  mealPreferences,
  MIN_AGE,
  sportTypes,
  workoutGoals,
} from './profile';
import { idParam } from './pagination';
import { hasVisibleText } from './text';
import { vm } from './validation-messages';

/** The spec's six virtual-trainer actions (section 3). */
export const trainerActions = [
  'quick_workout',
  'workout',
  'diet',
  'nutritionist',
  'trainer',
  'quick_exercise',
] as const;
export type TrainerAction = (typeof trainerActions)[number];

/** The actions a `?action=` link on the form may preset (spec section 2). */
export const presetTrainerActions = ['quick_workout', 'diet', 'workout'] as const;

/** Sessions a week, weeks in a plan and minutes a session: the ranges the engine plans for. */
export const WORKOUT_FREQUENCY = { min: 1, max: 7 } as const;
export const WORKOUT_PLAN_LENGTH = { min: 1, max: 52 } as const;
export const WORKOUT_LENGTH = { min: 10, max: 180 } as const;
export const QUESTION_MAX = 2000;

/** Fields each action needs besides gender (always required, spec section 5). */
export const requiredFieldsByAction: Record<TrainerAction, readonly RequestField[]> = {
  quick_workout: ['workout_length', 'workout_goal'],
  workout: ['age', 'workout_frequency', 'workout_plan_length', 'workout_length', 'workout_goal'],
  diet: ['age', 'meal_preference'],
  nutritionist: ['question'],
  trainer: ['question'],
  quick_exercise: ['exercise_name'],
};

const requestShape = {
  trainer_action: z.enum(trainerActions, { error: vm('chooseTrainerAction') }),
  gender: z.enum(genders, { error: vm('chooseGender') }),
  age: z
    .number({ error: vm('enterAge') })
    .int(vm('enterAge'))
    .min(MIN_AGE, vm('ageBetweenPlain'))
    .max(MAX_AGE, vm('ageBetweenPlain'))
    .optional(),
  workout_frequency: z
    .number({ error: vm('chooseWorkoutFrequency') })
    .int()
    .min(WORKOUT_FREQUENCY.min, vm('chooseWorkoutFrequency'))
    .max(WORKOUT_FREQUENCY.max, vm('chooseWorkoutFrequency'))
    .optional(),
  workout_plan_length: z
    .number({ error: vm('choosePlanLength') })
    .int()
    .min(WORKOUT_PLAN_LENGTH.min, vm('choosePlanLength'))
    .max(WORKOUT_PLAN_LENGTH.max, vm('choosePlanLength'))
    .optional(),
  workout_length: z
    .number({ error: vm('chooseWorkoutLength') })
    .int()
    .min(WORKOUT_LENGTH.min, vm('chooseWorkoutLength'))
    .max(WORKOUT_LENGTH.max, vm('chooseWorkoutLength'))
    .optional(),
  workout_goal: z.enum(workoutGoals, { error: vm('chooseWorkoutGoal') }).optional(),
  sport_type: z.enum(sportTypes, { error: vm('chooseSport') }).nullish(),
  meal_preference: z.enum(mealPreferences, { error: vm('chooseMealPreference') }).optional(),
  /** The equipment to plan with; absent → the member's profile (null there = a full gym). */
  equipment: z
    .array(z.enum(equipmentTypes, { error: vm('chooseEquipment') }), {
      error: vm('chooseEquipment'),
    })
    .max(equipmentTypes.length, vm('equipmentOnce'))
    .optional(),
  /** For `nutritionist` and `trainer`. */
  question: z.string().trim().max(QUESTION_MAX, vm('atMostCharacters')).optional(),
  /** For `quick_exercise`. */
  exercise_name: z.string().trim().max(120, vm('atMostCharacters')).optional(),
  trainer_persona_id: idParam.optional(),
  /**
   * The member's own date (YYYY-MM-DD): a program starts on it, so "today" is theirs and not
   * the server's. Absent → the server's date (UTC).
   */
  date: z.iso.date(vm('dateFormat')).optional(),
  /** Same inputs and seed → the same plan (engine `local`). Absent → a fresh one. */
  seed: z
    .number({ error: vm('seedRange') })
    .int(vm('seedRange'))
    .min(0, vm('seedRange'))
    .max(2 ** 31 - 1, vm('seedRange'))
    .optional(),
};
export type RequestField = Exclude<keyof typeof requestShape, 'trainer_action' | 'gender' | 'date'>;

const missingMessage: Partial<Record<RequestField, ReturnType<typeof vm>>> = {
  age: vm('enterAge'),
  workout_frequency: vm('chooseWorkoutFrequency'),
  workout_plan_length: vm('choosePlanLength'),
  workout_length: vm('chooseWorkoutLength'),
  workout_goal: vm('chooseWorkoutGoal'),
  meal_preference: vm('chooseMealPreference'),
  question: vm('askAQuestion'),
  exercise_name: vm('enterExerciseName'),
};

const alwaysRun = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null,
};

/**
 * `POST /api/virtual_trainer`. Which fields are required depends on the action (the spec's rule:
 * gender always; for `workout` also age, frequency, plan length, session length and goal), so
 * the form and the server mark the same missing fields.
 */
export const virtualTrainerRequestSchema = z.object(requestShape).superRefine((v, ctx) => {
  if (!(trainerActions as readonly unknown[]).includes(v.trainer_action)) return;
  for (const field of requiredFieldsByAction[v.trainer_action]) {
    const value = v[field];
    // A question of zero-width spaces only is as missing as an empty one.
    const blank = typeof value === 'string' && !hasVisibleText(value);
    if (value === undefined || value === null || blank) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: missingMessage[field] ?? vm('required'),
      });
    }
  }
  const needsGoal = v.trainer_action === 'quick_workout' || v.trainer_action === 'workout';
  if (needsGoal && goalNeedsSport(v.workout_goal) && !v.sport_type) {
    ctx.addIssue({ code: 'custom', path: ['sport_type'], message: vm('chooseYourSport') });
  }
  // Run even when another field (gender, say) already failed, so that every missing field is
  // marked at once, on the server as in the form.
}, alwaysRun);
export type VirtualTrainerRequest = z.output<typeof virtualTrainerRequestSchema>;
export type VirtualTrainerRequestInput = z.input<typeof virtualTrainerRequestSchema>;

export const citationSchema = z.object({ slug: z.string(), title: z.string() });

/**
 * `POST /api/virtual_trainer`: what was made and the ids of what was saved. Workouts, programs
 * and diets are opened on their own pages; answers and exercise steps are shown in place.
 */
export const virtualTrainerResultSchema = z.object({
  trainer_action: z.enum(trainerActions),
  workout_id: z.number().int().nullable(),
  program_id: z.number().int().nullable(),
  diet_id: z.number().int().nullable(),
  thread_id: z.number().int().nullable(),
  answer: z.string().nullable(),
  citations: z.array(citationSchema),
  steps: z.array(z.string()),
  cues: z.array(z.string()),
  mistakes: z.array(z.string()),
  /** Sentences for the member: what was adapted and why (an exercise left out for an injury, …). */
  notes: z.array(z.string()),
});
export type VirtualTrainerResult = z.infer<typeof virtualTrainerResultSchema>;
