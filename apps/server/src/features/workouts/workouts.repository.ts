import {
  and,
  asc,
  count,
  eq,
  exists,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { WorkoutListScope } from '@fitcoach/shared/workouts';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { exercises, tags } from '../../db/schema/reference';
import { memberBlocks } from '../../db/schema/social';
import { teamMembers, teamWorkouts } from '../../db/schema/teams';
import {
  exerciseGroupLikes,
  exerciseGroups,
  groupExercises,
  sharedWorkouts,
  workouts,
  workoutTags,
  type WorkoutRow,
} from '../../db/schema/workouts';
import { containsPattern } from '../../lib/cursor';

export type { WorkoutRow };
export type TagRow = typeof tags.$inferSelect;

/**
 * A share to this member still stands unless the sharer and they have blocked each other (either
 * way) since: a block stops shares both ways, as for diets and programs. The same rule is in SQL
 * (`fitcoach_may_see_workout`, migrations 0016 and 0023, which also let team members see
 * their teams' workouts, as `isSharedWith` does).
 */
const shareStands = (userId: number) =>
  and(
    eq(sharedWorkouts.toUserId, userId),
    sql`not exists (
      select 1 from ${memberBlocks} mb
      where (mb.blocker_id = ${userId} and mb.blocked_id = ${sharedWorkouts.fromUserId})
         or (mb.blocker_id = ${sharedWorkouts.fromUserId} and mb.blocked_id = ${userId}))`,
  );

const sharedWith = (db: Executor, userId: number) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(sharedWorkouts)
      .where(and(eq(sharedWorkouts.workoutId, workouts.id), shareStands(userId))),
  );

function scopeCondition(db: Executor, scope: WorkoutListScope, userId: number): SQL {
  switch (scope) {
    case 'library':
      // A retired library workout leaves the library; it stays readable by id.
      return and(
        isNull(workouts.ownerId),
        eq(workouts.isPublic, true),
        isNull(workouts.retiredAt),
      )!;
    case 'mine':
      return eq(workouts.ownerId, userId);
    case 'shared':
      return sharedWith(db, userId);
    case 'givable':
      return or(
        and(eq(workouts.isPublic, true), isNull(workouts.retiredAt)),
        eq(workouts.ownerId, userId),
      )!;
    case 'all':
      return or(
        and(eq(workouts.isPublic, true), isNull(workouts.retiredAt)),
        eq(workouts.ownerId, userId),
        sharedWith(db, userId),
      )!;
  }
}

export interface WorkoutListFilter {
  userId: number;
  scope: WorkoutListScope;
  tagId: number | null;
  goal: string | null;
  q: string | null;
  after: { title: string; id: number } | null;
  limit: number;
}

const groupCount = sql<number>`(select count(*)::int from ${exerciseGroups} where ${exerciseGroups.workoutId} = ${workouts.id})`;
const exerciseCount = sql<number>`(select count(*)::int from ${groupExercises} join ${exerciseGroups} on ${exerciseGroups.id} = ${groupExercises.groupId} where ${exerciseGroups.workoutId} = ${workouts.id})`;

export async function listWorkouts(db: Executor, f: WorkoutListFilter) {
  const conditions: SQL[] = [scopeCondition(db, f.scope, f.userId)];
  if (f.tagId !== null) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(workoutTags)
          .where(and(eq(workoutTags.workoutId, workouts.id), eq(workoutTags.tagId, f.tagId))),
      ),
    );
  }
  if (f.goal) conditions.push(eq(workouts.goal, f.goal as WorkoutRow['goal']));
  if (f.q) {
    const pattern = containsPattern(f.q);
    conditions.push(or(ilike(workouts.title, pattern), ilike(workouts.description, pattern))!);
  }
  if (f.after) {
    conditions.push(
      or(
        gt(workouts.title, f.after.title),
        and(eq(workouts.title, f.after.title), gt(workouts.id, f.after.id)),
      )!,
    );
  }
  return db
    .select({
      workout: workouts,
      ownerName: users.name,
      groupCount,
      exerciseCount,
    })
    .from(workouts)
    .leftJoin(users, eq(users.id, workouts.ownerId))
    .where(and(...conditions))
    .orderBy(asc(workouts.title), asc(workouts.id))
    .limit(f.limit + 1);
}

export async function findWorkout(db: Executor, id: number) {
  const rows = await db
    .select({ workout: workouts, ownerName: users.name, groupCount, exerciseCount })
    .from(workouts)
    .leftJoin(users, eq(users.id, workouts.ownerId))
    .where(eq(workouts.id, id))
    .limit(1);
  return rows[0];
}

export async function isSharedWith(db: Executor, workoutId: number, userId: number) {
  const rows = await db
    .select({ id: sharedWorkouts.id })
    .from(sharedWorkouts)
    .where(and(eq(sharedWorkouts.workoutId, workoutId), shareStands(userId)))
    .limit(1);
  if (rows.length > 0) return true;
  // A workout given to a team is the whole team's to open and log (issue 14, item 3).
  const teamRows = await db
    .select({ id: teamWorkouts.workoutId })
    .from(teamWorkouts)
    .innerJoin(
      teamMembers,
      and(eq(teamMembers.teamId, teamWorkouts.teamId), eq(teamMembers.userId, userId)),
    )
    .where(eq(teamWorkouts.workoutId, workoutId))
    .limit(1);
  return teamRows.length > 0;
}

export async function tagsOfWorkouts(db: Executor, ids: number[]): Promise<Map<number, TagRow[]>> {
  const byWorkout = new Map<number, TagRow[]>();
  if (ids.length === 0) return byWorkout;
  const rows = await db
    .select({ workoutId: workoutTags.workoutId, tag: tags })
    .from(workoutTags)
    .innerJoin(tags, eq(tags.id, workoutTags.tagId))
    .where(inArray(workoutTags.workoutId, ids))
    .orderBy(asc(tags.name));
  for (const row of rows) {
    const list = byWorkout.get(row.workoutId) ?? [];
    list.push(row.tag);
    byWorkout.set(row.workoutId, list);
  }
  return byWorkout;
}

/** A workout's groups and their exercises, in order, with the exercise library's details. */
export async function loadStructure(db: Executor, workoutId: number) {
  const groups = await db
    .select()
    .from(exerciseGroups)
    .where(eq(exerciseGroups.workoutId, workoutId))
    .orderBy(asc(exerciseGroups.position));
  const items =
    groups.length === 0
      ? []
      : await db
          .select({ item: groupExercises, exercise: exercises })
          .from(groupExercises)
          .innerJoin(exercises, eq(exercises.id, groupExercises.exerciseId))
          .where(
            inArray(
              groupExercises.groupId,
              groups.map((g) => g.id),
            ),
          )
          .orderBy(asc(groupExercises.groupId), asc(groupExercises.position));
  return { groups, items };
}

/** The exercises and tags a workout uses now (what an edit may keep though retired). */
export async function usedByWorkout(db: Executor, workoutId: number) {
  const [items, tagRows] = await Promise.all([
    db
      .selectDistinct({ id: groupExercises.exerciseId })
      .from(groupExercises)
      .innerJoin(exerciseGroups, eq(exerciseGroups.id, groupExercises.groupId))
      .where(eq(exerciseGroups.workoutId, workoutId)),
    db
      .select({ id: workoutTags.tagId })
      .from(workoutTags)
      .where(eq(workoutTags.workoutId, workoutId)),
  ]);
  return {
    exerciseIds: new Set(items.map((r) => r.id)),
    tagIds: new Set(tagRows.map((r) => r.id)),
  };
}

/** Like counts of groups, and which of them this member likes. */
export async function likesOfGroups(db: Executor, groupIds: number[], userId: number) {
  const counts = new Map<number, number>();
  const mine = new Set<number>();
  if (groupIds.length === 0) return { counts, mine };
  const rows = await db
    .select({
      groupId: exerciseGroupLikes.exerciseGroupId,
      likes: count(),
      mine: sql<boolean>`bool_or(${exerciseGroupLikes.userId} = ${userId})`,
    })
    .from(exerciseGroupLikes)
    .where(inArray(exerciseGroupLikes.exerciseGroupId, groupIds))
    .groupBy(exerciseGroupLikes.exerciseGroupId);
  for (const row of rows) {
    counts.set(row.groupId, Number(row.likes));
    if (row.mine) mine.add(row.groupId);
  }
  return { counts, mine };
}

export interface WorkoutContent {
  title: string;
  description: string;
  goal: WorkoutRow['goal'];
  level: WorkoutRow['level'];
  estimatedMinutes: number;
  isPublic: boolean;
  tagIds: number[];
  groups: {
    kind: (typeof exerciseGroups.$inferInsert)['kind'];
    restSeconds: number;
    notes: string;
    exercises: {
      exerciseId: number;
      sets: number;
      reps: number | null;
      weightKg: number | null;
      durationSeconds: number | null;
      restSeconds: number;
    }[];
  }[];
}

async function writeTags(db: Executor, workoutId: number, tagIds: number[]) {
  await db.delete(workoutTags).where(eq(workoutTags.workoutId, workoutId));
  if (tagIds.length > 0) {
    await db
      .insert(workoutTags)
      .values([...new Set(tagIds)].map((tagId) => ({ workoutId, tagId })));
  }
}

/**
 * Writes the groups in order. Existing groups are kept by position (so likes stay with the
 * second group when the second group is edited); surplus groups are removed.
 */
async function writeGroups(db: Executor, workoutId: number, groups: WorkoutContent['groups']) {
  const existing = await db
    .select({ id: exerciseGroups.id, position: exerciseGroups.position })
    .from(exerciseGroups)
    .where(eq(exerciseGroups.workoutId, workoutId));
  const byPosition = new Map(existing.map((g) => [g.position, g.id]));
  await db
    .delete(exerciseGroups)
    .where(
      and(eq(exerciseGroups.workoutId, workoutId), gte(exerciseGroups.position, groups.length)),
    );

  const groupIds: number[] = [];
  for (const [position, group] of groups.entries()) {
    const values = { kind: group.kind, restSeconds: group.restSeconds, notes: group.notes };
    const keptId = byPosition.get(position);
    if (keptId !== undefined) {
      await db.update(exerciseGroups).set(values).where(eq(exerciseGroups.id, keptId));
      groupIds.push(keptId);
    } else {
      const [row] = await db
        .insert(exerciseGroups)
        .values({ ...values, workoutId, position })
        .returning({ id: exerciseGroups.id });
      groupIds.push(row!.id);
    }
  }
  if (groupIds.length > 0)
    await db.delete(groupExercises).where(inArray(groupExercises.groupId, groupIds));
  const rows = groups.flatMap((group, g) =>
    group.exercises.map((e, position) => ({ ...e, groupId: groupIds[g]!, position })),
  );
  if (rows.length > 0) await db.insert(groupExercises).values(rows);
}

/** The workout row's columns that the builder edits. */
function contentColumns(content: WorkoutContent) {
  return {
    title: content.title,
    description: content.description,
    goal: content.goal,
    level: content.level,
    estimatedMinutes: content.estimatedMinutes,
    isPublic: content.isPublic,
  };
}

export async function insertWorkout(
  db: Executor,
  ownerId: number | null,
  content: WorkoutContent,
  extra: { copiedFromId?: number | null; slug?: string | null; editedAt?: Date } = {},
): Promise<number> {
  const [row] = await db
    .insert(workouts)
    .values({
      ownerId,
      slug: extra.slug ?? null,
      copiedFromId: extra.copiedFromId ?? null,
      ...(extra.editedAt ? { editedAt: extra.editedAt } : {}),
      ...contentColumns(content),
    })
    .returning({ id: workouts.id });
  const id = row!.id;
  await writeTags(db, id, content.tagIds);
  await writeGroups(db, id, content.groups);
  return id;
}

/** Rows per INSERT in the batch writes: far below PostgreSQL's 65,535 parameters a statement. */
const BATCH_ROWS = 1000;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) await insert(rows.slice(i, i + BATCH_ROWS));
}

/** `count` new ids from a table's identity sequence, taken before the rows are written. */
async function reserveIds(db: Executor, table: 'workouts' | 'exercise_groups', count: number) {
  const result = await db.execute(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id
        from generate_series(1, ${count}::int)`,
  );
  return (result as { rows: { id: number }[] }).rows.map((r) => r.id);
}

/**
 * New workouts (a generated program's dozens) in a handful of statements instead of a dozen
 * each: their ids and their groups' ids are reserved first, so every row is written knowing its
 * parent without relying on the order RETURNING answers in. Same rows as `insertWorkout` each.
 */
export async function insertWorkouts(
  db: Executor,
  ownerId: number | null,
  contents: WorkoutContent[],
): Promise<number[]> {
  if (contents.length === 0) return [];
  const ids = await reserveIds(db, 'workouts', contents.length);
  const groupCount = contents.reduce((n, c) => n + c.groups.length, 0);
  const groupIds = groupCount > 0 ? await reserveIds(db, 'exercise_groups', groupCount) : [];
  const workoutRows = contents.map((content, i) => ({
    id: ids[i]!,
    ownerId,
    slug: null,
    copiedFromId: null,
    ...contentColumns(content),
  }));
  const tagRows = contents.flatMap((content, i) =>
    [...new Set(content.tagIds)].map((tagId) => ({ workoutId: ids[i]!, tagId })),
  );
  const groupRows: (typeof exerciseGroups.$inferInsert & { id: number })[] = [];
  const exerciseRows: (typeof groupExercises.$inferInsert)[] = [];
  contents.forEach((content, i) => {
    content.groups.forEach((group, position) => {
      const groupId = groupIds[groupRows.length]!;
      groupRows.push({
        id: groupId,
        workoutId: ids[i]!,
        position,
        kind: group.kind,
        restSeconds: group.restSeconds,
        notes: group.notes,
      });
      group.exercises.forEach((e, p) => exerciseRows.push({ ...e, groupId, position: p }));
    });
  });
  await insertInChunks(workoutRows, (chunk) =>
    db.insert(workouts).overridingSystemValue().values(chunk),
  );
  await insertInChunks(tagRows, (chunk) => db.insert(workoutTags).values(chunk));
  await insertInChunks(groupRows, (chunk) =>
    db.insert(exerciseGroups).overridingSystemValue().values(chunk),
  );
  await insertInChunks(exerciseRows, (chunk) => db.insert(groupExercises).values(chunk));
  return ids;
}

/** `edited`: an admin changed a library workout, which the seed then leaves as it is. */
export async function updateWorkout(
  db: Executor,
  id: number,
  content: WorkoutContent,
  { edited = false }: { edited?: boolean } = {},
): Promise<void> {
  const now = new Date();
  await db
    .update(workouts)
    .set({ ...contentColumns(content), updatedAt: now, ...(edited ? { editedAt: now } : {}) })
    .where(eq(workouts.id, id));
  await writeTags(db, id, content.tagIds);
  await writeGroups(db, id, content.groups);
}

export async function deleteWorkout(db: Executor, id: number): Promise<void> {
  await db.delete(workouts).where(eq(workouts.id, id));
}

export async function findGroup(db: Executor, groupId: number) {
  const rows = await db
    .select({ id: exerciseGroups.id, workoutId: exerciseGroups.workoutId })
    .from(exerciseGroups)
    .where(eq(exerciseGroups.id, groupId))
    .limit(1);
  return rows[0];
}

export async function setLike(db: Executor, userId: number, groupId: number, liked: boolean) {
  if (liked) {
    await db
      .insert(exerciseGroupLikes)
      .values({ userId, exerciseGroupId: groupId })
      .onConflictDoNothing();
  } else {
    await db
      .delete(exerciseGroupLikes)
      .where(
        and(eq(exerciseGroupLikes.userId, userId), eq(exerciseGroupLikes.exerciseGroupId, groupId)),
      );
  }
}

export async function likesGroup(db: Executor, userId: number, groupId: number) {
  const rows = await db
    .select({ userId: exerciseGroupLikes.userId })
    .from(exerciseGroupLikes)
    .where(
      and(eq(exerciseGroupLikes.userId, userId), eq(exerciseGroupLikes.exerciseGroupId, groupId)),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertShare(
  db: Executor,
  workoutId: number,
  fromUserId: number,
  toUserId: number,
): Promise<boolean> {
  const rows = await db
    .insert(sharedWorkouts)
    .values({ workoutId, fromUserId, toUserId })
    .onConflictDoNothing()
    .returning({ id: sharedWorkouts.id });
  return rows.length > 0;
}

/** Several workouts with their authors' names and counts (cards of a list). */
export async function findWorkouts(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ workout: workouts, ownerName: users.name, groupCount, exerciseCount })
    .from(workouts)
    .leftJoin(users, eq(users.id, workouts.ownerId))
    .where(inArray(workouts.id, ids));
}

/** Of these workout ids, those the member may open (the database's own rule, one query). */
export async function visibleWorkoutIds(
  db: Executor,
  userId: number,
  isAdmin: boolean,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: workouts.id })
    .from(workouts)
    .where(
      and(
        inArray(workouts.id, [...ids]),
        sql`fitcoach_may_see_workout(${workouts.id}, ${userId}, ${isAdmin})`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}
