import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { Equipment, ExerciseKind, MuscleGroup } from '@fitcoach/shared/exercises';
import type { DietTag, FoodCategory, MealType } from '@fitcoach/shared/foods';

/**
 * Reference data an admin manages (issue 14, the admin area's Content tab). `retired_at`: a
 * retired row no longer shows in members' pickers, lists and the planners, but stays readable
 * wherever it is already used. `edited_at`: an admin (or a coach, for a demo video) changed the
 * row, so the seed no longer rewrites it (docs/decisions/0036).
 */
const managed = () => ({
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  editedAt: timestamp('edited_at', { withTimezone: true }),
});

export const tags = pgTable('tags', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  ...managed(),
});

export const exercises = pgTable('exercises', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  steps: jsonb('steps').$type<string[]>().notNull(),
  primaryMuscles: text('primary_muscles').array().$type<MuscleGroup[]>().notNull(),
  secondaryMuscles: text('secondary_muscles').array().$type<MuscleGroup[]>().notNull(),
  equipment: text('equipment').array().$type<Equipment[]>().notNull(),
  kind: text('kind').$type<ExerciseKind>().notNull(),
  defaultDurationSeconds: integer('default_duration_seconds'),
  videoUrl: text('video_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  ...managed(),
});

export const exerciseTags = pgTable(
  'exercise_tags',
  {
    exerciseId: integer('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.exerciseId, t.tagId] }),
    index('exercise_tags_tag_idx').on(t.tagId),
  ],
);

export const foods = pgTable('foods', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  category: text('category').$type<FoodCategory>().notNull(),
  /** Nutrients per 100 g. */
  kcal: doublePrecision('kcal').notNull(),
  proteinG: doublePrecision('protein_g').notNull(),
  carbsG: doublePrecision('carbs_g').notNull(),
  fatG: doublePrecision('fat_g').notNull(),
  fiberG: doublePrecision('fiber_g').notNull(),
  dietTags: text('diet_tags').array().$type<DietTag[]>().notNull(),
  meals: text('meals').array().$type<MealType[]>().notNull(),
  servingG: doublePrecision('serving_g').notNull(),
  servingLabel: text('serving_label').notNull(),
  ...managed(),
});

export const trainerPersonas = pgTable('trainer_personas', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  specialty: text('specialty').notNull(),
  tone: text('tone').notNull(),
  greeting: text('greeting').notNull(),
  exampleQuestions: jsonb('example_questions').$type<string[]>().notNull(),
  ...managed(),
});
