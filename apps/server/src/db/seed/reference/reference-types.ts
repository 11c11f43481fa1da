import type { Equipment, ExerciseKind, MuscleGroup, TagSlug } from '@fitcoach/shared/exercises';
import type { DietTag, FoodCategory, MealType } from '@fitcoach/shared/foods';
import type { WorkoutGoal } from '@fitcoach/shared/profile';
import type { GroupKind, WorkoutLevel } from '@fitcoach/shared/workouts';

/** A tag as seeded; `slug` is the stable key the seed upserts on. */
export interface TagSeed {
  slug: TagSlug;
  name: string;
}

/** One exercise of the library, written in FitCoach's own words. */
export interface ExerciseSeed {
  slug: string;
  name: string;
  /** One or two sentences: what it is and what it trains. */
  description: string;
  /** How-to steps, in order, each a full sentence. */
  steps: string[];
  primary_muscles: MuscleGroup[];
  secondary_muscles: MuscleGroup[];
  equipment: Equipment[];
  tags: TagSlug[];
  /** `reps`: counted in sets × reps (× weight). `timed`: held or performed for a duration. */
  kind: ExerciseKind;
  /** Required for `timed`, null for `reps`. */
  default_duration_seconds: number | null;
  video_url: string | null;
}

/** One food, nutrient values per 100 g (facts from public tables such as USDA FoodData Central). */
export interface FoodSeed {
  slug: string;
  name: string;
  category: FoodCategory;
  kcal: number;
  protein_g: number;
  carbs_g: number;
  fat_g: number;
  fiber_g: number;
  /** Diets the food fits. Every food fits omnivore, so that is implied. */
  diet_tags: DietTag[];
  /** Meals the food suits. */
  meals: MealType[];
  /** A typical portion in grams, and how a person would say it. */
  serving_g: number;
  serving_label: string;
}

/** An AI trainer persona. */
export interface TrainerPersonaSeed {
  slug: string;
  name: string;
  description: string;
  specialty: string;
  /** How the persona speaks, used by the AI engine to phrase answers. */
  tone: string;
  greeting: string;
  example_questions: string[];
}

/** One exercise of a library workout group; weights in kilograms (null: bodyweight). */
export interface WorkoutExerciseSeed {
  /** An `ExerciseSeed.slug`. */
  exercise: string;
  sets: number;
  /** For `reps` exercises; null for timed ones. */
  reps: number | null;
  weight_kg: number | null;
  /** For `timed` exercises; null for rep ones. */
  duration_seconds: number | null;
  rest_seconds: number;
}

export interface WorkoutGroupSeed {
  kind: GroupKind;
  /** Rest after the group (between rounds of a superset or circuit). */
  rest_seconds: number;
  notes: string;
  exercises: WorkoutExerciseSeed[];
}

/** A public workout of FitCoach's own library. */
export interface WorkoutSeed {
  slug: string;
  title: string;
  description: string;
  goal: WorkoutGoal;
  level: WorkoutLevel;
  estimated_minutes: number;
  tags: TagSlug[];
  groups: WorkoutGroupSeed[];
}
