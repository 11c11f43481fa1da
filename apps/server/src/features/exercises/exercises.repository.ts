import { and, asc, eq, exists, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exercises, exerciseTags, tags } from '../../db/schema/reference';
import { containsPattern } from '../../lib/cursor';

export type ExerciseRow = typeof exercises.$inferSelect;
export type TagRow = typeof tags.$inferSelect;

export interface ExerciseListFilter {
  tagId: number | null;
  q: string | null;
  after: { name: string; id: number } | null;
  limit: number;
}

export async function listExercises(db: Executor, f: ExerciseListFilter): Promise<ExerciseRow[]> {
  const conditions: SQL[] = [];
  if (f.tagId !== null) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(exerciseTags)
          .where(and(eq(exerciseTags.exerciseId, exercises.id), eq(exerciseTags.tagId, f.tagId))),
      ),
    );
  }
  if (f.q) {
    const pattern = containsPattern(f.q);
    conditions.push(or(ilike(exercises.name, pattern), ilike(exercises.description, pattern))!);
  }
  if (f.after) {
    conditions.push(
      or(
        gt(exercises.name, f.after.name),
        and(eq(exercises.name, f.after.name), gt(exercises.id, f.after.id)),
      )!,
    );
  }
  return db
    .select()
    .from(exercises)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(exercises.name), asc(exercises.id))
    .limit(f.limit + 1);
}

export async function findExercise(db: Executor, id: number): Promise<ExerciseRow | undefined> {
  const rows = await db.select().from(exercises).where(eq(exercises.id, id)).limit(1);
  return rows[0];
}

export async function allExercises(db: Executor): Promise<ExerciseRow[]> {
  return db.select().from(exercises);
}

/** Tags of each exercise, keyed by exercise id. */
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
    const list = byExercise.get(row.exerciseId) ?? [];
    list.push(row.tag);
    byExercise.set(row.exerciseId, list);
  }
  return byExercise;
}

export async function listTags(db: Executor): Promise<TagRow[]> {
  return db.select().from(tags).orderBy(asc(tags.name));
}

export async function tagsExist(db: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
  return rows.map((r) => r.id);
}
