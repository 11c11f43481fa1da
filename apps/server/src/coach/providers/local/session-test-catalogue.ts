import { exerciseSeeds } from '../../../db/seed/reference/exercises';
import type { CatalogueExercise } from './session-types';

/** The seeded library as the planners see it, ids in seed order (for the planners' tests). */
export const seedCatalogue: CatalogueExercise[] = exerciseSeeds.map((e, i) => ({
  id: i + 1,
  slug: e.slug,
  name: e.name,
  kind: e.kind,
  defaultDurationSeconds: e.default_duration_seconds,
  primaryMuscles: e.primary_muscles,
  secondaryMuscles: e.secondary_muscles,
  equipment: e.equipment,
  tags: e.tags,
}));
