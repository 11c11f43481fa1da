import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { WorkoutGoal } from '@fitcoach/shared/profile';
import type { GroupKind, WorkoutLevel } from '@fitcoach/shared/workouts';
import { users } from './accounts';
import { exercises, tags } from './reference';

export const workouts = pgTable(
  'workouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Set for FitCoach's own library workouts, so the seed can update them in place. */
    slug: text('slug').unique(),
    /** Null for FitCoach's library; otherwise the member who wrote it. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    goal: text('goal').$type<WorkoutGoal>().notNull(),
    level: text('level').$type<WorkoutLevel>().notNull().default('intermediate'),
    estimatedMinutes: integer('estimated_minutes').notNull().default(45),
    isPublic: boolean('is_public').notNull().default(false),
    copiedFromId: integer('copied_from_id').references((): AnyPgColumn => workouts.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A library workout retired by an admin: gone from the library, still readable by id. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** A library workout an admin changed: the seed no longer rewrites it. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('workouts_owner_idx').on(t.ownerId),
    index('workouts_public_title_idx')
      .on(t.title, t.id)
      .where(sql`${t.isPublic}`),
  ],
);

export const workoutTags = pgTable(
  'workout_tags',
  {
    workoutId: integer('workout_id')
      .notNull()
      .references(() => workouts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.workoutId, t.tagId] }),
    index('workout_tags_tag_idx').on(t.tagId),
  ],
);

export const exerciseGroups = pgTable(
  'exercise_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workoutId: integer('workout_id')
      .notNull()
      .references(() => workouts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').$type<GroupKind>().notNull(),
    restSeconds: integer('rest_seconds').notNull().default(90),
    notes: text('notes').notNull().default(''),
  },
  (t) => [index('exercise_groups_workout_idx').on(t.workoutId, t.position)],
);

export const groupExercises = pgTable(
  'group_exercises',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => exerciseGroups.id, { onDelete: 'cascade' }),
    exerciseId: integer('exercise_id')
      .notNull()
      .references(() => exercises.id),
    position: integer('position').notNull(),
    sets: integer('sets').notNull(),
    reps: integer('reps'),
    /** Canonical kilograms; null = bodyweight. */
    weightKg: doublePrecision('weight_kg'),
    durationSeconds: integer('duration_seconds'),
    restSeconds: integer('rest_seconds').notNull().default(60),
  },
  (t) => [index('group_exercises_group_idx').on(t.groupId, t.position)],
);

export const exerciseGroupLikes = pgTable(
  'exercise_group_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exerciseGroupId: integer('exercise_group_id')
      .notNull()
      .references(() => exerciseGroups.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.exerciseGroupId] }),
    index('exercise_group_likes_group_idx').on(t.exerciseGroupId),
  ],
);

export const sharedWorkouts = pgTable(
  'shared_workouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workoutId: integer('workout_id')
      .notNull()
      .references(() => workouts.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shared_workouts_workout_to_idx').on(t.workoutId, t.toUserId),
    index('shared_workouts_to_idx').on(t.toUserId),
  ],
);

export type WorkoutRow = typeof workouts.$inferSelect;
