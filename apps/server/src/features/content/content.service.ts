import type {
  AdminExercise,
  AdminFood,
  AdminPersona,
  AdminTag,
  AdminWorkout,
  ContentAuditAction,
  ContentKind,
  ContentListQuery,
  ExerciseInputParsed,
  FoodInputParsed,
  PersonaInputParsed,
} from '@fitcoach/shared/content';
import { contentTargetTypes, type contentListQuerySchema } from '@fitcoach/shared/content';
import type { ExerciseDetail } from '@fitcoach/shared/exercises';
import type { Page } from '@fitcoach/shared/pagination';
import type { WorkoutInputParsed } from '@fitcoach/shared/workouts';
import { z } from 'zod';
import type { Executor, Transaction } from '../../db/client';
import { text } from '../../i18n/i18n';
import type { Change } from '../../lib/changes';
import { decodeCursor, toPage } from '../../lib/cursor';
import { HttpError, notFound, validationFailed, type IssueText } from '../../lib/http-error';
import type { MessageVerifier } from '../../lib/signed-messages';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import type { BlobDownload, StorageService } from '../../plugins/storage';
import { recordAudit } from '../admin/admin.service';
import { getExercise, knownTags } from '../exercises/exercises.service';
import * as uploads from '../uploads/uploads.service';
import {
  copyWorkoutIn,
  createLibraryWorkoutIn,
  findVisibleWorkout,
  replaceLibraryWorkoutIn,
  workoutSummaries,
} from '../workouts/workouts.service';
import * as repo from './content.repository';

type ListQuery = z.output<typeof contentListQuerySchema>;

const cursorSchema = z.object({ name: z.string(), id: z.number().int() });

function filterOf(query: ListQuery): repo.ListFilter {
  return {
    q: query.q || null,
    status: query.status,
    after: decodeCursor(query.cursor, cursorSchema),
    limit: query.limit,
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** `Barbell curl (wide grip)` → `barbell-curl-wide-grip`; tags use `_`, as the seed's do. */
export function slugify(name: string, separator: '-' | '_'): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, 'g'), '')
    .slice(0, 60);
  return base || 'item';
}

/** A slug no row of the table has: the name's, numbered when it is taken. */
async function freeSlug(
  db: Executor,
  table: repo.NamedKind,
  name: string,
  separator: '-' | '_',
): Promise<string> {
  const base = slugify(name, separator);
  const taken = await repo.slugsLike(db, table, base, separator);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}${separator}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const nameTaken = (path = 'name') =>
  new HttpError(409, 'conflict', text('errors:correctFields'), [
    { path, message: text('errors:content.nameTaken') },
  ]);

// ---------------------------------------------------------------------------------------------
// Items as the admin reads them
// ---------------------------------------------------------------------------------------------

async function exerciseItems(db: Executor, rows: repo.ExerciseRow[]): Promise<AdminExercise[]> {
  const ids = rows.map((r) => r.id);
  const [tagsOf, inUse] = await Promise.all([
    repo.tagsOfExercises(db, ids),
    repo.uses.exercises(db, ids),
  ]);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    kind: row.kind,
    default_duration_seconds: row.defaultDurationSeconds,
    primary_muscles: row.primaryMuscles,
    secondary_muscles: row.secondaryMuscles,
    equipment: row.equipment,
    steps: row.steps,
    tags: (tagsOf.get(row.id) ?? []).map((t) => ({ id: t.id, slug: t.slug, name: t.name })),
    has_video: Boolean(row.videoUrl),
    video_url: row.videoUrl,
    retired_at: iso(row.retiredAt),
    in_use: inUse.get(row.id) ?? 0,
  }));
}

async function foodItems(db: Executor, rows: repo.FoodRow[]): Promise<AdminFood[]> {
  const inUse = await repo.uses.foods(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    kcal: row.kcal,
    protein_g: row.proteinG,
    carbs_g: row.carbsG,
    fat_g: row.fatG,
    fiber_g: row.fiberG,
    diet_tags: row.dietTags,
    meals: row.meals,
    serving_g: row.servingG,
    serving_label: row.servingLabel,
    retired_at: iso(row.retiredAt),
    in_use: inUse.get(row.id) ?? 0,
  }));
}

async function personaItems(db: Executor, rows: repo.PersonaRow[]): Promise<AdminPersona[]> {
  const inUse = await repo.uses.personas(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    specialty: row.specialty,
    tone: row.tone,
    greeting: row.greeting,
    example_questions: row.exampleQuestions,
    retired_at: iso(row.retiredAt),
    in_use: inUse.get(row.id) ?? 0,
  }));
}

async function tagItems(db: Executor, rows: repo.TagRow[]): Promise<AdminTag[]> {
  const inUse = await repo.uses.tags(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    retired_at: iso(row.retiredAt),
    in_use: inUse.get(row.id) ?? 0,
  }));
}

async function workoutItems(db: Executor, rows: repo.LibraryWorkoutRow[]): Promise<AdminWorkout[]> {
  const ids = rows.map((r) => r.id);
  const [summaries, inUse] = await Promise.all([
    workoutSummaries(db, ids),
    repo.uses.workouts(db, ids),
  ]);
  return rows.flatMap((row) => {
    const summary = summaries.get(row.id);
    if (!summary) return [];
    return [{ ...summary, retired_at: iso(row.retiredAt), in_use: inUse.get(row.id) ?? 0 }];
  });
}

/** A page of one kind, by name, with the status and search asked for. */
async function listPage<Row extends { id: number }, Item extends { id: number }>(
  db: Executor,
  query: ListQuery,
  list: (db: Executor, f: repo.ListFilter) => Promise<Row[]>,
  items: (db: Executor, rows: Row[]) => Promise<Item[]>,
  nameOf: (row: Row) => string,
): Promise<Page<Item>> {
  const rows = await list(db, filterOf(query));
  const shown = await items(db, rows.slice(0, query.limit));
  const byId = new Map(shown.map((item) => [item.id, item]));
  return toPage(
    rows,
    query.limit,
    (row) => byId.get(row.id)!,
    (row) => ({ name: nameOf(row), id: row.id }),
  );
}

export const list = {
  exercises: (ctx: ServiceContext, query: ListQuery) =>
    listPage(ctx.db, query, repo.listExercises, exerciseItems, (r) => r.name),
  foods: (ctx: ServiceContext, query: ListQuery) =>
    listPage(ctx.db, query, repo.listFoods, foodItems, (r) => r.name),
  personas: (ctx: ServiceContext, query: ListQuery) =>
    listPage(ctx.db, query, repo.listPersonas, personaItems, (r) => r.name),
  tags: (ctx: ServiceContext, query: ListQuery) =>
    listPage(ctx.db, query, repo.listTags, tagItems, (r) => r.name),
  workouts: (ctx: ServiceContext, query: ListQuery) =>
    listPage(ctx.db, query, repo.listLibraryWorkouts, workoutItems, (r) => r.title),
};

export type { ContentListQuery };

// ---------------------------------------------------------------------------------------------
// One kind's operations, for the actions every kind shares (retire, restore, remove)
// ---------------------------------------------------------------------------------------------

interface Managed {
  id: number;
  retiredAt: Date | null;
}

interface KindOps<Row extends Managed, Item> {
  lock: (tx: Executor, id: number) => Promise<Row | undefined>;
  items: (db: Executor, rows: Row[]) => Promise<Item[]>;
  label: (row: Row) => string;
  /** What the audit log keeps of the item before and after a change. */
  snapshot: (tx: Executor, row: Row) => Promise<Record<string, unknown>>;
  setRetired: (tx: Executor, id: number, at: Date | null) => Promise<void>;
  changed: (id: number) => Change;
  missing: () => HttpError;
}

const exerciseSnapshot = async (tx: Executor, row: repo.ExerciseRow) => ({
  name: row.name,
  description: row.description,
  steps: row.steps,
  kind: row.kind,
  default_duration_seconds: row.defaultDurationSeconds,
  primary_muscles: row.primaryMuscles,
  secondary_muscles: row.secondaryMuscles,
  equipment: row.equipment,
  tag_ids: ((await repo.tagsOfExercises(tx, [row.id])).get(row.id) ?? []).map((t) => t.id),
  video_url: row.videoUrl,
  retired: row.retiredAt !== null,
});

const foodSnapshot = (row: repo.FoodRow) =>
  Promise.resolve({
    name: row.name,
    category: row.category,
    kcal: row.kcal,
    protein_g: row.proteinG,
    carbs_g: row.carbsG,
    fat_g: row.fatG,
    fiber_g: row.fiberG,
    diet_tags: row.dietTags,
    meals: row.meals,
    serving_g: row.servingG,
    serving_label: row.servingLabel,
    retired: row.retiredAt !== null,
  });

const personaSnapshot = (row: repo.PersonaRow) =>
  Promise.resolve({
    name: row.name,
    description: row.description,
    specialty: row.specialty,
    tone: row.tone,
    greeting: row.greeting,
    example_questions: row.exampleQuestions,
    retired: row.retiredAt !== null,
  });

const tagSnapshot = (row: repo.TagRow) =>
  Promise.resolve({ name: row.name, slug: row.slug, retired: row.retiredAt !== null });

const workoutSnapshot = async (tx: Executor, row: repo.LibraryWorkoutRow) => {
  const summary = (await workoutSummaries(tx, [row.id])).get(row.id);
  return {
    title: row.title,
    description: row.description,
    goal: row.goal,
    level: row.level,
    estimated_minutes: row.estimatedMinutes,
    tag_ids: summary?.tags.map((t) => t.id) ?? [],
    group_count: summary?.group_count ?? 0,
    exercise_count: summary?.exercise_count ?? 0,
    retired: row.retiredAt !== null,
  };
};

const ops = {
  exercises: {
    lock: repo.lockExercise,
    items: exerciseItems,
    label: (row) => row.name,
    snapshot: exerciseSnapshot,
    setRetired: (tx, id, at) => repo.updateExercise(tx, id, { retiredAt: at }),
    changed: (id) => ({ kind: 'content', type: 'exercise', id }),
    missing: () => notFound('exercise'),
  } satisfies KindOps<repo.ExerciseRow, AdminExercise>,
  foods: {
    lock: repo.lockFood,
    items: foodItems,
    label: (row) => row.name,
    snapshot: (_tx, row) => foodSnapshot(row),
    setRetired: (tx, id, at) => repo.updateFood(tx, id, { retiredAt: at }),
    changed: (id) => ({ kind: 'content', type: 'food', id }),
    missing: () => notFound('food'),
  } satisfies KindOps<repo.FoodRow, AdminFood>,
  personas: {
    lock: repo.lockPersona,
    items: personaItems,
    label: (row) => row.name,
    snapshot: (_tx, row) => personaSnapshot(row),
    setRetired: (tx, id, at) => repo.updatePersona(tx, id, { retiredAt: at }),
    changed: (id) => ({ kind: 'content', type: 'persona', id }),
    missing: () => notFound('persona'),
  } satisfies KindOps<repo.PersonaRow, AdminPersona>,
  tags: {
    lock: repo.lockTag,
    items: tagItems,
    label: (row) => row.name,
    snapshot: (_tx, row) => tagSnapshot(row),
    setRetired: (tx, id, at) => repo.updateTag(tx, id, { retiredAt: at }),
    changed: (id) => ({ kind: 'content', type: 'tag', id }),
    missing: () => notFound('tag'),
  } satisfies KindOps<repo.TagRow, AdminTag>,
  workouts: {
    lock: repo.lockLibraryWorkout,
    items: workoutItems,
    label: (row) => row.title,
    snapshot: workoutSnapshot,
    setRetired: (tx, id, at) => repo.setWorkoutState(tx, id, { retiredAt: at }),
    changed: (id) => ({ kind: 'workout', id }),
    missing: () => notFound('workout'),
  } satisfies KindOps<repo.LibraryWorkoutRow, AdminWorkout>,
};

type OpsOf<K extends ContentKind> = (typeof ops)[K];
type RowOf<K extends ContentKind> = NonNullable<Awaited<ReturnType<OpsOf<K>['lock']>>>;
type ItemOf<K extends ContentKind> = Awaited<ReturnType<OpsOf<K>['items']>>[number];

/** The generic view of one kind's operations (TypeScript cannot narrow the union by itself). */
function opsOf<K extends ContentKind>(kind: K): KindOps<RowOf<K>, ItemOf<K>> {
  return ops[kind] as unknown as KindOps<RowOf<K>, ItemOf<K>>;
}

async function itemOf<K extends ContentKind>(db: Executor, kind: K, row: RowOf<K>) {
  const [item] = await opsOf(kind).items(db, [row]);
  return item!;
}

/** One item, as the admin reads it. */
export async function getItem<K extends ContentKind>(
  ctx: ServiceContext,
  kind: K,
  id: number,
): Promise<ItemOf<K>> {
  const o = opsOf(kind);
  const row = await o.lock(ctx.db, id);
  if (!row) throw o.missing();
  return itemOf(ctx.db, kind, row);
}

interface Audited {
  tx: Transaction;
  actorId: number;
  kind: ContentKind;
  id: number;
  label: string;
}

function audit(
  { tx, actorId, kind, id, label }: Audited,
  action: ContentAuditAction,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  return recordAudit(tx, actorId, {
    action,
    targetType: contentTargetTypes[kind],
    targetId: id,
    targetLabel: label,
    before,
    after,
  });
}

/**
 * Retires (or restores) an item: it leaves (or comes back to) members' pickers and lists; where
 * it is used it stays. Doing it twice changes nothing and writes no second audit row.
 */
export async function setRetired<K extends ContentKind>(
  ctx: ServiceContext,
  actorId: number,
  kind: K,
  id: number,
  retired: boolean,
): Promise<ItemOf<K>> {
  const o = opsOf(kind);
  await ctx.transaction(async (tx, changes) => {
    const row = await o.lock(tx, id);
    if (!row) throw o.missing();
    if ((row.retiredAt !== null) === retired) return;
    const before = await o.snapshot(tx, row);
    await o.setRetired(tx, id, retired ? new Date() : null);
    await audit(
      { tx, actorId, kind, id, label: o.label(row) },
      retired ? 'content.retired' : 'content.restored',
      before,
      { ...before, retired },
    );
    changes.emit(o.changed(id));
  });
  return getItem(ctx, kind, id);
}

/** The Postgres error for a row still referenced by a foreign key. */
const isStillReferenced = (error: unknown) =>
  (error as { code?: unknown; cause?: { code?: unknown } }).code === '23503' ||
  (error as { cause?: { code?: unknown } }).cause?.code === '23503';

/**
 * Deletes an item nothing uses; one that something uses (a workout, a log, a diet, a thread …)
 * is retired instead, so that what uses it stays whole. Answers which happened.
 */
export async function removeItem<K extends ContentKind>(
  ctx: ServiceContext,
  storage: StorageService,
  actorId: number,
  kind: K,
  id: number,
): Promise<{ outcome: 'deleted' | 'retired'; item: ItemOf<K> | null }> {
  const o = opsOf(kind);
  const outcome = await ctx.transaction(async (tx, changes) => {
    const row = await o.lock(tx, id);
    if (!row) throw o.missing();
    const audited = { tx, actorId, kind, id, label: o.label(row) };
    const before = await o.snapshot(tx, row);
    const inUse = (await repo.uses[kind](tx, [id])).get(id) ?? 0;
    const retire = async (reason: Record<string, unknown>) => {
      if (row.retiredAt === null) {
        await o.setRetired(tx, id, new Date());
        await audit(audited, 'content.retired', before, { ...before, retired: true, ...reason });
      }
      changes.emit(o.changed(id));
      return 'retired' as const;
    };
    if (inUse > 0) return retire({ in_use: inUse });
    try {
      // A savepoint: a reference the count does not know of makes it a retirement instead.
      await tx.transaction(async (sp) => {
        await repo.remove[kind](sp, id);
      });
    } catch (error) {
      if (isStillReferenced(error)) return retire({ in_use: 'referenced' });
      throw error;
    }
    await audit(audited, 'content.deleted', before, null);
    changes.emit(o.changed(id));
    return 'deleted' as const;
  });
  if (outcome === 'retired') return { outcome, item: await getItem(ctx, kind, id) };
  // A deleted exercise's demo video goes with it.
  if (kind === 'exercises') await uploads.detachBlob(ctx.db, storage, demoSlot(id));
  return { outcome, item: null };
}

// ---------------------------------------------------------------------------------------------
// Creating and editing
// ---------------------------------------------------------------------------------------------

/** Tag ids must exist; a retired tag may stay where it is and is not added anew. */
async function checkTags(db: Executor, ids: number[], kept: ReadonlySet<number>) {
  const known = await knownTags(db, ids);
  const issues: IssueText[] = [];
  ids.forEach((id, i) => {
    const retired = known.get(id);
    if (retired === undefined) {
      issues.push({ path: `tag_ids.${i}`, message: text('errors:noSuchTag') });
    } else if (retired && !kept.has(id)) {
      issues.push({ path: `tag_ids.${i}`, message: text('errors:content.retiredTag') });
    }
  });
  if (issues.length > 0) throw validationFailed(issues);
}

const exerciseColumns = (input: ExerciseInputParsed) => ({
  name: input.name,
  description: input.description,
  steps: input.steps,
  primaryMuscles: input.primary_muscles,
  secondaryMuscles: input.secondary_muscles,
  equipment: input.equipment,
  kind: input.kind,
  // Only timed exercises have a default duration.
  defaultDurationSeconds: input.kind === 'timed' ? input.default_duration_seconds : null,
});

export async function createExercise(
  ctx: ServiceContext,
  actorId: number,
  input: ExerciseInputParsed,
): Promise<AdminExercise> {
  const id = await ctx.transaction(async (tx, changes) => {
    await checkTags(tx, input.tag_ids, new Set());
    if (await repo.nameTaken(tx, 'exercises', input.name, null)) throw nameTaken();
    const now = new Date();
    const row = await repo.insertExercise(tx, {
      ...exerciseColumns(input),
      slug: await freeSlug(tx, 'exercises', input.name, '-'),
      videoUrl: null,
      // Made by an admin: a seed that later brings the same slug leaves it alone.
      editedAt: now,
    });
    await repo.setExerciseTags(tx, row.id, input.tag_ids);
    await audit(
      { tx, actorId, kind: 'exercises', id: row.id, label: row.name },
      'content.created',
      null,
      await exerciseSnapshot(tx, row),
    );
    changes.emit(ops.exercises.changed(row.id));
    return row.id;
  });
  return getItem(ctx, 'exercises', id);
}

export async function updateExercise(
  ctx: ServiceContext,
  actorId: number,
  id: number,
  input: ExerciseInputParsed,
): Promise<AdminExercise> {
  await ctx.transaction(async (tx, changes) => {
    const row = await repo.lockExercise(tx, id);
    if (!row) throw notFound('exercise');
    const before = await exerciseSnapshot(tx, row);
    await checkTags(tx, input.tag_ids, new Set(before.tag_ids));
    if (await repo.nameTaken(tx, 'exercises', input.name, id)) throw nameTaken();
    await repo.updateExercise(tx, id, { ...exerciseColumns(input), editedAt: new Date() });
    await repo.setExerciseTags(tx, id, input.tag_ids);
    const after = await exerciseSnapshot(tx, (await repo.lockExercise(tx, id))!);
    await audit(
      { tx, actorId, kind: 'exercises', id, label: input.name },
      'content.updated',
      before,
      after,
    );
    changes.emit(ops.exercises.changed(id));
  });
  return getItem(ctx, 'exercises', id);
}

const foodColumns = (input: FoodInputParsed) => ({
  name: input.name,
  category: input.category,
  kcal: input.kcal,
  proteinG: input.protein_g,
  carbsG: input.carbs_g,
  fatG: input.fat_g,
  fiberG: input.fiber_g,
  dietTags: input.diet_tags,
  meals: input.meals,
  servingG: input.serving_g,
  servingLabel: input.serving_label,
});

export async function createFood(
  ctx: ServiceContext,
  actorId: number,
  input: FoodInputParsed,
): Promise<AdminFood> {
  const id = await ctx.transaction(async (tx, changes) => {
    if (await repo.nameTaken(tx, 'foods', input.name, null)) throw nameTaken();
    const row = await repo.insertFood(tx, {
      ...foodColumns(input),
      slug: await freeSlug(tx, 'foods', input.name, '-'),
      editedAt: new Date(),
    });
    await audit(
      { tx, actorId, kind: 'foods', id: row.id, label: row.name },
      'content.created',
      null,
      await foodSnapshot(row),
    );
    changes.emit(ops.foods.changed(row.id));
    return row.id;
  });
  return getItem(ctx, 'foods', id);
}

export async function updateFood(
  ctx: ServiceContext,
  actorId: number,
  id: number,
  input: FoodInputParsed,
): Promise<AdminFood> {
  await ctx.transaction(async (tx, changes) => {
    const row = await repo.lockFood(tx, id);
    if (!row) throw notFound('food');
    if (await repo.nameTaken(tx, 'foods', input.name, id)) throw nameTaken();
    await repo.updateFood(tx, id, { ...foodColumns(input), editedAt: new Date() });
    const after = (await repo.lockFood(tx, id))!;
    await audit(
      { tx, actorId, kind: 'foods', id, label: input.name },
      'content.updated',
      await foodSnapshot(row),
      await foodSnapshot(after),
    );
    changes.emit(ops.foods.changed(id));
  });
  return getItem(ctx, 'foods', id);
}

const personaColumns = (input: PersonaInputParsed) => ({
  name: input.name,
  description: input.description,
  specialty: input.specialty,
  tone: input.tone,
  greeting: input.greeting,
  exampleQuestions: input.example_questions,
});

export async function createPersona(
  ctx: ServiceContext,
  actorId: number,
  input: PersonaInputParsed,
): Promise<AdminPersona> {
  const id = await ctx.transaction(async (tx, changes) => {
    if (await repo.nameTaken(tx, 'personas', input.name, null)) throw nameTaken();
    const row = await repo.insertPersona(tx, {
      ...personaColumns(input),
      slug: await freeSlug(tx, 'personas', input.name, '-'),
      editedAt: new Date(),
    });
    await audit(
      { tx, actorId, kind: 'personas', id: row.id, label: row.name },
      'content.created',
      null,
      await personaSnapshot(row),
    );
    changes.emit(ops.personas.changed(row.id));
    return row.id;
  });
  return getItem(ctx, 'personas', id);
}

export async function updatePersona(
  ctx: ServiceContext,
  actorId: number,
  id: number,
  input: PersonaInputParsed,
): Promise<AdminPersona> {
  await ctx.transaction(async (tx, changes) => {
    const row = await repo.lockPersona(tx, id);
    if (!row) throw notFound('persona');
    if (await repo.nameTaken(tx, 'personas', input.name, id)) throw nameTaken();
    await repo.updatePersona(tx, id, { ...personaColumns(input), editedAt: new Date() });
    const after = (await repo.lockPersona(tx, id))!;
    await audit(
      { tx, actorId, kind: 'personas', id, label: input.name },
      'content.updated',
      await personaSnapshot(row),
      await personaSnapshot(after),
    );
    changes.emit(ops.personas.changed(id));
  });
  return getItem(ctx, 'personas', id);
}

export async function createTag(
  ctx: ServiceContext,
  actorId: number,
  input: { name: string },
): Promise<AdminTag> {
  const id = await ctx.transaction(async (tx, changes) => {
    if (await repo.nameTaken(tx, 'tags', input.name, null)) throw nameTaken();
    const row = await repo.insertTag(tx, {
      name: input.name,
      slug: await freeSlug(tx, 'tags', input.name, '_'),
      editedAt: new Date(),
    });
    await audit(
      { tx, actorId, kind: 'tags', id: row.id, label: row.name },
      'content.created',
      null,
      await tagSnapshot(row),
    );
    changes.emit(ops.tags.changed(row.id));
    return row.id;
  });
  return getItem(ctx, 'tags', id);
}

/** Renames a tag; its slug (what the planners and links know it by) stays. */
export async function updateTag(
  ctx: ServiceContext,
  actorId: number,
  id: number,
  input: { name: string },
): Promise<AdminTag> {
  await ctx.transaction(async (tx, changes) => {
    const row = await repo.lockTag(tx, id);
    if (!row) throw notFound('tag');
    if (await repo.nameTaken(tx, 'tags', input.name, id)) throw nameTaken();
    await repo.updateTag(tx, id, { name: input.name, editedAt: new Date() });
    await audit(
      { tx, actorId, kind: 'tags', id, label: input.name },
      'content.updated',
      await tagSnapshot(row),
      await tagSnapshot({ ...row, name: input.name }),
    );
    changes.emit(ops.tags.changed(id));
  });
  return getItem(ctx, 'tags', id);
}

export async function createLibraryWorkout(
  ctx: ServiceContext,
  actor: Viewer,
  input: WorkoutInputParsed,
): Promise<AdminWorkout> {
  const id = await ctx.transaction(async (tx, changes) => {
    const created = await createLibraryWorkoutIn(tx, changes, actor, input);
    const row = (await repo.lockLibraryWorkout(tx, created))!;
    await audit(
      { tx, actorId: actor.id, kind: 'workouts', id: created, label: row.title },
      'content.created',
      null,
      await workoutSnapshot(tx, row),
    );
    return created;
  });
  return getItem(ctx, 'workouts', id);
}

export async function updateLibraryWorkout(
  ctx: ServiceContext,
  actor: Viewer,
  id: number,
  input: WorkoutInputParsed,
): Promise<AdminWorkout> {
  await ctx.transaction(async (tx, changes) => {
    const row = await repo.lockLibraryWorkout(tx, id);
    if (!row) throw notFound('workout');
    const before = await workoutSnapshot(tx, row);
    await replaceLibraryWorkoutIn(tx, changes, actor, id, input);
    const after = await workoutSnapshot(tx, (await repo.lockLibraryWorkout(tx, id))!);
    await audit(
      { tx, actorId: actor.id, kind: 'workouts', id, label: input.title },
      'content.updated',
      before,
      after,
    );
  });
  return getItem(ctx, 'workouts', id);
}

/**
 * Copies a workout the admin can open (one they built with the builder, say) into the library:
 * the way to write a library workout with the builder's screens.
 */
export async function copyToLibrary(
  ctx: ServiceContext,
  actor: Viewer,
  workoutId: number,
): Promise<AdminWorkout> {
  await findVisibleWorkout(ctx.db, actor, workoutId);
  const id = await ctx.transaction(async (tx, changes) => {
    const created = await copyWorkoutIn(tx, changes, actor, workoutId, { toLibrary: true });
    const row = (await repo.lockLibraryWorkout(tx, created))!;
    await audit(
      { tx, actorId: actor.id, kind: 'workouts', id: created, label: row.title },
      'content.created',
      null,
      { ...(await workoutSnapshot(tx, row)), copied_from_id: workoutId },
    );
    return created;
  });
  return getItem(ctx, 'workouts', id);
}

// ---------------------------------------------------------------------------------------------
// Demo videos (admins and coaches)
// ---------------------------------------------------------------------------------------------

/** Where an exercise's demo video is attached. */
export const demoSlot = (exerciseId: number): uploads.AttachmentSlot => ({
  recordType: 'exercise',
  recordId: exerciseId,
  name: 'demo',
});

/** Where members' pages play it from; the blob id makes a replaced video a new address. */
export const demoVideoUrl = (exerciseId: number, blobId: number) =>
  `/api/exercise/${exerciseId}/video?v=${blobId}`;

/**
 * `PUT /api/exercise/:id/video`: an uploaded file (purpose `exercise_demo`) becomes the
 * exercise's demo video, once its bytes prove to be a video. It replaces the one before.
 */
export async function attachDemoVideo(
  ctx: ServiceContext,
  storage: StorageService,
  verifier: MessageVerifier,
  viewer: Viewer,
  exerciseId: number,
  signedId: string,
): Promise<ExerciseDetail> {
  await getExercise(ctx, exerciseId);
  const declared = await uploads.blobForSignedId(ctx.db, storage, verifier, signedId, {
    ownerId: viewer.id,
    purpose: 'exercise_demo',
  });
  const blob = await uploads.requireVideoBytes(ctx.db, storage, declared);
  await ctx.transaction(async (tx, changes) => {
    const row = await repo.lockExercise(tx, exerciseId);
    if (!row) throw notFound('exercise');
    await uploads.attachBlob(tx, storage, demoSlot(exerciseId), blob);
    const url = demoVideoUrl(exerciseId, blob.id);
    await repo.updateExercise(tx, exerciseId, { videoUrl: url, editedAt: new Date() });
    await audit(
      { tx, actorId: viewer.id, kind: 'exercises', id: exerciseId, label: row.name },
      'content.video_attached',
      { video_url: row.videoUrl },
      {
        video_url: url,
        filename: blob.filename,
        content_type: blob.contentType,
        byte_size: blob.byteSize,
      },
    );
    changes.emit(ops.exercises.changed(exerciseId));
  });
  return getExercise(ctx, exerciseId);
}

/** `DELETE /api/exercise/:id/video`: the exercise has no demo video any more. */
export async function removeDemoVideo(
  ctx: ServiceContext,
  storage: StorageService,
  viewer: Viewer,
  exerciseId: number,
): Promise<ExerciseDetail> {
  await ctx.transaction(async (tx, changes) => {
    const row = await repo.lockExercise(tx, exerciseId);
    if (!row) throw notFound('exercise');
    if (row.videoUrl === null) return;
    await uploads.detachBlob(tx, storage, demoSlot(exerciseId));
    await repo.updateExercise(tx, exerciseId, { videoUrl: null, editedAt: new Date() });
    await audit(
      { tx, actorId: viewer.id, kind: 'exercises', id: exerciseId, label: row.name },
      'content.video_removed',
      { video_url: row.videoUrl },
      { video_url: null },
    );
    changes.emit(ops.exercises.changed(exerciseId));
  });
  return getExercise(ctx, exerciseId);
}

/** An exercise's demo video for any signed-in member (retired exercises' too: they are used). */
export async function demoVideoFor(
  ctx: ServiceContext,
  storage: StorageService,
  exerciseId: number,
  range?: { start: number; end: number },
): Promise<{ blob: uploads.BlobRow; download: BlobDownload }> {
  const blob = await uploads.attachedBlob(ctx.db, demoSlot(exerciseId));
  if (!blob) throw notFound('video');
  const download = await uploads.openBlob(storage, blob, range);
  if (!download) throw notFound('video');
  return { blob, download };
}

/** The attached demo video's blob (its size, for a ranged request), or null. */
export function demoVideoBlob(ctx: ServiceContext, exerciseId: number) {
  return uploads.attachedBlob(ctx.db, demoSlot(exerciseId));
}
