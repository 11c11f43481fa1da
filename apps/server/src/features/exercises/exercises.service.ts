import type { ExerciseDetail, ExerciseSummary, Tag } from '@fitcoach/shared/exercises';
import type { Page } from '@fitcoach/shared/pagination';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import type { ChangeListener } from '../../lib/changes';
import { decodeCursor, toPage } from '../../lib/cursor';
import { notFound } from '../../lib/http-error';
import * as repo from './exercises.repository';
import type { ServiceContext } from '../../lib/service-context';

const cursorSchema = z.object({ name: z.string(), id: z.number().int() });

function toTag(tag: repo.TagRow): Tag {
  return { id: tag.id, slug: tag.slug, name: tag.name };
}

function toSummary(row: repo.ExerciseRow, tags: repo.TagRow[]): ExerciseSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    kind: row.kind,
    default_duration_seconds: row.defaultDurationSeconds,
    primary_muscles: row.primaryMuscles,
    equipment: row.equipment,
    tags: tags.map(toTag),
    has_video: Boolean(row.videoUrl),
  };
}

export async function listExercises(
  { db }: ServiceContext,
  query: { tag_id?: number | null; q?: string; cursor?: string; limit: number },
): Promise<Page<ExerciseSummary>> {
  const rows = await repo.listExercises(db, {
    tagId: query.tag_id ?? null,
    q: query.q || null,
    after: decodeCursor(query.cursor, cursorSchema),
    limit: query.limit,
  });
  const tags = await repo.tagsOfExercises(
    db,
    rows.slice(0, query.limit).map((r) => r.id),
  );
  return toPage(
    rows,
    query.limit,
    (r) => toSummary(r, tags.get(r.id) ?? []),
    (r) => ({ name: r.name, id: r.id }),
  );
}

export async function getExercise({ db }: ServiceContext, id: number): Promise<ExerciseDetail> {
  const row = await repo.findExercise(db, id);
  if (!row) throw notFound('exercise');
  const tags = await repo.tagsOfExercises(db, [id]);
  return {
    ...toSummary(row, tags.get(id) ?? []),
    steps: row.steps,
    secondary_muscles: row.secondaryMuscles,
    video_url: row.videoUrl,
  };
}

export async function listTags({ db }: ServiceContext): Promise<Tag[]> {
  return (await repo.listTags(db)).map(toTag);
}

/**
 * The exercise library is reference data, loaded at start-up by the seed and changed only by
 * admins (the Content tab): each database's library is read once and kept in memory until a
 * `content` change about an exercise says otherwise (`exerciseCatalogueListener`, on every node).
 */
const catalogs = new WeakMap<object, Promise<Map<number, repo.ExerciseRow>>>();

/** Drops the cached library of `db` when an exercise changes; registered in app.ts. */
export function exerciseCatalogueListener(db: Executor): ChangeListener {
  return (change) => {
    if (change.kind === 'content' && change.type === 'exercise') catalogs.delete(db);
  };
}

function catalog(db: Executor): Promise<Map<number, repo.ExerciseRow>> {
  let loaded = catalogs.get(db);
  if (!loaded) {
    loaded = repo.allExercises(db).then((rows) => new Map(rows.map((e) => [e.id, e])));
    // A failed read is retried next time rather than cached.
    loaded.catch(() => catalogs.delete(db));
    catalogs.set(db, loaded);
  }
  return loaded;
}

/**
 * The exercises with these ids (for checking what a workout or log refers to), retired ones
 * included: `retiredAt` tells a caller adding one anew to refuse it.
 */
export async function exercisesByIds(db: Executor, ids: number[]) {
  const all = await catalog(db);
  const found = new Map<number, repo.ExerciseRow>();
  for (const id of ids) {
    const exercise = all.get(id);
    if (exercise) found.set(id, exercise);
  }
  return found;
}

/** Of these tag ids, those that exist, each with whether it is retired. */
export async function knownTags(db: Executor, ids: number[]): Promise<Map<number, boolean>> {
  const rows = await repo.findTags(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r.retired]));
}
