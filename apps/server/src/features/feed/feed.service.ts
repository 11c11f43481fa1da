import {
  FEED_LATEST_COMMENTS,
  type CommentPage,
  type FeedComment,
  type FeedMember,
  type FeedPage,
  type KudosResult,
  type SharedDietPage,
  type SharedPage,
  feedPageSchema,
  type SharedProgramPage,
  type SharedTrainerThreadPage,
} from '@fitcoach/shared/feed';
import { weightFromKg, weightUnit } from '@fitcoach/shared/units';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { text } from '../../i18n/i18n';
import { answerKeys, type PreparedAnswer } from '../../lib/answer-cache';
import { decodeCursor, toPage } from '../../lib/cursor';
import { forbidden, notFound } from '../../lib/http-error';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import { badgeUrl, storedAchievementText } from '../achievements/achievement-catalog';
import { friendIdsOf } from '../friends/friends.service';
import { notify, storedTitle } from '../notifications/notifications.service';
import { avatarUrl, findUserById } from '../users/users.service';
import { dietSummaries } from '../diets/diets.service';
import { programSummaries } from '../programs/programs.service';
import { trainerThreadSummaries } from '../trainer/trainer.service';
import { copyWorkout, workoutSummaries } from '../workouts/workouts.service';
import * as repo from './feed.repository';

const MAX_ID = 2_147_483_647;
const feedCursor = z.object({
  performedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  id: z.number().int().positive().max(MAX_ID),
});
const idCursor = z.object({ id: z.number().int().positive().max(MAX_ID) });

/** Where a feed notification leads: the home page, where the feed is. */
const FEED_LINK = '/';

async function membersById(db: Executor, people: { id: number; name: string }[]) {
  const blobs = await repo.avatarBlobIds(
    db,
    people.map((p) => p.id),
  );
  return (id: number, name: string): FeedMember => {
    const blob = blobs.get(id);
    return { id, name, avatar_url: blob === undefined ? null : avatarUrl(id, blob) };
  };
}

function toComment(
  row: repo.CommentRow,
  viewer: Viewer,
  logOwnerId: number,
  member: (id: number, name: string) => FeedMember,
): FeedComment {
  return {
    id: row.id,
    log_id: row.logId,
    body: row.body,
    author: member(row.userId, row.authorName),
    created_at: row.createdAt.toISOString(),
    can_delete: row.userId === viewer.id || logOwnerId === viewer.id,
  };
}

/**
 * `GET /api/feed`. The first page is what every visit to the home page reads, so it is kept as
 * a prepared answer per reader until one of the things it shows changes: a log, name, photo or
 * activity setting of the reader or a friend, kudos or comments on their logs, or whom the
 * reader is friends with (answer-cache.ts, `feed`). A member who switches to "only me",
 * unfriends or blocks is gone from the next read. Later pages are read from the database.
 */
export async function feedAnswer(
  ctx: ServiceContext,
  viewer: Viewer,
  query: { cursor?: string | undefined; limit: number },
): Promise<PreparedAnswer> {
  const build = () => getFeed(ctx, viewer, query);
  if (query.cursor) return ctx.answers.uncached(build, feedPageSchema);
  const shape = { limit: query.limit, units: viewer.measurementType, locale: viewer.locale };
  // The key lists some 600 sources (every friend's logs, account, kudos): made only after a change.
  const keyOf = async () => answerKeys.feed(viewer.id, await friendIdsOf(ctx, viewer.id), shape);
  return ctx.answers.getNamed(answerKeys.feedName(viewer.id, shape), keyOf, build, feedPageSchema);
}

/** The activity feed: the reader's friends' completed workouts, and the reader's own, newest first. */
async function getFeed(
  { db }: ServiceContext,
  viewer: Viewer,
  query: { cursor?: string | undefined; limit: number },
): Promise<FeedPage> {
  const after = decodeCursor(query.cursor, feedCursor);
  const rows = await repo.feedPage(db, viewer.id, after, query.limit);
  const pageRows = rows.slice(0, query.limit);
  const logIds = pageRows.map((r) => r.id);
  const [kudos, counts, latest, achievements] = await Promise.all([
    repo.kudosOf(db, logIds, viewer.id),
    repo.commentCounts(db, logIds),
    repo.latestComments(db, logIds, FEED_LATEST_COMMENTS),
    repo.achievementsOfLogs(db, logIds),
  ]);
  const member = await membersById(db, [
    ...pageRows.map((r) => ({ id: r.userId, name: r.memberName })),
    ...latest.map((c) => ({ id: c.userId, name: c.authorName })),
  ]);
  const units = viewer.measurementType;
  return toPage(
    rows,
    query.limit,
    (log) => ({
      id: log.id,
      mine: log.userId === viewer.id,
      member: member(log.userId, log.memberName),
      workout_id: log.workoutId,
      title: log.title,
      performed_on: log.performedOn,
      duration_seconds: log.durationSeconds,
      total_volume: weightFromKg(Number(log.totalVolumeKg), units),
      total_reps: log.totalReps,
      weight_unit: weightUnit(units),
      achievements: achievements
        .filter((a) => a.logId === log.id)
        .map((a) => ({
          img: badgeUrl(a.badge),
          ...storedAchievementText(a, units, viewer.locale),
        })),
      kudos_count: kudos.counts.get(log.id) ?? 0,
      kudos_given: kudos.given.has(log.id),
      comment_count: counts.get(log.id) ?? 0,
      comments: latest
        .filter((c) => c.logId === log.id)
        .map((c) => toComment(c, viewer, log.userId, member)),
    }),
    (log) => ({ performedOn: log.performedOn, id: log.id }),
  );
}

/** The entry if the reader may see it; a 404 otherwise, which never says the log exists. */
async function visibleEntry(db: Executor, viewer: Viewer, logId: number) {
  const log = await repo.visibleLog(db, viewer.id, logId);
  if (!log) throw notFound('feedEntry');
  return log;
}

/**
 * Gives or takes back kudos (toggles when `given` is absent; the same `given` twice changes
 * nothing). The owner is told of new kudos from someone else.
 */
export async function setKudos(
  ctx: ServiceContext,
  viewer: Viewer,
  logId: number,
  given: boolean | undefined,
): Promise<KudosResult> {
  const log = await visibleEntry(ctx.db, viewer, logId);
  const giver = log.userId === viewer.id ? undefined : await findUserById(ctx.db, viewer.id);
  return ctx.transaction(async (tx, changes) => {
    const next = given ?? !(await repo.hasGivenKudos(tx, logId, viewer.id));
    const changed = await repo.setKudos(tx, logId, viewer.id, next);
    if (changed) changes.emit({ kind: 'feed-entry', ownerId: log.userId });
    if (changed && next && giver) {
      await notify(tx, changes, {
        userId: log.userId,
        kind: 'feed_kudos',
        title: storedTitle('feed_kudos', giver.name),
        body: log.title,
        link: FEED_LINK,
        actorId: viewer.id,
      });
    }
    const kudos = await repo.kudosOf(tx, [logId], viewer.id);
    return { log_id: logId, given: next, kudos_count: kudos.counts.get(logId) ?? 0 };
  });
}

/** Adds a comment to an entry the reader may see; the owner is told (not of their own). */
export async function addComment(
  ctx: ServiceContext,
  viewer: Viewer,
  logId: number,
  body: string,
): Promise<FeedComment> {
  const log = await visibleEntry(ctx.db, viewer, logId);
  const author = await findUserById(ctx.db, viewer.id);
  const id = await ctx.transaction(async (tx, changes) => {
    const created = await repo.insertComment(tx, logId, viewer.id, body);
    changes.emit({ kind: 'feed-entry', ownerId: log.userId });
    if (log.userId !== viewer.id) {
      await notify(tx, changes, {
        userId: log.userId,
        kind: 'feed_comment',
        title: storedTitle('feed_comment', author?.name),
        body,
        link: FEED_LINK,
        actorId: viewer.id,
      });
    }
    return created;
  });
  const [row] = await repo.commentsOfLog(ctx.db, logId, id + 1, 0);
  const member = await membersById(ctx.db, [{ id: viewer.id, name: author?.name ?? '' }]);
  return toComment(row!, viewer, log.userId, member);
}

/** An entry's comments, newest first, paged. */
export async function listComments(
  { db }: ServiceContext,
  viewer: Viewer,
  logId: number,
  query: { cursor?: string | undefined; limit: number },
): Promise<CommentPage> {
  const log = await visibleEntry(db, viewer, logId);
  const before = decodeCursor(query.cursor, idCursor);
  const rows = await repo.commentsOfLog(db, logId, before?.id ?? null, query.limit);
  const member = await membersById(
    db,
    rows.map((r) => ({ id: r.userId, name: r.authorName })),
  );
  return toPage(
    rows,
    query.limit,
    (row) => toComment(row, viewer, log.userId, member),
    (row) => ({ id: row.id }),
  );
}

/**
 * Deletes a comment: its author may, and so may the log's owner. Someone who can see neither
 * the comment's entry nor wrote it gets a 404, as if it did not exist.
 */
export async function deleteComment(ctx: ServiceContext, viewer: Viewer, commentId: number) {
  const comment = await repo.findComment(ctx.db, commentId);
  if (!comment) throw notFound('comment');
  const allowed = comment.userId === viewer.id || comment.ownerId === viewer.id;
  if (!allowed) {
    if (!(await repo.visibleLog(ctx.db, viewer.id, comment.logId))) throw notFound('comment');
    throw forbidden(text('errors:feed.commentAuthorOrOwner'));
  }
  await ctx.transaction(async (tx, changes) => {
    await repo.deleteComment(tx, commentId);
    changes.emit({ kind: 'feed-entry', ownerId: comment.ownerId });
  });
}

type SharedQuery = { cursor?: string | undefined; limit: number };

/**
 * One page of what friends shared with the reader, of one kind, newest first: each share with
 * who shared it and when, and the item's card from its own feature.
 */
async function sharedPage<T>(
  db: Executor,
  viewer: Viewer,
  kind: repo.SharedKind,
  query: SharedQuery,
  cards: (ids: number[]) => Promise<Map<number, T>>,
) {
  const before = decodeCursor(query.cursor, idCursor);
  const rows = await repo.sharedWithMe(db, kind, viewer.id, before?.id ?? null, query.limit);
  const pageRows = rows.slice(0, query.limit);
  const [items, member] = await Promise.all([
    cards(pageRows.map((r) => r.itemId)),
    membersById(
      db,
      pageRows.map((r) => ({ id: r.fromUserId, name: r.fromName })),
    ),
  ]);
  return toPage(
    rows,
    query.limit,
    (row) => ({
      id: row.id,
      shared_at: row.createdAt.toISOString(),
      from: member(row.fromUserId, row.fromName),
      item: items.get(row.itemId)!,
    }),
    (row) => ({ id: row.id }),
  );
}

/** "Shared with me": workouts friends shared with the reader, newest first. */
export async function listShared(
  { db }: ServiceContext,
  viewer: Viewer,
  query: SharedQuery,
): Promise<SharedPage> {
  const page = await sharedPage(db, viewer, 'workout', query, (ids) => workoutSummaries(db, ids));
  return { ...page, items: page.items.map(({ item, ...share }) => ({ ...share, workout: item })) };
}

/** "Shared with me": diets friends shared with the reader, newest first. */
export async function listSharedDiets(
  { db }: ServiceContext,
  viewer: Viewer,
  query: SharedQuery,
): Promise<SharedDietPage> {
  const page = await sharedPage(db, viewer, 'diet', query, (ids) => dietSummaries(db, viewer, ids));
  return { ...page, items: page.items.map(({ item, ...share }) => ({ ...share, diet: item })) };
}

/** "Shared with me": programs friends shared with the reader, newest first. */
export async function listSharedPrograms(
  { db }: ServiceContext,
  viewer: Viewer,
  query: SharedQuery,
): Promise<SharedProgramPage> {
  const page = await sharedPage(db, viewer, 'program', query, (ids) =>
    programSummaries(db, viewer, ids),
  );
  return { ...page, items: page.items.map(({ item, ...share }) => ({ ...share, program: item })) };
}

/** "Shared with me": trainer conversations friends shared with the reader, newest first. */
export async function listSharedTrainerThreads(
  { db }: ServiceContext,
  viewer: Viewer,
  query: SharedQuery,
): Promise<SharedTrainerThreadPage> {
  const page = await sharedPage(db, viewer, 'trainer_thread', query, (ids) =>
    trainerThreadSummaries(db, ids),
  );
  return { ...page, items: page.items.map(({ item, ...share }) => ({ ...share, thread: item })) };
}

/** Saves the reader's own private copy of a workout a friend shared with them. */
export async function saveSharedCopy(
  ctx: ServiceContext,
  viewer: Viewer,
  shareId: number,
): Promise<WorkoutDetail> {
  const share = await repo.findSharedWithMe(ctx.db, viewer.id, shareId);
  if (!share) throw notFound('sharedWorkout');
  return copyWorkout(ctx, viewer, share.itemId);
}
