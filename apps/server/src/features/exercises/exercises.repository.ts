import { and, asc, eq, exists, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
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

/** The library as members browse and pick from it: retired exercises are left out. */
export async function listExercises(db: Executor, f: ExerciseListFilter): Promise<ExerciseRow[]> {
  const conditions: SQL[] = [isNull(exercises.retiredAt)];
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
    .where(and(...conditions))
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

/** The tags lists filter by: retired ones are left out (they still show where they are used). */
export async function listTags(db: Executor): Promise<TagRow[]> {
  return db.select().from(tags).where(isNull(tags.retiredAt)).orderBy(asc(tags.name));
}

/** Of these tag ids, the ones that exist, and whether each is retired. */
export async function findTags(
  db: Executor,
  ids: number[],
): Promise<{ id: number; retired: boolean }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: tags.id, retired: sql<boolean>`${tags.retiredAt} is not null` })
    .from(tags)
    .where(inArray(tags.id, ids));
}
