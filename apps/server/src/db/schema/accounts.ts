import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  Gender,
  MealPreference,
  Role,
  SportType,
  WorkoutGoal,
} from '@fitcoach/shared/profile';
import type { Equipment } from '@fitcoach/shared/exercises';
import type { Locale } from '@fitcoach/shared/locales';
import type { ActivityVisibility } from '@fitcoach/shared/friends';
import type { MeasurementType } from '@fitcoach/shared/units';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Stored lower-cased; uniqueness is on the lower-cased value. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull().default('member'),
    gender: text('gender').$type<Gender>().notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    measurementType: text('measurement_type').$type<MeasurementType>().notNull().default('metric'),
    /** Canonical kilograms at full precision, so a unit round trip gives back what was typed. */
    weightKg: doublePrecision('weight_kg').notNull(),
    /** Canonical centimetres at full precision. */
    heightCm: doublePrecision('height_cm').notNull(),
    workoutGoal: text('workout_goal').$type<WorkoutGoal>().notNull(),
    sportType: text('sport_type').$type<SportType>(),
    mealPreference: text('meal_preference').$type<MealPreference>().notNull(),
    /** The equipment the member can use; null means a full gym (every kind). */
    equipment: text('equipment').array().$type<Equipment[]>(),
    /** The language the member chose; null follows their browser's. */
    locale: text('locale').$type<Locale>(),
    /** Who sees the member's completed workouts and achievements in the activity feed. */
    activityVisibility: text('activity_visibility')
      .$type<ActivityVisibility>()
      .notNull()
      .default('friends'),
    /** When the member last used the app (updated at most once a minute): friends see it. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** Set by an admin: a suspended member cannot sign in and has no live session. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // Member search matches any part of a name: a trigram index, not a scan (pg_trgm).
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a database leak does not hand out live sessions. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
