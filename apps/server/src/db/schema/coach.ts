import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MealPreference, WorkoutGoal } from '@fitcoach/shared/profile';
import type { WorkoutLevel } from '@fitcoach/shared/workouts';
import { users } from './accounts';
import { trainerPersonas } from './reference';
import { workouts } from './workouts';

/**
 * What the AI trainer made, and by whom (the `coach` engine's provider and what it was asked),
 * so a program or diet can say how it came to be and a readiness change can name its reason.
 * Stored as JSON: its shape belongs to the engine and changes with it.
 */
export type GeneratedBy = {
  provider: 'local' | 'openai';
  trainer_action: string;
  request: Record<string, unknown>;
  /** Set when the model's answer was unusable and the local engine's was kept instead. */
  fallback_notice?: string;
};

/** Who may see a program or diet besides its owner. */
export type CoachVisibility = 'private' | 'friends' | 'public';

/**
 * A multi-week program: per week number and weekday number, workouts (and diets). The AI trainer
 * makes them (`workout` action); the builder (next issue) edits them.
 */
export const programs = pgTable(
  'programs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    goal: text('goal').$type<WorkoutGoal>().notNull(),
    level: text('level').$type<WorkoutLevel>().notNull().default('intermediate'),
    weeks: integer('weeks').notNull(),
    visibility: text('visibility').$type<CoachVisibility>().notNull().default('private'),
    /** Day 1 of week 1; "today's session" counts from it. */
    startsOn: date('starts_on', { mode: 'string' }),
    generatedBy: jsonb('generated_by').$type<GeneratedBy>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('programs_owner_idx').on(t.ownerId, t.id),
    check('programs_weeks_range', sql`${t.weeks} BETWEEN 1 AND 52`),
  ],
);

/** One workout or one diet on one day of a program (exactly one of the two ids is set). */
export const programEntries = pgTable(
  'program_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    week: integer('week').notNull(),
    /** 1 = Monday … 7 = Sunday (ISO). */
    weekday: integer('weekday').notNull(),
    position: integer('position').notNull().default(0),
    workoutId: integer('workout_id').references(() => workouts.id, { onDelete: 'cascade' }),
    dietId: integer('diet_id').references(() => diets.id, { onDelete: 'cascade' }),
    /** Why the engine changed this session (readiness): shown beside it. */
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('program_entries_program_idx').on(t.programId, t.week, t.weekday, t.position),
    index('program_entries_workout_idx').on(t.workoutId),
    index('program_entries_diet_idx').on(t.dietId),
    check('program_entries_week_range', sql`${t.week} BETWEEN 1 AND 52`),
    check('program_entries_weekday_range', sql`${t.weekday} BETWEEN 1 AND 7`),
    check('program_entries_one_item', sql`(${t.workoutId} IS NULL) <> (${t.dietId} IS NULL)`),
  ],
);

/**
 * A day's diet. `plan` holds the meals (foods by id with grams) and the totals the engine
 * computed from the food table; `version` counts change requests, each kept in diet_versions.
 */
export const diets = pgTable(
  'diets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    mealPreference: text('meal_preference').$type<MealPreference>().notNull(),
    goal: text('goal').$type<WorkoutGoal>().notNull(),
    plan: jsonb('plan').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
    visibility: text('visibility').$type<CoachVisibility>().notNull().default('private'),
    generatedBy: jsonb('generated_by').$type<GeneratedBy>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('diets_owner_idx').on(t.ownerId, t.id)],
);

/** Every version of a diet, the first included, so an earlier one can be restored. */
export const dietVersions = pgTable(
  'diet_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dietId: integer('diet_id')
      .notNull()
      .references(() => diets.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    plan: jsonb('plan').$type<Record<string, unknown>>().notNull(),
    /** The member's words that made this version; empty for the first. */
    changeRequest: text('change_request').notNull().default(''),
    /** What the engine understood and did, in a sentence. */
    summary: text('summary').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('diet_versions_diet_version_idx').on(t.dietId, t.version)],
);

/** A diet shared with a friend (`POST /api/diet/share_diet`), like shared_workouts. */
export const sharedDiets = pgTable(
  'shared_diets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dietId: integer('diet_id')
      .notNull()
      .references(() => diets.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shared_diets_diet_to_idx').on(t.dietId, t.toUserId),
    index('shared_diets_to_idx').on(t.toUserId),
  ],
);

/**
 * A program shared with a friend (`POST /api/program/share_program`), like shared_diets: the
 * friend may open it read-only and copy it.
 */
export const sharedPrograms = pgTable(
  'shared_programs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shared_programs_program_to_idx').on(t.programId, t.toUserId),
    index('shared_programs_to_idx').on(t.toUserId),
  ],
);

/** A conversation with a trainer persona (`thread_id`). */
export const trainerThreads = pgTable(
  'trainer_threads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personaId: integer('persona_id')
      .notNull()
      .references(() => trainerPersonas.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trainer_threads_user_idx').on(t.userId, t.updatedAt)],
);

export type TrainerCitation = { slug: string; title: string };

export const trainerMessages = pgTable(
  'trainer_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => trainerThreads.id, { onDelete: 'cascade' }),
    role: text('role').$type<'member' | 'trainer'>().notNull(),
    body: text('body').notNull(),
    /** The knowledge-base entries a trainer reply used. */
    citations: jsonb('citations').$type<TrainerCitation[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trainer_messages_thread_idx').on(t.threadId, t.id)],
);

/**
 * A trainer conversation its owner shared with a friend, who may read it and copy it into their
 * own conversations. Same shape as the other share tables ("Shared with me" reads them alike).
 */
export const sharedTrainerThreads = pgTable(
  'shared_trainer_threads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => trainerThreads.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shared_trainer_threads_thread_to_idx').on(t.threadId, t.toUserId),
    index('shared_trainer_threads_to_idx').on(t.toUserId),
  ],
);

export type MemoryKind = 'injury' | 'equipment' | 'goal' | 'dislike' | 'other';

/**
 * Facts a member told the trainer (injuries, equipment, goals, dislikes). The member sees and
 * edits them on the profile page; generation and answers respect them.
 */
export const trainerMemories = pgTable(
  'trainer_memories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MemoryKind>().notNull(),
    fact: text('fact').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trainer_memories_user_idx').on(t.userId, t.id)],
);

/** Where a member is in following a program: running, paused (since `pausedOn`), or left. */
export type FollowStatus = 'active' | 'paused' | 'left';

/**
 * A pause taken and resumed: the program's days from offset `at` (days from the start) on were
 * moved `days` later, so the days it was paused are neither missed nor lost.
 */
export type FollowPause = { at: number; days: number };

/**
 * A member following a program (theirs, a friend's or one from the library) from a start date.
 * One row per member and program: restarting resets it. Done and missed days are read from the
 * member's real logs of each day's workout on that day's date, never stored.
 */
export const programFollows = pgTable(
  'program_follows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    status: text('status').$type<FollowStatus>().notNull().default('active'),
    /** The member's date the current pause began; null unless paused. */
    pausedOn: date('paused_on', { mode: 'string' }),
    pauses: jsonb('pauses').$type<FollowPause[]>().notNull().default([]),
    /** The coach who assigned it (POST /api/coach/clients/:id/assign); null when self-chosen. */
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('program_follows_user_program_idx').on(t.userId, t.programId),
    index('program_follows_program_idx').on(t.programId),
    check('program_follows_status', sql`${t.status} IN ('active', 'paused', 'left')`),
  ],
);
