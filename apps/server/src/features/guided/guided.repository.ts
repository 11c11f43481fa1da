import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  guidedSessionGroups,
  guidedSessions,
  type StoredCompletedExercise,
} from '../../db/schema/workout-logs';

export type GuidedSessionRow = typeof guidedSessions.$inferSelect;

export async function findActive(db: Executor, userId: number, workoutId: number) {
  const rows = await db
    .select()
    .from(guidedSessions)
    .where(
      and(
        eq(guidedSessions.userId, userId),
        eq(guidedSessions.workoutId, workoutId),
        isNull(guidedSessions.finishedAt),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function insertSession(db: Executor, userId: number, workoutId: number) {
  const rows = await db
    .insert(guidedSessions)
    .values({ userId, workoutId })
    .onConflictDoNothing()
    .returning();
  return rows[0];
}

export async function groupsOf(db: Executor, sessionId: number) {
  return db
    .select()
    .from(guidedSessionGroups)
    .where(eq(guidedSessionGroups.sessionId, sessionId))
    .orderBy(asc(guidedSessionGroups.updatedAt));
}

export async function saveGroup(
  db: Executor,
  row: {
    sessionId: number;
    exerciseGroupId: number;
    status: 'completed' | 'skipped';
    completedExercises: StoredCompletedExercise[];
  },
) {
  await db
    .insert(guidedSessionGroups)
    .values(row)
    .onConflictDoUpdate({
      target: [guidedSessionGroups.sessionId, guidedSessionGroups.exerciseGroupId],
      set: {
        status: row.status,
        completedExercises: row.completedExercises,
        updatedAt: new Date(),
      },
    });
}

export async function deleteActive(db: Executor, userId: number, workoutId: number) {
  await db
    .delete(guidedSessions)
    .where(
      and(
        eq(guidedSessions.userId, userId),
        eq(guidedSessions.workoutId, workoutId),
        isNull(guidedSessions.finishedAt),
      ),
    );
}

/** The member's unfinished session with this id, locked for the log being written. */
export async function lockActive(db: Executor, id: number, userId: number) {
  const rows = await db
    .select()
    .from(guidedSessions)
    .where(
      and(
        eq(guidedSessions.id, id),
        eq(guidedSessions.userId, userId),
        isNull(guidedSessions.finishedAt),
      ),
    )
    .for('update')
    .limit(1);
  return rows[0];
}

export async function finish(db: Executor, id: number, logId: number) {
  await db
    .update(guidedSessions)
    .set({ finishedAt: new Date(), logId })
    .where(eq(guidedSessions.id, id));
}
