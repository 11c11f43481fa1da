import {
  and,
  asc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ContentStatus } from '@fitcoach/shared/content';
import type { Executor } from '../../db/client';
import { challengeRequirements } from '../../db/schema/challenges';
import { dietVersions, diets, programEntries, trainerThreads } from '../../db/schema/coach';
import { exercises, exerciseTags, foods, tags, trainerPersonas } from '../../db/schema/reference';
import { teamWorkouts } from '../../db/schema/teams';
import {
  guidedSessions,
  personalRecords,
  userAchievements,
  workoutLogExercises,
  workoutLogs,
} from '../../db/schema/workout-logs';
import { groupExercises, sharedWorkouts, workouts, workoutTags } from '../../db/schema/workouts';
import { containsPattern } from '../../lib/cursor';

export type ExerciseRow = typeof exercises.$inferSelect;
export type FoodRow = typeof foods.$inferSelect;
export type PersonaRow = typeof trainerPersonas.$inferSelect;
export type TagRow = typeof tags.$inferSelect;
export type LibraryWorkoutRow = typeof workouts.$inferSelect;

export interface ListFilter {
  q: string | null;
  status: ContentStatus;
  after: { name: string; id: number } | null;
  limit: number;
}

/** Search text, status and the cursor, on any managed table (sorted by name, then id). */
function listConditions(
  columns: { id: PgColumn; name: PgColumn; retiredAt: PgColumn },
  f: ListFilter,
): SQL[] {
  const where: SQL[] = [];
  if (f.q) where.push(ilike(columns.name, containsPattern(f.q)));
  if (f.status === 'active') where.push(isNull(columns.retiredAt));
  if (f.status === 'retired') where.push(isNotNull(columns.retiredAt));
  if (f.after) {
    where.push(
      or(
        gt(columns.name, f.after.name),
        and(eq(columns.name, f.after.name), gt(columns.id, f.after.id)),
      )!,
    );
  }
  return where;
}

export function listExercises(db: Executor, f: ListFilter) {
  return db
    .select()
    .from(exercises)
    .where(and(...listConditions(exercises, f)))
    .orderBy(asc(exercises.name), asc(exercises.id))
    .limit(f.limit + 1);
}

export function listFoods(db: Executor, f: ListFilter) {
  return db
    .select()
    .from(foods)
    .where(and(...listConditions(foods, f)))
    .orderBy(asc(foods.name), asc(foods.id))
    .limit(f.limit + 1);
}

export function listPersonas(db: Executor, f: ListFilter) {
  return db
    .select()
    .from(trainerPersonas)
    .where(and(...listConditions(trainerPersonas, f)))
    .orderBy(asc(trainerPersonas.name), asc(trainerPersonas.id))
    .limit(f.limit + 1);
}

export function listTags(db: Executor, f: ListFilter) {
  return db
    .select()
    .from(tags)
    .where(and(...listConditions(tags, f)))
    .orderBy(asc(tags.name), asc(tags.id))
    .limit(f.limit + 1);
}

/** FitCoach's own library workouts (no owner), by title. */
export function listLibraryWorkouts(db: Executor, f: ListFilter) {
  return db
    .select()
    .from(workouts)
    .where(
      and(
        isNull(workouts.ownerId),
        ...listConditions(
          { id: workouts.id, name: workouts.title, retiredAt: workouts.retiredAt },
          f,
        ),
      ),
    )
    .orderBy(asc(workouts.title), asc(workouts.id))
    .limit(f.limit + 1);
}

// ---------------------------------------------------------------------------------------------
// One row, locked for the transaction: two admins changing one item take turns
// ---------------------------------------------------------------------------------------------

export async function lockExercise(db: Executor, id: number) {
  const [row] = await db.select().from(exercises).where(eq(exercises.id, id)).for('update');
  return row;
}

export async function lockFood(db: Executor, id: number) {
  const [row] = await db.select().from(foods).where(eq(foods.id, id)).for('update');
  return row;
}

export async function lockPersona(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(trainerPersonas)
    .where(eq(trainerPersonas.id, id))
    .for('update');
  return row;
}

export async function lockTag(db: Executor, id: number) {
  const [row] = await db.select().from(tags).where(eq(tags.id, id)).for('update');
  return row;
}

/** A library workout (a member's own workout is not content: undefined). */
export async function lockLibraryWorkout(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(workouts)
    .where(and(eq(workouts.id, id), isNull(workouts.ownerId)))
    .for('update');
  return row;
}

// ---------------------------------------------------------------------------------------------
// What uses an item: it may be deleted only when nothing does
// ---------------------------------------------------------------------------------------------

const countOf = (table: SQL, where: SQL) =>
  sql`(select count(*)::int from ${table} where ${where})`;

const exerciseUses = sql<number>`${countOf(sql`${groupExercises}`, sql`${groupExercises.exerciseId} = ${exercises.id}`)}
  + ${countOf(sql`${workoutLogExercises}`, sql`${workoutLogExercises.exerciseId} = ${exercises.id}`)}
  + ${countOf(sql`${personalRecords}`, sql`${personalRecords.exerciseId} = ${exercises.id}`)}
  + ${countOf(sql`${userAchievements}`, sql`${userAchievements.exerciseId} = ${exercises.id}`)}`;

/** Diets and their earlier versions name foods inside their plans (JSON), not by foreign key. */
const planHasFood = (plan: SQL) =>
  sql`jsonb_path_exists(${plan}, '$.meals[*].items[*] ? (@.food_id == $id)', jsonb_build_object('id', ${foods.id}))`;
const foodUses = sql<number>`${countOf(sql`${diets}`, planHasFood(sql`${diets.plan}`))}
  + ${countOf(sql`${dietVersions}`, planHasFood(sql`${dietVersions.plan}`))}`;

const personaUses = sql<number>`${countOf(
  sql`${trainerThreads}`,
  sql`${trainerThreads.personaId} = ${trainerPersonas.id}`,
)}`;

const tagUses = sql<number>`${countOf(sql`${exerciseTags}`, sql`${exerciseTags.tagId} = ${tags.id}`)}
  + ${countOf(sql`${workoutTags}`, sql`${workoutTags.tagId} = ${tags.id}`)}`;

/** Programs, teams, logs, challenges, guided sessions and shares that name the workout. */
const workoutUses = sql<number>`${countOf(sql`${programEntries}`, sql`${programEntries.workoutId} = ${workouts.id}`)}
  + ${countOf(sql`${teamWorkouts}`, sql`${teamWorkouts.workoutId} = ${workouts.id}`)}
  + ${countOf(sql`${workoutLogs}`, sql`${workoutLogs.workoutId} = ${workouts.id}`)}
  + ${countOf(sql`${challengeRequirements}`, sql`${challengeRequirements.workoutId} = ${workouts.id}`)}
  + ${countOf(sql`${guidedSessions}`, sql`${guidedSessions.workoutId} = ${workouts.id}`)}
  + ${countOf(sql`${sharedWorkouts}`, sql`${sharedWorkouts.workoutId} = ${workouts.id}`)}`;

async function usesOf(
  db: Executor,
  ids: number[],
  query: (ids: number[]) => Promise<{ id: number; n: number }[]>,
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  return new Map((await query(ids)).map((r) => [r.id, Number(r.n)]));
}

export const uses = {
  exercises: (db: Executor, ids: number[]) =>
    usesOf(db, ids, (list) =>
      db
        .select({ id: exercises.id, n: exerciseUses })
        .from(exercises)
        .where(inArray(exercises.id, list)),
    ),
  foods: (db: Executor, ids: number[]) =>
    usesOf(db, ids, (list) =>
      db.select({ id: foods.id, n: foodUses }).from(foods).where(inArray(foods.id, list)),
    ),
  personas: (db: Executor, ids: number[]) =>
    usesOf(db, ids, (list) =>
      db
        .select({ id: trainerPersonas.id, n: personaUses })
        .from(trainerPersonas)
        .where(inArray(trainerPersonas.id, list)),
    ),
  tags: (db: Executor, ids: number[]) =>
    usesOf(db, ids, (list) =>
      db.select({ id: tags.id, n: tagUses }).from(tags).where(inArray(tags.id, list)),
    ),
  workouts: (db: Executor, ids: number[]) =>
    usesOf(db, ids, (list) =>
      db
        .select({ id: workouts.id, n: workoutUses })
        .from(workouts)
        .where(inArray(workouts.id, list)),
    ),
};

// ---------------------------------------------------------------------------------------------
// Names and slugs
// ---------------------------------------------------------------------------------------------

const named = { exercises, foods, personas: trainerPersonas, tags };
export type NamedKind = keyof typeof named;

/** Whether another row of the kind has this name, whatever its case (retired ones too). */
export async function nameTaken(
  db: Executor,
  kind: NamedKind,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const table = named[kind];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        sql`lower(${table.name}) = lower(${name})`,
        exceptId === null ? undefined : ne(table.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The slugs of the kind that are `base` or start with `base` and the separator. */
export async function slugsLike(
  db: Executor,
  kind: NamedKind,
  base: string,
  separator: string,
): Promise<Set<string>> {
  const table = named[kind];
  const pattern = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}${separator === '_' ? '\\_' : separator}%`;
  const rows = await db
    .select({ slug: table.slug })
    .from(table)
    .where(or(eq(table.slug, base), sql`${table.slug} like ${pattern}`));
  return new Set(rows.map((r) => r.slug));
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

export async function insertExercise(db: Executor, values: typeof exercises.$inferInsert) {
  const [row] = await db.insert(exercises).values(values).returning();
  return row!;
}

export async function updateExercise(
  db: Executor,
  id: number,
  values: Partial<typeof exercises.$inferInsert>,
) {
  await db.update(exercises).set(values).where(eq(exercises.id, id));
}

export async function setExerciseTags(db: Executor, exerciseId: number, tagIds: number[]) {
  await db.delete(exerciseTags).where(eq(exerciseTags.exerciseId, exerciseId));
  if (tagIds.length > 0) {
    await db.insert(exerciseTags).values(tagIds.map((tagId) => ({ exerciseId, tagId })));
  }
}

/** Tags of each exercise (retired ones too: they still show where used), by name. */
export async function tagsOfExercises(db: Executor, ids: number[]): Promise<Map<number, TagRow[]>> {
  const byExercise = new Map<number, TagRow[]>();
  if (ids.length === 0) return byExercise;
  const rows = await db
    .select({ exerciseId: exerciseTags.exerciseId, tag: tags })
    .from(exerciseTags)
    .innerJoin(tags, eq(tags.id, exerciseTags.tagId))
    .where(inArray(exerciseTags.exerciseId, ids))
    .orderBy(asc(tags.name));
  for (const row of rows) {
    byExercise.set(row.exerciseId, [...(byExercise.get(row.exerciseId) ?? []), row.tag]);
  }
  return byExercise;
}

export async function insertFood(db: Executor, values: typeof foods.$inferInsert) {
  const [row] = await db.insert(foods).values(values).returning();
  return row!;
}

export async function updateFood(
  db: Executor,
  id: number,
  values: Partial<typeof foods.$inferInsert>,
) {
  await db.update(foods).set(values).where(eq(foods.id, id));
}

export async function insertPersona(db: Executor, values: typeof trainerPersonas.$inferInsert) {
  const [row] = await db.insert(trainerPersonas).values(values).returning();
  return row!;
}

export async function updatePersona(
  db: Executor,
  id: number,
  values: Partial<typeof trainerPersonas.$inferInsert>,
) {
  await db.update(trainerPersonas).set(values).where(eq(trainerPersonas.id, id));
}

export async function insertTag(db: Executor, values: typeof tags.$inferInsert) {
  const [row] = await db.insert(tags).values(values).returning();
  return row!;
}

export async function updateTag(
  db: Executor,
  id: number,
  values: Partial<typeof tags.$inferInsert>,
) {
  await db.update(tags).set(values).where(eq(tags.id, id));
}

export async function setWorkoutState(
  db: Executor,
  id: number,
  values: { retiredAt?: Date | null; editedAt?: Date },
) {
  await db.update(workouts).set(values).where(eq(workouts.id, id));
}

export const remove = {
  exercises: (db: Executor, id: number) => db.delete(exercises).where(eq(exercises.id, id)),
  foods: (db: Executor, id: number) => db.delete(foods).where(eq(foods.id, id)),
  personas: (db: Executor, id: number) =>
    db.delete(trainerPersonas).where(eq(trainerPersonas.id, id)),
  tags: (db: Executor, id: number) => db.delete(tags).where(eq(tags.id, id)),
  workouts: (db: Executor, id: number) =>
    db.delete(workouts).where(and(eq(workouts.id, id), isNull(workouts.ownerId))),
};
