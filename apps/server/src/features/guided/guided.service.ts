import type { GuidedSession } from '@fitcoach/shared/workout-logs';
import type { Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { text } from '../../i18n/i18n';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import {
  checkExercises,
  fromStored,
  toStored,
  type ParsedCompletedExercise,
} from '../exercises/completed-exercises';
import { findGroupOfWorkout, findVisibleWorkout } from '../workouts/workouts.service';
import * as repo from './guided.repository';

async function toSession(
  db: Executor,
  viewer: Viewer,
  row: repo.GuidedSessionRow,
): Promise<GuidedSession> {
  const groups = await repo.groupsOf(db, row.id);
  return {
    id: row.id,
    workout_id: row.workoutId,
    started_at: row.startedAt.toISOString(),
    groups: groups.map((g) => ({
      exercise_group_id: g.exerciseGroupId,
      status: g.status,
      completed_exercises: g.completedExercises.map((e) => fromStored(e, viewer.measurementType)),
    })),
  };
}

/** The guided session in progress for this workout, to resume after a reload. */
export async function getActive({ db }: ServiceContext, viewer: Viewer, workoutId: number) {
  await findVisibleWorkout(db, viewer, workoutId);
  const row = await repo.findActive(db, viewer.id, workoutId);
  return { session: row ? await toSession(db, viewer, row) : null };
}

async function activeOrNew(db: Executor, viewer: Viewer, workoutId: number) {
  const existing = await repo.findActive(db, viewer.id, workoutId);
  if (existing) return existing;
  // Two taps at once: the partial unique index lets one insert win; the other finds it.
  return (
    (await repo.insertSession(db, viewer.id, workoutId)) ??
    (await repo.findActive(db, viewer.id, workoutId))!
  );
}

/** Marks a group of the workout completed or skipped, with what was done of it. */
export async function recordStep(
  ctx: ServiceContext,
  viewer: Viewer,
  workoutId: number,
  status: 'completed' | 'skipped',
  input: { exercise_group_id: number; completed_exercises: ParsedCompletedExercise[] },
): Promise<GuidedSession> {
  const { db } = ctx;
  await findVisibleWorkout(db, viewer, workoutId);
  const group = await findGroupOfWorkout(db, input.exercise_group_id, workoutId);
  if (!group) {
    throw new HttpError(400, 'validation_failed', text('errors:guided.groupNotInWorkout'), [
      { path: 'exercise_group_id', message: text('errors:guided.groupNotInWorkoutField') },
    ]);
  }
  await checkExercises(db, input.completed_exercises, 'completed_exercises');
  // Nothing else is built from a guided session in progress: there is no change to announce.
  return ctx.transaction(async (tx) => {
    const session = await activeOrNew(tx, viewer, workoutId);
    await repo.saveGroup(tx, {
      sessionId: session.id,
      exerciseGroupId: input.exercise_group_id,
      status,
      completedExercises: input.completed_exercises.map((e) => toStored(e, viewer.measurementType)),
    });
    return toSession(tx, viewer, session);
  });
}

/** Abandons the session in progress (start over). */
export async function abandon(ctx: ServiceContext, viewer: Viewer, workoutId: number) {
  await findVisibleWorkout(ctx.db, viewer, workoutId);
  await repo.deleteActive(ctx.db, viewer.id, workoutId);
}

/** Inside a log's transaction: the session must be this member's, this workout's, unfinished. */
export async function claimForLog(
  db: Executor,
  viewer: Viewer,
  sessionId: number,
  workoutId: number,
) {
  const session = await repo.lockActive(db, sessionId, viewer.id);
  if (!session || session.workoutId !== workoutId) {
    throw new HttpError(400, 'validation_failed', text('errors:guided.sessionNotYours'), [
      { path: 'guided_session_id', message: text('errors:guided.sessionNotYoursField') },
    ]);
  }
  return session;
}

export async function finishForLog(db: Executor, sessionId: number, logId: number) {
  await repo.finish(db, sessionId, logId);
}
