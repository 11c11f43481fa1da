import { DIET_KCAL, type MacroTargets } from '@fitcoach/shared/diets';
import type { Gender, MealPreference, WorkoutGoal } from '@fitcoach/shared/profile';

export interface TargetInputs {
  gender: Gender;
  age: number;
  weight_kg: number;
  height_cm: number;
  /** Sessions a week. */
  workout_frequency: number;
  /** Minutes a session. */
  workout_length: number;
  goal: WorkoutGoal;
}

export interface TargetOptions {
  meal_preference: MealPreference;
  /** The member's own calorie target ("1800 kcal"), replacing the computed one. */
  kcal_override?: number | null;
  /** Multiplies the goal's protein (a "more protein" request): 1 = as computed. */
  protein_boost?: number;
}

export interface ComputedTargets {
  targets: MacroTargets;
  bmr: number;
  activity_factor: number;
  goal_adjustment: number;
}

/**
 * Mifflin-St Jeor resting energy (kcal/day):
 *   BMR = 10 × weight(kg) + 6.25 × height(cm) − 5 × age(y) + s
 * with s = +5 for men and −161 for women. For `other` we take the midpoint (−78): the equation
 * has no third constant and the midpoint errs by at most ~4 % either way.
 */
export function mifflinStJeor(i: Pick<TargetInputs, 'gender' | 'age' | 'weight_kg' | 'height_cm'>) {
  const s = i.gender === 'male' ? 5 : i.gender === 'female' ? -161 : -78;
  return 10 * i.weight_kg + 6.25 * i.height_cm - 5 * i.age + s;
}

/**
 * Activity factor from the training week. The classic multipliers (1.2 sedentary, 1.375 light,
 * 1.55 moderate, 1.725 very active, 1.9 extremely active) sit roughly 0.07 apart per weekly hour
 * of training, so we interpolate: factor = 1.2 + 0.07 × weekly hours, capped at 1.9.
 * 3 × 45 min → 1.36 (light); 5 × 60 min → 1.55 (moderate); 7 × 90 min → 1.9.
 */
export function activityFactor(workoutFrequency: number, workoutLength: number): number {
  const weeklyHours = (workoutFrequency * workoutLength) / 60;
  return Math.min(1.9, 1.2 + 0.07 * weeklyHours);
}

/**
 * Goal adjustment on maintenance calories. The goals are training styles, so the adjustment
 * follows what each usually serves: strength work builds muscle (+10 % surplus), CrossFit mixes
 * strength and conditioning (+5 %), interval and cardio styles are mostly chosen to lean out
 * (−10 %), combat sports hold weight classes (−5 %), sport play fuels performance (±0).
 */
export const goalAdjustment: Record<WorkoutGoal, number> = {
  weight_lifting: 0.1,
  crossfit: 0.05,
  hiit: -0.1,
  cardio: -0.1,
  tabata: -0.1,
  boxing: -0.05,
  kickboxing: -0.05,
  sport: 0,
  sport_specific: 0,
};

/**
 * Protein per kg of body weight by goal (ISSN position stand: 1.4–2.0 g/kg for training
 * people; the top end for strength work and for keeping muscle in a deficit).
 */
export const proteinPerKg: Record<WorkoutGoal, number> = {
  weight_lifting: 2.0,
  crossfit: 1.8,
  hiit: 1.8,
  cardio: 1.4,
  tabata: 1.8,
  boxing: 1.6,
  kickboxing: 1.6,
  sport: 1.6,
  sport_specific: 1.6,
};

/** Share of calories from fat by goal; endurance styles keep more room for carbohydrate. */
export const fatShare: Record<WorkoutGoal, number> = {
  weight_lifting: 0.28,
  crossfit: 0.28,
  hiit: 0.27,
  cardio: 0.25,
  tabata: 0.27,
  boxing: 0.27,
  kickboxing: 0.27,
  sport: 0.27,
  sport_specific: 0.27,
};

/** Keto keeps carbohydrate near 5 % of calories (≈ 20–30 g), fat makes up the rest. */
const KETO_CARB_SHARE = 0.05;
/** Protein never above 35 % of calories, whatever the weight: the rest must fuel training. */
const PROTEIN_MAX_SHARE = 0.35;

const round = (n: number) => Math.round(n);

/**
 * The day's targets. Calories: BMR × activity × (1 + goal adjustment), or the member's own
 * number, clamped to the range the planner serves. Macros (Atwater: 4 kcal/g protein and
 * carbohydrate, 9 kcal/g fat): protein from g/kg (× any boost, capped at 35 % of calories), fat
 * from the goal's share, carbohydrate the remainder; keto fixes carbohydrate at 5 % and gives
 * the remainder to fat.
 */
export function computeTargets(inputs: TargetInputs, options: TargetOptions): ComputedTargets {
  const bmr = mifflinStJeor(inputs);
  const factor = activityFactor(inputs.workout_frequency, inputs.workout_length);
  const adjustment = goalAdjustment[inputs.goal];
  const computed = bmr * factor * (1 + adjustment);
  const kcal = clampKcal(options.kcal_override ?? computed);
  const boost = options.protein_boost ?? 1;
  const proteinKcal = Math.min(
    inputs.weight_kg * proteinPerKg[inputs.goal] * boost * 4,
    kcal * PROTEIN_MAX_SHARE,
  );
  let fatKcal: number;
  let carbKcal: number;
  if (options.meal_preference === 'keto') {
    carbKcal = kcal * KETO_CARB_SHARE;
    fatKcal = kcal - proteinKcal - carbKcal;
  } else {
    fatKcal = kcal * fatShare[inputs.goal];
    carbKcal = kcal - proteinKcal - fatKcal;
  }
  return {
    targets: {
      kcal: round(kcal),
      protein_g: round(proteinKcal / 4),
      carbs_g: round(carbKcal / 4),
      fat_g: round(fatKcal / 9),
    },
    bmr: round(bmr),
    activity_factor: Math.round(factor * 1000) / 1000,
    goal_adjustment: adjustment,
  };
}

export function clampKcal(kcal: number): number {
  return Math.min(DIET_KCAL.max, Math.max(DIET_KCAL.min, kcal));
}
