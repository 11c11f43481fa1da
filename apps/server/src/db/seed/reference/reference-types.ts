import type { Equipment, ExerciseKind, MuscleGroup, TagSlug } from '@fitcoach/shared/exercises';
import type { DietTag, FoodCategory, MealType } from '@fitcoach/shared/foods';

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
