import type { FastifyBaseLogger } from 'fastify';
import type {
  AnalysisComment,
  AnalysisInput,
  VideoAnalysis,
  VideoAnalysisList,
} from '@fitcoach/shared/video-analysis';
import { text } from '../../i18n/i18n';
import type { ChangeListener, PendingChanges } from '../../lib/changes';
import { Bulkhead } from '../../lib/bulkhead';
import { forbidden, HttpError, notFound, validationFailed } from '../../lib/http-error';
import type { Executor } from '../../db/client';
import type { ServiceContext } from '../../lib/service-context';
import type { MessageVerifier } from '../../lib/signed-messages';
import type { Viewer } from '../../lib/viewer';
import type { BlobDownload, StorageService } from '../../plugins/storage';
import {
  notificationStreams,
  notify,
  storedTitle,
  type Broadcaster,
} from '../notifications/notifications.service';
import * as uploads from '../uploads/uploads.service';
import * as repo from './video-analysis.repository';
import type { VideoContainer } from '../uploads/video-sniff';
import { makePoster } from './video-poster';

type Row = repo.AnalysisRow;

/** Where the web app shows one analysis (its member's page and its reviewing coach's). */
export const analysisLink = (id: number) => `/video-analysis/${id}`;
/** Where its video and poster are played from; the blob id makes a new file a new address. */
const videoUrl = (id: number, blobId: number) => `/api/video_analysis/${id}/video?v=${blobId}`;
const posterUrl = (id: number, blobId: number) => `/api/video_analysis/${id}/poster?v=${blobId}`;

const slot = (id: number, name: string): uploads.AttachmentSlot => ({
  recordType: repo.RECORD_TYPE,
  recordId: id,
  name,
});
const videoSlot = (id: number) => slot(id, repo.VIDEO_SLOT);
const posterSlot = (id: number) => slot(id, repo.POSTER_SLOT);

/** How much of a comment a notification repeats. */
const NOTIFICATION_BODY_MAX = 200;

// ---------------------------------------------------------------------------------------------
// Who may do what

/**
 * A coach reviews an analysis asked of them, or one asked of any coach that nobody has taken
 * yet (the first to comment takes it).
 */
function reviews(viewer: Viewer, row: Pick<Row, 'reviewStatus' | 'reviewCoachId'>): boolean {
  if (viewer.role !== 'coach' || row.reviewStatus === 'none') return false;
  return (
    row.reviewCoachId === viewer.id ||
    (row.reviewCoachId === null && row.reviewStatus === 'requested')
  );
}

/** The member, the coach reviewing it, and admins; to anyone else it does not exist. */
function sees(viewer: Viewer, row: Pick<Row, 'userId' | 'reviewStatus' | 'reviewCoachId'>) {
  return row.userId === viewer.id || viewer.role === 'admin' || reviews(viewer, row);
}

async function visibleRow(ctx: ServiceContext, viewer: Viewer, id: number): Promise<Row> {
  const row = await repo.findAnalysis(ctx.db, id);
  if (!row || !sees(viewer, row)) throw notFound('videoAnalysis');
  return row;
}

/** Things only the member does with their analysis: 403 to others who see it, 404 otherwise. */
function requireOwner(viewer: Viewer, row: Pick<Row, 'userId' | 'reviewStatus' | 'reviewCoachId'>) {
  if (row.userId === viewer.id) return;
  if (sees(viewer, row)) throw forbidden(text('errors:videoAnalysis.membersOwn'));
  throw notFound('videoAnalysis');
}

// ---------------------------------------------------------------------------------------------
// Answers

function toComment(row: repo.CommentRow): AnalysisComment {
  return {
    id: row.id,
    author: { id: row.authorId, name: row.authorName },
    at_s: row.atS,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}

function toAnswer(row: Row, comments: repo.CommentRow[]): VideoAnalysis {
  const hasSet =
    row.workoutLogId !== null &&
    row.exerciseId !== null &&
    row.setNumber !== null &&
    row.performedOn !== null &&
    row.repsLogged !== null;
  return {
    id: row.id,
    user: { id: row.userId, name: row.userName },
    exercise_name: row.exerciseName,
    summary: row.summary,
    set: hasSet
      ? {
          workout_log_id: row.workoutLogId!,
          exercise_id: row.exerciseId!,
          exercise_name: row.setExerciseName ?? row.exerciseName,
          set_number: row.setNumber!,
          performed_on: row.performedOn!,
          reps_logged: Number(row.repsLogged),
        }
      : null,
    video:
      row.videoBlobId !== null
        ? {
            url: videoUrl(row.id, row.videoBlobId),
            poster_url: row.posterBlobId !== null ? posterUrl(row.id, row.posterBlobId) : null,
            content_type: row.videoContentType ?? 'video/mp4',
          }
        : null,
    review: {
      status: row.reviewStatus,
      coach:
        row.reviewCoachId !== null && row.reviewCoachName !== null
          ? { id: row.reviewCoachId, name: row.reviewCoachName }
          : null,
      requested_at: row.reviewRequestedAt?.toISOString() ?? null,
    },
    comments: comments.map(toComment),
    created_at: row.createdAt.toISOString(),
  };
}

async function answersFor(ctx: ServiceContext, rows: Row[]): Promise<VideoAnalysis[]> {
  const comments = await repo.commentsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    toAnswer(
      row,
      comments.filter((c) => c.analysisId === row.id),
    ),
  );
}

async function answerFor(ctx: ServiceContext, id: number): Promise<VideoAnalysis> {
  const row = await repo.findAnalysis(ctx.db, id);
  if (!row) throw notFound('videoAnalysis');
  return (await answersFor(ctx, [row]))[0]!;
}

/** Those whose open pages show the analysis: its member and the coach reviewing it. */
function audience(row: { userId: number; reviewCoachId: number | null }): number[] {
  return row.reviewCoachId !== null ? [row.userId, row.reviewCoachId] : [row.userId];
}

function announce(
  changes: PendingChanges,
  id: number,
  row: { userId: number; reviewCoachId: number | null },
  ...more: number[]
) {
  changes.emit({
    kind: 'video-analysis',
    id,
    userIds: [...new Set([...audience(row), ...more])],
  });
}

/** An open request ("any coach") waits in every coach's queue until one of them takes it. */
function isOpenRequest(row: { reviewStatus: string; reviewCoachId: number | null }): boolean {
  return row.reviewStatus === 'requested' && row.reviewCoachId === null;
}

/**
 * Whose review queues show any of `rows`, beyond the member and the named coach: every active
 * coach while one is an open request, so their open queues gain or lose it live.
 */
async function queueWatchers(
  tx: Executor,
  ...rows: { reviewStatus: string; reviewCoachId: number | null }[]
): Promise<number[]> {
  return rows.some(isOpenRequest) ? repo.activeCoachIds(tx) : [];
}

// ---------------------------------------------------------------------------------------------
// The member's analyses

/**
 * `POST /api/video_analysis`: keeps what the browser measured. With a set, the log must be the
 * member's (404 otherwise, as for any log that is not theirs) and hold that set of the exercise.
 */
export async function createAnalysis(
  ctx: ServiceContext,
  viewer: Viewer,
  input: AnalysisInput,
): Promise<VideoAnalysis> {
  const { set } = input;
  if (set) {
    const found = await repo.findLogSet(
      ctx.db,
      set.workout_log_id,
      set.exercise_id,
      set.set_number,
    );
    if (!found || found.userId !== viewer.id) throw notFound('workoutLog');
    if (!found.hasSet) {
      throw validationFailed([
        {
          path: 'set',
          message: text('errors:videoAnalysis.noSuchSet', { set: set.set_number }),
        },
      ]);
    }
  }
  const id = await ctx.transaction(async (tx, changes) => {
    const created = await repo.insertAnalysis(tx, {
      userId: viewer.id,
      exerciseName: input.exercise_name,
      exerciseKey: input.summary.exercise_key,
      summary: input.summary,
      workoutLogId: set?.workout_log_id ?? null,
      exerciseId: set?.exercise_id ?? null,
      setNumber: set?.set_number ?? null,
    });
    announce(changes, created, { userId: viewer.id, reviewCoachId: null });
    return created;
  });
  return answerFor(ctx, id);
}

export async function listAnalyses(
  ctx: ServiceContext,
  viewer: Viewer,
  query: { exercise?: string | undefined; workout_log_id?: number | undefined; limit: number },
): Promise<VideoAnalysisList> {
  const rows = await repo.listOwn(ctx.db, viewer.id, {
    exercise: query.exercise || undefined,
    workoutLogId: query.workout_log_id,
    limit: query.limit,
  });
  return { items: await answersFor(ctx, rows) };
}

export async function getAnalysis(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
): Promise<VideoAnalysis> {
  const row = await visibleRow(ctx, viewer, id);
  return (await answersFor(ctx, [row]))[0]!;
}

/**
 * The analysis's video and poster go (rows now, files once committed). The attachments are
 * polymorphic (no foreign key): their blobs go explicitly.
 */
async function detachFiles(tx: Executor, storage: StorageService, id: number): Promise<void> {
  await uploads.detachBlob(tx, storage, videoSlot(id));
  await uploads.detachBlob(tx, storage, posterSlot(id));
}

/** `DELETE /api/video_analysis/:id`: the analysis, its comments, its video and poster. */
export async function deleteAnalysis(
  ctx: ServiceContext,
  storage: StorageService,
  viewer: Viewer,
  id: number,
): Promise<void> {
  const row = await visibleRow(ctx, viewer, id);
  requireOwner(viewer, row);
  await ctx.transaction(async (tx, changes) => {
    const locked = await repo.lockAnalysis(tx, id);
    if (!locked) throw notFound('videoAnalysis');
    await detachFiles(tx, storage, id);
    await repo.deleteAnalysis(tx, id);
    announce(changes, id, locked, ...(await queueWatchers(tx, locked)));
  });
}

// ---------------------------------------------------------------------------------------------
// The video and its poster

/** An attached video: a blob whose bytes were sniffed as one of the accepted containers. */
type VideoBlob = uploads.BlobRow & { contentType: VideoContainer };

/** Poster jobs still running or waiting their turn (tests and shutdown wait for them). */
const posterJobs = new Set<Promise<void>>();

export async function postersSettled(): Promise<void> {
  while (posterJobs.size > 0) await Promise.all([...posterJobs]);
}

/** Poster jobs run at once per process: each is an ffmpeg decoding video, a core's worth. */
export const POSTER_CONCURRENCY = 1;
/** Jobs that may wait for a turn; beyond it the poster is skipped (it is optional). */
export const POSTER_QUEUE = 16;

class PosterQueueFull extends Error {}

/**
 * Every poster takes a turn here, so a burst of attaches cannot start an ffmpeg per attach and
 * take every core from the requests (docs/decisions/0037). One per process, like the posters.
 */
let posterTurns = new Bulkhead(POSTER_CONCURRENCY, POSTER_QUEUE, () => new PosterQueueFull());

/** Sizes the poster turns afresh (tests); answers them, to read `peak` and `active`. */
export function limitPosterJobs(concurrency = POSTER_CONCURRENCY, queue = POSTER_QUEUE): Bulkhead {
  posterTurns = new Bulkhead(concurrency, queue, () => new PosterQueueFull());
  return posterTurns;
}

/**
 * Makes the video's poster once the attach has committed, off the request: a poster is a
 * nicety, so a slow or failed one never holds or fails the attach.
 */
function schedulePoster(
  ctx: ServiceContext,
  storage: StorageService,
  log: Pick<FastifyBaseLogger, 'warn'>,
  analysis: { id: number; userId: number },
  video: VideoBlob,
): void {
  const job = posterTurns
    .run(() => makePosterFor(ctx, storage, analysis, video))
    .catch((err: unknown) => {
      if (err instanceof PosterQueueFull) {
        log.warn({ analysis: analysis.id }, 'video analysis: poster skipped, too many queued');
      } else {
        log.warn({ err, analysis: analysis.id }, 'video analysis: no poster made');
      }
    });
  posterJobs.add(job);
  void job.finally(() => posterJobs.delete(job));
}

async function makePosterFor(
  ctx: ServiceContext,
  storage: StorageService,
  analysis: { id: number; userId: number },
  video: VideoBlob,
): Promise<void> {
  const stillThere = async () =>
    (await uploads.attachedBlob(ctx.db, videoSlot(analysis.id)))?.id === video.id;
  // Replaced or removed while this job waited its turn: no ffmpeg for a video that is gone.
  if (!(await stillThere())) return;
  let input: string;
  if (storage.kind === 'disk') {
    input = storage.pathFor(video.key);
  } else {
    const download = await uploads.openBlob(storage, video);
    if (download?.kind !== 'redirect') return;
    input = download.url;
  }
  const jpeg = await makePoster(input, video.contentType);
  if (!jpeg) return;
  if (!(await stillThere())) return;
  await uploads.attachGeneratedFile(ctx.db, storage, posterSlot(analysis.id), {
    bytes: jpeg,
    filename: 'poster.jpg',
    contentType: 'image/jpeg',
    purpose: 'exercise_video',
    ownerId: analysis.userId,
  });
  // Replaced, removed or deleted while the poster was made: it belongs to no video now.
  if (!(await stillThere())) {
    await uploads.detachBlob(ctx.db, storage, posterSlot(analysis.id));
    return;
  }
  const row = await repo.findAnalysis(ctx.db, analysis.id);
  if (row) ctx.changes.emit({ kind: 'video-analysis', id: row.id, userIds: audience(row) });
}

/**
 * `PUT /api/video_analysis/:id/video`: the member's uploaded `exercise_video` becomes the
 * analysis' video, once its bytes prove to be one (a file that is not is deleted and refused).
 * It replaces the one before, and its poster.
 */
export async function attachVideo(
  ctx: ServiceContext,
  storage: StorageService,
  verifier: MessageVerifier,
  log: Pick<FastifyBaseLogger, 'warn'>,
  viewer: Viewer,
  id: number,
  signedId: string,
): Promise<VideoAnalysis> {
  const row = await visibleRow(ctx, viewer, id);
  requireOwner(viewer, row);
  const declared = await uploads.blobForSignedId(ctx.db, storage, verifier, signedId, {
    ownerId: viewer.id,
    purpose: 'exercise_video',
  });
  const blob = await uploads.requireVideoBytes(ctx.db, storage, declared);
  const changed = await ctx.transaction(async (tx, changes) => {
    const locked = await repo.lockAnalysis(tx, id);
    if (!locked) throw notFound('videoAnalysis');
    const current = await uploads.attachedBlob(tx, videoSlot(id));
    if (current?.id === blob.id) return false;
    await uploads.attachBlob(tx, storage, videoSlot(id), blob);
    // The poster was the old video's.
    await uploads.detachBlob(tx, storage, posterSlot(id));
    announce(changes, id, locked, ...(await queueWatchers(tx, locked)));
    return true;
  });
  if (changed) schedulePoster(ctx, storage, log, row, blob);
  return answerFor(ctx, id);
}

/**
 * `DELETE /api/video_analysis/:id/video`: the video (and poster) go; the analysis stays. A
 * review asked for and not yet given is withdrawn: there is nothing left to review.
 */
export async function removeVideo(
  ctx: ServiceContext,
  storage: StorageService,
  viewer: Viewer,
  id: number,
): Promise<VideoAnalysis> {
  const row = await visibleRow(ctx, viewer, id);
  requireOwner(viewer, row);
  await ctx.transaction(async (tx, changes) => {
    const locked = await repo.lockAnalysis(tx, id);
    if (!locked) throw notFound('videoAnalysis');
    await detachFiles(tx, storage, id);
    if (locked.reviewStatus === 'requested') {
      await repo.setReview(tx, id, { status: 'none', coachId: null, requestedAt: null });
    }
    announce(changes, id, locked, ...(await queueWatchers(tx, locked)));
  });
  return answerFor(ctx, id);
}

/**
 * The video's bytes (or a bucket url) for those who see the analysis; `range` picks the part to
 * read once the blob is known (and may refuse one past its end).
 */
export async function openVideo(
  ctx: ServiceContext,
  storage: StorageService,
  viewer: Viewer,
  id: number,
  range: (blob: uploads.BlobRow) => { start: number; end: number } | null,
): Promise<{
  blob: uploads.BlobRow;
  download: BlobDownload;
  range: { start: number; end: number } | null;
}> {
  await visibleRow(ctx, viewer, id);
  const blob = await uploads.attachedBlob(ctx.db, videoSlot(id));
  if (!blob) throw notFound('file');
  const wanted = range(blob);
  const download = await uploads.openBlob(storage, blob, wanted ?? undefined);
  if (!download) throw notFound('file');
  return { blob, download, range: wanted };
}

export async function openPoster(
  ctx: ServiceContext,
  storage: StorageService,
  viewer: Viewer,
  id: number,
): Promise<{ blob: uploads.BlobRow; download: BlobDownload }> {
  await visibleRow(ctx, viewer, id);
  const blob = await uploads.attachedBlob(ctx.db, posterSlot(id));
  if (!blob) throw notFound('file');
  const download = await uploads.openBlob(storage, blob);
  if (!download) throw notFound('file');
  return { blob, download };
}

// ---------------------------------------------------------------------------------------------
// Coach review

/**
 * `POST /api/video_analysis/:id/review`: asks a named coach (who is told) or, with null, any
 * coach. Needs the video uploaded (409). Asking again (another coach, or after a review) starts
 * a new request; the comments stay.
 */
export async function requestReview(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  coachId: number | null,
): Promise<VideoAnalysis> {
  const row = await visibleRow(ctx, viewer, id);
  requireOwner(viewer, row);
  if (row.videoBlobId === null) {
    throw new HttpError(409, 'conflict', text('errors:videoAnalysis.needsVideo'));
  }
  if (coachId !== null) {
    if (coachId === viewer.id) {
      throw validationFailed([
        { path: 'coach_id', message: text('errors:videoAnalysis.ownReview') },
      ]);
    }
    const coach = await repo.findUserRole(ctx.db, coachId);
    if (coach?.role !== 'coach') {
      throw validationFailed([
        { path: 'coach_id', message: text('errors:videoAnalysis.notACoach') },
      ]);
    }
  }
  const me = await repo.findUserRole(ctx.db, viewer.id);
  await ctx.transaction(async (tx, changes) => {
    const locked = await repo.lockAnalysis(tx, id);
    if (!locked) throw notFound('videoAnalysis');
    await repo.setReview(tx, id, {
      status: 'requested',
      coachId,
      requestedAt: ctx.clock.now(),
    });
    if (coachId !== null) {
      await notify(tx, changes, {
        userId: coachId,
        kind: 'video_review_requested',
        title: storedTitle('video_review_requested', me?.name),
        body: locked.exerciseName,
        link: analysisLink(id),
        actorId: viewer.id,
      });
    }
    // The coach asked before (if another) hears that it is no longer theirs.
    const watchers = await queueWatchers(tx, locked, {
      reviewStatus: 'requested',
      reviewCoachId: coachId,
    });
    announce(
      changes,
      id,
      { userId: locked.userId, reviewCoachId: coachId },
      ...audience(locked),
      ...watchers,
    );
  });
  return answerFor(ctx, id);
}

/** `GET /api/video_analysis/reviews`: a coach's queue; an admin's is everyone's. */
export async function reviewQueue(
  ctx: ServiceContext,
  viewer: Viewer,
  query: { status: 'requested' | 'reviewed'; limit: number },
): Promise<VideoAnalysisList> {
  const rows = await repo.reviewQueue(
    ctx.db,
    viewer.role === 'admin' ? null : viewer.id,
    query.status,
    query.limit,
  );
  return { items: await answersFor(ctx, rows) };
}

/**
 * `POST /api/video_analysis/:id/comments`: a note at a moment of the video, by the member or
 * the coach reviewing it. A coach's comment marks it reviewed (a coach answering an "any coach"
 * request takes it) and tells the member; the member's tells the coach.
 */
export async function addComment(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  input: { at_s: number; body: string },
): Promise<VideoAnalysis> {
  const row = await visibleRow(ctx, viewer, id);
  const own = row.userId === viewer.id;
  if (!own && !reviews(viewer, row)) {
    throw forbidden(text('errors:videoAnalysis.commenters'));
  }
  const me = await repo.findUserRole(ctx.db, viewer.id);
  await ctx.transaction(async (tx, changes) => {
    const locked = await repo.lockAnalysis(tx, id);
    // Taken by another coach, or withdrawn, since it was read.
    if (!locked || (!own && !reviews(viewer, locked))) throw notFound('videoAnalysis');
    if (input.at_s > locked.summary.duration_s) {
      throw validationFailed([{ path: 'at_s', message: text('errors:invalidValue') }]);
    }
    await repo.insertComment(tx, {
      analysisId: id,
      authorId: viewer.id,
      atS: input.at_s,
      body: input.body,
    });
    let coachId = locked.reviewCoachId;
    if (!own) {
      coachId = viewer.id;
      await repo.setReview(tx, id, {
        status: 'reviewed',
        coachId,
        requestedAt: locked.reviewRequestedAt,
      });
    }
    const told = own ? coachId : locked.userId;
    if (told !== null && told !== viewer.id) {
      await notify(tx, changes, {
        userId: told,
        kind: 'video_review_comment',
        title: storedTitle('video_review_comment', me?.name),
        body: `${locked.exerciseName}: ${input.body}`.slice(0, NOTIFICATION_BODY_MAX),
        link: analysisLink(id),
        actorId: viewer.id,
      });
    }
    // A coach taking an open request takes it out of the other coaches' queues.
    const watchers = own ? [] : await queueWatchers(tx, locked);
    announce(changes, id, { userId: locked.userId, reviewCoachId: coachId }, ...watchers);
  });
  return answerFor(ctx, id);
}

/** `DELETE /api/video_analysis/:id/comments/:comment_id`: its author only. */
export async function deleteComment(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  commentId: number,
): Promise<VideoAnalysis> {
  const row = await visibleRow(ctx, viewer, id);
  const comment = await repo.findComment(ctx.db, id, commentId);
  if (!comment) throw notFound('comment');
  if (comment.authorId !== viewer.id) {
    throw forbidden(text('errors:videoAnalysis.commentAuthorOnly'));
  }
  await ctx.transaction(async (tx, changes) => {
    await repo.deleteComment(tx, commentId);
    announce(changes, id, row);
  });
  return answerFor(ctx, id);
}

/** Open pages of the analysis' member and coach read it again. */
export function broadcastVideoAnalyses(cable: Broadcaster): ChangeListener {
  return async (change) => {
    if (change.kind !== 'video-analysis') return;
    await Promise.all(
      change.userIds.map((userId) =>
        cable.broadcastEvent('NotificationsChannel', notificationStreams.user(userId), {
          type: 'video_analysis.changed',
          id: change.id,
        }),
      ),
    );
  };
}

// ---------------------------------------------------------------------------------------------
// The AI trainer's view

/** One analysis in a line or two, as the trainer reads it beside the member's logs. */
export interface AnalysisBrief {
  exercise: string;
  date: string;
  reps_detected: number;
  partial_reps: number;
  /** What the member logged for the set, when the analysis is tied to one. */
  reps_logged: number | null;
  set: { performed_on: string; set_number: number } | null;
  avg_rom_deg: number | null;
  /** The deepest turning angle (a squat's depth), degrees. */
  depth_deg: number | null;
  tempo_s: { down: number; pause: number; up: number } | null;
  /** Each fault code with how many reps it was seen in. */
  faults: { code: string; reps: number }[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function briefOf(answer: VideoAnalysis): AnalysisBrief {
  const { summary: s } = answer;
  const faults = new Map<string, Set<number>>();
  for (const f of s.faults) {
    const reps = faults.get(f.code) ?? new Set<number>();
    reps.add(f.rep);
    faults.set(f.code, reps);
  }
  const turns = s.reps.filter((r) => !r.partial).map((r) => r.turn_angle_deg);
  return {
    exercise: answer.exercise_name,
    date: answer.created_at.slice(0, 10),
    reps_detected: s.reps_detected,
    partial_reps: s.partial_reps,
    reps_logged: answer.set?.reps_logged ?? null,
    set: answer.set
      ? { performed_on: answer.set.performed_on, set_number: answer.set.set_number }
      : null,
    avg_rom_deg: s.avg_rom_deg === null ? null : round1(s.avg_rom_deg),
    depth_deg: turns.length > 0 ? round1(Math.min(...turns)) : null,
    tempo_s:
      s.avg_down_s !== null && s.avg_pause_s !== null && s.avg_up_s !== null
        ? { down: round1(s.avg_down_s), pause: round1(s.avg_pause_s), up: round1(s.avg_up_s) }
        : null,
    faults: [...faults].map(([code, reps]) => ({ code, reps: reps.size })),
  };
}

/** The member's latest analyses, briefly (the trainer's context). */
export async function latestBriefs(
  ctx: ServiceContext,
  userId: number,
  limit = 3,
): Promise<AnalysisBrief[]> {
  const rows = await repo.latestOf(ctx.db, userId, limit);
  return rows.map((row) => briefOf(toAnswer(row, [])));
}
