import type { Page } from '@fitcoach/shared/pagination';
import { weightFromKg, weightToKg, weightUnit, type MeasurementType } from '@fitcoach/shared/units';
import type {
  LikeResult,
  WorkoutDetail,
  WorkoutInputParsed,
  WorkoutListScope,
  WorkoutSummary,
} from '@fitcoach/shared/workouts';
import { z } from 'zod';
import { workoutDetailSchema } from '@fitcoach/shared/workouts';
import type { Executor, Transaction } from '../../db/client';
import type { PendingChanges } from '../../lib/changes';
import { text, translate } from '../../i18n/i18n';
import { answerKeys, type PreparedAnswer } from '../../lib/answer-cache';
import { decodeCursor, toPage } from '../../lib/cursor';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import { forbidden, notFound, validationFailed, type IssueText } from '../../lib/http-error';
import { exercisesByIds, knownTags } from '../exercises/exercises.service';
import { assertMayShareWith } from '../friends/friends.service';
import { notify, sharedWorkoutTitle } from '../notifications/notifications.service';
import { findUserById } from '../users/users.service';
import * as repo from './workouts.repository';

type FoundWorkout = NonNullable<Awaited<ReturnType<typeof repo.findWorkout>>>;

const TITLE_MAX = 120;
const cursorSchema = z.object({ title: z.string(), id: z.number().int() });

export function canEditWorkout(workout: repo.WorkoutRow, viewer: Viewer): boolean {
  return workout.ownerId === viewer.id || viewer.role === 'admin';
}

/**
 * Who may see a workout: public ones, their own, ones shared with them; an admin sees all.
 * Anything else is a 404, so private workouts do not leak their ids. The log write checks the
 * same rule in SQL (`fitcoach_may_see_workout`, migration 0005); visibility.test.ts pins the two.
 */
export async function maySeeWorkout(
  workout: Pick<repo.WorkoutRow, 'isPublic' | 'ownerId'>,
  viewer: Viewer,
  isSharedWithViewer: () => Promise<boolean>,
): Promise<boolean> {
  return (
    workout.isPublic ||
    workout.ownerId === viewer.id ||
    viewer.role === 'admin' ||
    (await isSharedWithViewer())
  );
}

/** The workout if this member may see it; a 404 otherwise. */
export async function findVisibleWorkout(
  db: Executor,
  viewer: Viewer,
  id: number,
): Promise<FoundWorkout> {
  const found = await repo.findWorkout(db, id);
  if (!found) throw notFound('workout');
  if (!(await maySeeWorkout(found.workout, viewer, () => repo.isSharedWith(db, id, viewer.id)))) {
    throw notFound('workout');
  }
  return found;
}

/** Of these workouts, the ones the viewer may open, in one query (a list checked at once). */
export function visibleWorkoutIds(db: Executor, viewer: Viewer, ids: readonly number[]) {
  return repo.visibleWorkoutIds(db, viewer.id, viewer.role === 'admin', ids);
}

function toSummary(found: FoundWorkout, tags: repo.TagRow[]): WorkoutSummary {
  const w = found.workout;
  return {
    id: w.id,
    title: w.title,
    description: w.description,
    goal: w.goal,
    level: w.level,
    estimated_minutes: w.estimatedMinutes,
    is_public: w.isPublic,
    tags: tags.map((t) => ({ id: t.id, slug: t.slug, name: t.name })),
    owner: w.ownerId === null ? null : { id: w.ownerId, name: found.ownerName ?? 'A member' },
    group_count: found.groupCount,
    exercise_count: found.exerciseCount,
    updated_at: w.updatedAt.toISOString(),
  };
}

export async function listWorkouts(
  { db }: ServiceContext,
  viewer: Viewer,
  query: {
    scope: WorkoutListScope;
    tag_id?: number | null;
    goal?: string;
    q?: string;
    cursor?: string;
    limit: number;
  },
): Promise<Page<WorkoutSummary>> {
  const rows = await repo.listWorkouts(db, {
    userId: viewer.id,
    scope: query.scope,
    tagId: query.tag_id ?? null,
    goal: query.goal ?? null,
    q: query.q || null,
    after: decodeCursor(query.cursor, cursorSchema),
    limit: query.limit,
  });
  const tags = await repo.tagsOfWorkouts(
    db,
    rows.slice(0, query.limit).map((r) => r.workout.id),
  );
  return toPage(
    rows,
    query.limit,
    (r) => toSummary(r, tags.get(r.workout.id) ?? []),
    (r) => ({ title: r.workout.title, id: r.workout.id }),
  );
}

function weightOut(kg: number | null, units: MeasurementType): number | null {
  return kg === null ? null : weightFromKg(kg, units);
}

/** The workout page's answer, cached per member and per version of the workout. */
export function workoutAnswer(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
): Promise<PreparedAnswer> {
  return ctx.answers.get(
    answerKeys.workout(id, viewer.id),
    () => getWorkout(ctx.db, viewer, id),
    workoutDetailSchema,
  );
}

export async function getWorkout(db: Executor, viewer: Viewer, id: number): Promise<WorkoutDetail> {
  const found = await findVisibleWorkout(db, viewer, id);
  const [tags, structure] = await Promise.all([
    repo.tagsOfWorkouts(db, [id]),
    repo.loadStructure(db, id),
  ]);
  const likes = await repo.likesOfGroups(
    db,
    structure.groups.map((g) => g.id),
    viewer.id,
  );
  const units = viewer.measurementType;
  return {
    ...toSummary(found, tags.get(id) ?? []),
    can_edit: canEditWorkout(found.workout, viewer),
    copied_from_id: found.workout.copiedFromId,
    weight_unit: weightUnit(units),
    groups: structure.groups.map((g) => ({
      id: g.id,
      position: g.position,
      kind: g.kind,
      rest_seconds: g.restSeconds,
      notes: g.notes,
      liked: likes.mine.has(g.id),
      like_count: likes.counts.get(g.id) ?? 0,
      exercises: structure.items
        .filter((i) => i.item.groupId === g.id)
        .map(({ item, exercise }) => ({
          id: item.id,
          exercise_id: exercise.id,
          position: item.position,
          name: exercise.name,
          slug: exercise.slug,
          kind: exercise.kind,
          video_url: exercise.videoUrl,
          sets: item.sets,
          reps: item.reps,
          weight: weightOut(item.weightKg, units),
          duration_seconds: item.durationSeconds,
          rest_seconds: item.restSeconds,
        })),
    })),
  };
}

/**
 * Checks what a workout refers to (exercises, tags) and what its targets mean for each kind of
 * exercise, then converts weights to kilograms. Every problem is reported with its path.
 */
async function toContent(
  db: Executor,
  input: WorkoutInputParsed,
  units: MeasurementType,
  kept: Kept = NOTHING_KEPT,
): Promise<repo.WorkoutContent> {
  const [content] = await toContents(db, [input], units, kept);
  return content!;
}

/**
 * What an edit may keep though it is retired: the exercises and tags the workout already uses
 * (retired content stays readable, and usable, where it is already used; it is not added anew).
 */
interface Kept {
  exerciseIds: ReadonlySet<number>;
  tagIds: ReadonlySet<number>;
}
const NOTHING_KEPT: Kept = { exerciseIds: new Set(), tagIds: new Set() };

/** `toContent` for several workouts with one lookup of what they refer to. */
async function toContents(
  db: Executor,
  inputs: WorkoutInputParsed[],
  units: MeasurementType,
  kept: Kept = NOTHING_KEPT,
): Promise<repo.WorkoutContent[]> {
  const exerciseIds = [
    ...new Set(
      inputs.flatMap((w) => w.groups.flatMap((g) => g.exercises.map((e) => e.exercise_id))),
    ),
  ];
  const [known, tags] = await Promise.all([
    exercisesByIds(db, exerciseIds),
    knownTags(db, [...new Set(inputs.flatMap((w) => w.tag_ids))]),
  ]);
  return inputs.map((input) => checkedContent(input, known, tags, units, kept));
}

function checkedContent(
  input: WorkoutInputParsed,
  known: Awaited<ReturnType<typeof exercisesByIds>>,
  tags: Awaited<ReturnType<typeof knownTags>>,
  units: MeasurementType,
  kept: Kept,
): repo.WorkoutContent {
  const issues: IssueText[] = [];
  input.tag_ids.forEach((id, i) => {
    const retired = tags.get(id);
    if (retired === undefined) {
      issues.push({ path: `tag_ids.${i}`, message: text('errors:noSuchTag') });
    } else if (retired && !kept.tagIds.has(id)) {
      issues.push({ path: `tag_ids.${i}`, message: text('errors:content.retiredTag') });
    }
  });
  const groups = input.groups.map((group, g) => ({
    kind: group.kind,
    restSeconds: group.rest_seconds,
    notes: group.notes,
    exercises: group.exercises.map((e, i) => {
      const path = `groups.${g}.exercises.${i}`;
      const exercise = known.get(e.exercise_id);
      if (!exercise) {
        issues.push({ path: `${path}.exercise_id`, message: text('errors:noSuchExercise') });
      } else if (exercise.retiredAt && !kept.exerciseIds.has(exercise.id)) {
        issues.push({
          path: `${path}.exercise_id`,
          message: text('errors:content.retiredExercise', { exercise: exercise.name }),
        });
      } else if (exercise.kind === 'reps' && e.reps === null) {
        issues.push({
          path: `${path}.reps`,
          message: text('errors:setReps', { exercise: exercise.name }),
        });
      }
      const timed = exercise?.kind === 'timed';
      return {
        exerciseId: e.exercise_id,
        sets: e.sets,
        reps: timed ? null : e.reps,
        weightKg: e.weight === null ? null : weightToKg(e.weight, units),
        durationSeconds: timed
          ? (e.duration_seconds ?? exercise.defaultDurationSeconds ?? 30)
          : null,
        restSeconds: e.rest_seconds,
      };
    }),
  }));
  if (issues.length > 0) throw validationFailed(issues);
  return {
    title: input.title,
    description: input.description,
    goal: input.goal,
    level: input.level,
    estimatedMinutes: input.estimated_minutes,
    isPublic: input.is_public,
    tagIds: input.tag_ids,
    groups,
  };
}

export async function createWorkout(
  ctx: ServiceContext,
  viewer: Viewer,
  input: WorkoutInputParsed,
) {
  const content = await toContent(ctx.db, input, viewer.measurementType);
  const id = await ctx.transaction(async (tx, changes) => {
    const created = await repo.insertWorkout(tx, viewer.id, content);
    changes.emit({ kind: 'workout', id: created });
    return created;
  });
  return getWorkout(ctx.db, viewer, id);
}

/**
 * Saves a workout inside the caller's transaction, announcing it there: a program saves all its
 * sessions and its calendar in one transaction.
 */
export async function createWorkoutIn(
  tx: Transaction,
  changes: PendingChanges,
  viewer: Viewer,
  input: WorkoutInputParsed,
): Promise<number> {
  const content = await toContent(tx, input, viewer.measurementType);
  const id = await repo.insertWorkout(tx, viewer.id, content);
  changes.emit({ kind: 'workout', id });
  return id;
}

/**
 * Several new workouts for this member inside the caller's transaction (a generated program's
 * sessions): checked as `createWorkoutIn` checks one, written in a few statements.
 */
export async function createWorkoutsIn(
  tx: Transaction,
  changes: PendingChanges,
  viewer: Viewer,
  inputs: WorkoutInputParsed[],
): Promise<number[]> {
  const contents = await toContents(tx, inputs, viewer.measurementType);
  const ids = await repo.insertWorkouts(tx, viewer.id, contents);
  for (const id of ids) changes.emit({ kind: 'workout', id });
  return ids;
}

/** Replaces a workout's content inside the caller's transaction (the caller checked the owner). */
export async function replaceWorkoutIn(
  tx: Transaction,
  changes: PendingChanges,
  viewer: Viewer,
  id: number,
  input: WorkoutInputParsed,
): Promise<void> {
  const kept = await repo.usedByWorkout(tx, id);
  const content = await toContent(tx, input, viewer.measurementType, kept);
  await repo.updateWorkout(tx, id, content);
  changes.emit({ kind: 'workout', id });
}

/**
 * A new FitCoach library workout (no owner, public) inside the caller's transaction: the admin
 * area's Content tab. Checked as a member's workout is; weights in the admin's units.
 */
export async function createLibraryWorkoutIn(
  tx: Transaction,
  changes: PendingChanges,
  viewer: Viewer,
  input: WorkoutInputParsed,
): Promise<number> {
  const content = await toContent(tx, input, viewer.measurementType);
  const id = await repo.insertWorkout(
    tx,
    null,
    { ...content, isPublic: true },
    { editedAt: new Date() },
  );
  changes.emit({ kind: 'workout', id });
  return id;
}

/** Rewrites a library workout (the caller checked it is one), which the seed then leaves alone. */
export async function replaceLibraryWorkoutIn(
  tx: Transaction,
  changes: PendingChanges,
  viewer: Viewer,
  id: number,
  input: WorkoutInputParsed,
): Promise<void> {
  const kept = await repo.usedByWorkout(tx, id);
  const content = await toContent(tx, input, viewer.measurementType, kept);
  await repo.updateWorkout(tx, id, { ...content, isPublic: true }, { edited: true });
  changes.emit({ kind: 'workout', id });
}

export async function updateWorkout(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  input: WorkoutInputParsed,
) {
  const found = await findVisibleWorkout(ctx.db, viewer, id);
  if (!canEditWorkout(found.workout, viewer)) {
    throw forbidden(text('errors:workouts.authorChangesOnly'));
  }
  const kept = await repo.usedByWorkout(ctx.db, id);
  const content = await toContent(ctx.db, input, viewer.measurementType, kept);
  await ctx.transaction(async (tx, changes) => {
    // An admin's edit of a library workout is theirs: the seed no longer rewrites it.
    await repo.updateWorkout(tx, id, content, { edited: found.workout.ownerId === null });
    changes.emit({ kind: 'workout', id });
  });
  return getWorkout(ctx.db, viewer, id);
}

/** Deletes a workout the member wrote; its logs stay in everyone's history, unlinked. */
export async function deleteWorkout(ctx: ServiceContext, viewer: Viewer, id: number) {
  const found = await findVisibleWorkout(ctx.db, viewer, id);
  if (!canEditWorkout(found.workout, viewer)) {
    throw forbidden(text('errors:workouts.authorDeletesOnly'));
  }
  await ctx.transaction(async (tx, changes) => {
    await repo.deleteWorkout(tx, id);
    changes.emit({ kind: 'workout', id, deleted: true });
  });
}

/** "… (copy)" in the member's language, the title shortened so the mark still fits. */
function copyTitle(viewer: Viewer, title: string): string {
  const mark = (t: string) => translate(viewer.locale, 'errors:workouts.copyTitle', { title: t });
  return mark(title.slice(0, TITLE_MAX - mark('').length));
}

/** A private copy for this member, targets and all, to change as they like. */
export async function copyWorkout(ctx: ServiceContext, viewer: Viewer, id: number) {
  await findVisibleWorkout(ctx.db, viewer, id);
  const copyId = await ctx.transaction((tx, changes) =>
    copyWorkoutIn(tx, changes, viewer, id, { markAsCopy: true }),
  );
  return getWorkout(ctx.db, viewer, copyId);
}

/**
 * Copies a workout as the member's private one inside the caller's transaction. The caller
 * checked the member may copy it (a program copied from a friend carries the friend's private
 * workouts, which the member sees only through that program).
 */
export async function copyWorkoutIn(
  tx: Transaction,
  changes: PendingChanges,
  viewer: Viewer,
  id: number,
  { markAsCopy = false, toLibrary = false }: { markAsCopy?: boolean; toLibrary?: boolean } = {},
): Promise<number> {
  const found = await repo.findWorkout(tx, id);
  if (!found) throw notFound('workout');
  const [tags, structure] = await Promise.all([
    repo.tagsOfWorkouts(tx, [id]),
    repo.loadStructure(tx, id),
  ]);
  const w = found.workout;
  const content: repo.WorkoutContent = {
    title: markAsCopy ? copyTitle(viewer, w.title) : w.title,
    description: w.description,
    goal: w.goal,
    level: w.level,
    estimatedMinutes: w.estimatedMinutes,
    // Into the library (an admin's Content tab): FitCoach's own, public, no owner.
    isPublic: toLibrary,
    tagIds: (tags.get(id) ?? []).map((t) => t.id),
    groups: structure.groups.map((g) => ({
      kind: g.kind,
      restSeconds: g.restSeconds,
      notes: g.notes,
      exercises: structure.items
        .filter((i) => i.item.groupId === g.id)
        .map(({ item }) => ({
          exerciseId: item.exerciseId,
          sets: item.sets,
          reps: item.reps,
          weightKg: item.weightKg,
          durationSeconds: item.durationSeconds,
          restSeconds: item.restSeconds,
        })),
    })),
  };
  const created = toLibrary
    ? await repo.insertWorkout(tx, null, content, { copiedFromId: id, editedAt: new Date() })
    : await repo.insertWorkout(tx, viewer.id, content, { copiedFromId: id });
  changes.emit({ kind: 'workout', id: created });
  return created;
}

/** Likes or unlikes a group of a workout the member can see; toggles when `liked` is absent. */
export async function likeGroup(
  ctx: ServiceContext,
  viewer: Viewer,
  groupId: number,
  liked: boolean | undefined,
): Promise<LikeResult> {
  const group = await repo.findGroup(ctx.db, groupId);
  if (!group) throw notFound('exerciseGroup');
  await findVisibleWorkout(ctx.db, viewer, group.workoutId).catch(() => {
    throw notFound('exerciseGroup');
  });
  return ctx.transaction(async (tx, changes) => {
    const next = liked ?? !(await repo.likesGroup(tx, viewer.id, groupId));
    await repo.setLike(tx, viewer.id, groupId, next);
    const likes = await repo.likesOfGroups(tx, [groupId], viewer.id);
    changes.emit({ kind: 'workout', id: group.workoutId });
    return { exercise_group_id: groupId, liked: next, like_count: likes.counts.get(groupId) ?? 0 };
  });
}

/** Shares a workout with a friend, who can then open and log it, and tells them live. */
export async function shareWorkout(
  ctx: ServiceContext,
  viewer: Viewer,
  input: { friend_id: number; workout_id: number },
) {
  const { db } = ctx;
  const found = await findVisibleWorkout(db, viewer, input.workout_id);
  if (!found.workout.isPublic && found.workout.ownerId !== viewer.id) {
    throw forbidden(text('errors:workouts.authorSharesPrivate'));
  }
  await assertMayShareWith(db, viewer.id, input.friend_id, 'workouts');
  const sharer = await findUserById(db, viewer.id);
  await ctx.transaction(async (tx, changes) => {
    // Sharing the same workout again changes nothing, and tells the friend nothing new.
    if (!(await repo.insertShare(tx, input.workout_id, viewer.id, input.friend_id))) return;
    changes.emit({ kind: 'workout', id: input.workout_id });
    await notify(tx, changes, {
      userId: input.friend_id,
      kind: 'workout_shared',
      title: sharedWorkoutTitle(sharer?.name),
      body: found.workout.title,
      link: `/workouts/${input.workout_id}`,
      actorId: viewer.id,
    });
  });
  return {
    status: 'shared' as const,
    message: translate(viewer.locale, 'notifications:shareResult', { title: found.workout.title }),
  };
}

/**
 * Shares workouts with a member without telling them (a coach's private program assigned to a
 * client carries its workouts: the assignment is what the client is told about).
 */
export async function shareWorkoutsIn(
  tx: Executor,
  changes: PendingChanges,
  fromUserId: number,
  toUserId: number,
  workoutIds: number[],
) {
  for (const id of workoutIds) {
    if (await repo.insertShare(tx, id, fromUserId, toUserId)) {
      changes.emit({ kind: 'workout', id });
    }
  }
}

/** A group of this workout, or undefined. */
export async function findGroupOfWorkout(db: Executor, groupId: number, workoutId: number) {
  const group = await repo.findGroup(db, groupId);
  return group && group.workoutId === workoutId ? group : undefined;
}

/** Workout cards by id, for lists other features make (the workouts shared with a member). */
export async function workoutSummaries(
  db: Executor,
  ids: number[],
): Promise<Map<number, WorkoutSummary>> {
  const unique = [...new Set(ids)];
  const [found, tags] = await Promise.all([
    repo.findWorkouts(db, unique),
    repo.tagsOfWorkouts(db, unique),
  ]);
  return new Map(found.map((f) => [f.workout.id, toSummary(f, tags.get(f.workout.id) ?? [])]));
}
