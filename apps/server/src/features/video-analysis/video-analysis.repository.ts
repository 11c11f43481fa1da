import { aliasedTable, and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AnalysisSummary } from '@fitcoach/shared/video-analysis';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { exercises } from '../../db/schema/reference';
import { storageAttachments, storageBlobs } from '../../db/schema/storage';
import {
  videoAnalyses,
  videoAnalysisComments,
  type ReviewStatus,
} from '../../db/schema/video-analysis';
import { workoutLogExercises, workoutLogs, workoutLogSets } from '../../db/schema/workout-logs';

/** The storage attachments' record type of an analysis (its `video` and `poster` slots). */
export const RECORD_TYPE = 'video_analysis';
export const VIDEO_SLOT = 'video';
export const POSTER_SLOT = 'poster';

const coachUsers = aliasedTable(users, 'review_coach');
const videoAttachments = aliasedTable(storageAttachments, 'video_attachment');
const videoBlobs = aliasedTable(storageBlobs, 'video_blob');
const posterAttachments = aliasedTable(storageAttachments, 'poster_attachment');

/** What the member logged for the analysis' set (the first of that exercise in the log). */
const repsLogged = sql<number | null>`(
  SELECT s.reps FROM ${workoutLogSets} s
  JOIN ${workoutLogExercises} e ON e.id = s.log_exercise_id
  WHERE e.log_id = ${videoAnalyses.workoutLogId}
    AND e.exercise_id = ${videoAnalyses.exerciseId}
    AND s.set_number = ${videoAnalyses.setNumber}
  ORDER BY e.position LIMIT 1
)`;

const analysisColumns = {
  id: videoAnalyses.id,
  userId: videoAnalyses.userId,
  userName: users.name,
  exerciseName: videoAnalyses.exerciseName,
  exerciseKey: videoAnalyses.exerciseKey,
  summary: videoAnalyses.summary,
  workoutLogId: videoAnalyses.workoutLogId,
  exerciseId: videoAnalyses.exerciseId,
  setNumber: videoAnalyses.setNumber,
  setExerciseName: exercises.name,
  performedOn: workoutLogs.performedOn,
  repsLogged,
  reviewStatus: videoAnalyses.reviewStatus,
  reviewCoachId: videoAnalyses.reviewCoachId,
  reviewCoachName: coachUsers.name,
  reviewRequestedAt: videoAnalyses.reviewRequestedAt,
  videoBlobId: videoBlobs.id,
  videoContentType: videoBlobs.contentType,
  posterBlobId: posterAttachments.blobId,
  createdAt: videoAnalyses.createdAt,
};

function selectAnalyses(db: Executor) {
  return db
    .select(analysisColumns)
    .from(videoAnalyses)
    .innerJoin(users, eq(users.id, videoAnalyses.userId))
    .leftJoin(coachUsers, eq(coachUsers.id, videoAnalyses.reviewCoachId))
    .leftJoin(workoutLogs, eq(workoutLogs.id, videoAnalyses.workoutLogId))
    .leftJoin(exercises, eq(exercises.id, videoAnalyses.exerciseId))
    .leftJoin(
      videoAttachments,
      and(
        eq(videoAttachments.recordType, RECORD_TYPE),
        eq(videoAttachments.recordId, videoAnalyses.id),
        eq(videoAttachments.name, VIDEO_SLOT),
      ),
    )
    .leftJoin(videoBlobs, eq(videoBlobs.id, videoAttachments.blobId))
    .leftJoin(
      posterAttachments,
      and(
        eq(posterAttachments.recordType, RECORD_TYPE),
        eq(posterAttachments.recordId, videoAnalyses.id),
        eq(posterAttachments.name, POSTER_SLOT),
      ),
    );
}

/** One analysis with what its answer shows: names, the logged set, the attached files. */
export interface AnalysisRow {
  id: number;
  userId: number;
  userName: string;
  exerciseName: string;
  exerciseKey: string;
  summary: AnalysisSummary;
  workoutLogId: number | null;
  exerciseId: number | null;
  setNumber: number | null;
  setExerciseName: string | null;
  performedOn: string | null;
  repsLogged: number | null;
  reviewStatus: ReviewStatus;
  reviewCoachId: number | null;
  reviewCoachName: string | null;
  reviewRequestedAt: Date | null;
  videoBlobId: number | null;
  videoContentType: string | null;
  posterBlobId: number | null;
  createdAt: Date;
}

export async function findAnalysis(db: Executor, id: number): Promise<AnalysisRow | undefined> {
  const rows: AnalysisRow[] = await selectAnalyses(db).where(eq(videoAnalyses.id, id)).limit(1);
  return rows[0];
}

/** The member's analyses, newest first; by exercise name (case-insensitive) or log. */
export async function listOwn(
  db: Executor,
  userId: number,
  filter: { exercise?: string | undefined; workoutLogId?: number | undefined; limit: number },
): Promise<AnalysisRow[]> {
  const where = [eq(videoAnalyses.userId, userId)];
  if (filter.exercise) {
    where.push(sql`lower(${videoAnalyses.exerciseName}) = lower(${filter.exercise})`);
  }
  if (filter.workoutLogId !== undefined) {
    where.push(eq(videoAnalyses.workoutLogId, filter.workoutLogId));
  }
  const rows: AnalysisRow[] = await selectAnalyses(db)
    .where(and(...where))
    .orderBy(desc(videoAnalyses.createdAt), desc(videoAnalyses.id))
    .limit(filter.limit);
  return rows;
}

/**
 * A coach's queue: `requested` ones asked of them or of any coach (oldest request first), or
 * the ones they `reviewed` (newest first). `coachId` null (an admin): everyone's.
 */
export async function reviewQueue(
  db: Executor,
  coachId: number | null,
  status: 'requested' | 'reviewed',
  limit: number,
): Promise<AnalysisRow[]> {
  // A coach's own videos are never theirs to review (an "any coach" request of their own).
  const mine =
    coachId === null
      ? undefined
      : status === 'requested'
        ? and(
            or(eq(videoAnalyses.reviewCoachId, coachId), isNull(videoAnalyses.reviewCoachId)),
            ne(videoAnalyses.userId, coachId),
          )
        : eq(videoAnalyses.reviewCoachId, coachId);
  const rows: AnalysisRow[] = await selectAnalyses(db)
    .where(and(eq(videoAnalyses.reviewStatus, status), mine))
    .orderBy(
      ...(status === 'requested'
        ? [asc(videoAnalyses.reviewRequestedAt), asc(videoAnalyses.id)]
        : [desc(videoAnalyses.reviewRequestedAt), desc(videoAnalyses.id)]),
    )
    .limit(limit);
  return rows;
}

export interface NewAnalysis {
  userId: number;
  exerciseName: string;
  exerciseKey: string;
  summary: AnalysisSummary;
  workoutLogId: number | null;
  exerciseId: number | null;
  setNumber: number | null;
}

export async function insertAnalysis(db: Executor, values: NewAnalysis): Promise<number> {
  const [row] = await db.insert(videoAnalyses).values(values).returning({ id: videoAnalyses.id });
  return row!.id;
}

/** The analysis' own row, locked until the transaction ends (reviews and comments queue up). */
export async function lockAnalysis(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(videoAnalyses)
    .where(eq(videoAnalyses.id, id))
    .limit(1)
    .for('update');
  return row;
}

export async function deleteAnalysis(db: Executor, id: number): Promise<void> {
  await db.delete(videoAnalyses).where(eq(videoAnalyses.id, id));
}

export async function setReview(
  db: Executor,
  id: number,
  review: { status: ReviewStatus; coachId: number | null; requestedAt: Date | null },
): Promise<void> {
  await db
    .update(videoAnalyses)
    .set({
      reviewStatus: review.status,
      reviewCoachId: review.coachId,
      reviewRequestedAt: review.requestedAt,
    })
    .where(eq(videoAnalyses.id, id));
}

/** The log's owner and whether it holds set `setNumber` of the exercise; undefined: no log. */
export async function findLogSet(
  db: Executor,
  logId: number,
  exerciseId: number,
  setNumber: number,
): Promise<{ userId: number; hasSet: boolean } | undefined> {
  const [row] = await db
    .select({
      userId: workoutLogs.userId,
      hasSet: sql<boolean>`EXISTS (
        SELECT 1 FROM ${workoutLogSets} s
        JOIN ${workoutLogExercises} e ON e.id = s.log_exercise_id
        WHERE e.log_id = ${logId} AND e.exercise_id = ${exerciseId}
          AND s.set_number = ${setNumber}
      )`,
    })
    .from(workoutLogs)
    .where(eq(workoutLogs.id, logId))
    .limit(1);
  return row;
}

export async function findUserRole(db: Executor, id: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role, name: users.name })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/**
 * Every active coach: an open ("any coach") request waits in each of their queues, so each
 * open queue hears when one arrives or is taken.
 */
export async function activeCoachIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'coach'), isNull(users.suspendedAt)));
  return rows.map((r) => r.id);
}

export interface CommentRow {
  id: number;
  analysisId: number;
  authorId: number;
  authorName: string;
  atS: number;
  body: string;
  createdAt: Date;
}

const commentColumns = {
  id: videoAnalysisComments.id,
  analysisId: videoAnalysisComments.analysisId,
  authorId: videoAnalysisComments.authorId,
  authorName: users.name,
  atS: videoAnalysisComments.atS,
  body: videoAnalysisComments.body,
  createdAt: videoAnalysisComments.createdAt,
};

/** The analyses' comments, by moment of the video. */
export async function commentsOf(db: Executor, analysisIds: number[]): Promise<CommentRow[]> {
  if (analysisIds.length === 0) return [];
  return db
    .select(commentColumns)
    .from(videoAnalysisComments)
    .innerJoin(users, eq(users.id, videoAnalysisComments.authorId))
    .where(inArray(videoAnalysisComments.analysisId, analysisIds))
    .orderBy(asc(videoAnalysisComments.atS), asc(videoAnalysisComments.id));
}

export async function insertComment(
  db: Executor,
  values: { analysisId: number; authorId: number; atS: number; body: string },
): Promise<number> {
  const [row] = await db
    .insert(videoAnalysisComments)
    .values(values)
    .returning({ id: videoAnalysisComments.id });
  return row!.id;
}

export async function findComment(db: Executor, analysisId: number, commentId: number) {
  const [row] = await db
    .select({ id: videoAnalysisComments.id, authorId: videoAnalysisComments.authorId })
    .from(videoAnalysisComments)
    .where(
      and(
        eq(videoAnalysisComments.id, commentId),
        eq(videoAnalysisComments.analysisId, analysisId),
      ),
    )
    .limit(1);
  return row;
}

export async function deleteComment(db: Executor, id: number): Promise<void> {
  await db.delete(videoAnalysisComments).where(eq(videoAnalysisComments.id, id));
}

/** The member's latest analyses (for the AI trainer's context). */
export async function latestOf(db: Executor, userId: number, limit: number) {
  return listOwn(db, userId, { limit });
}
