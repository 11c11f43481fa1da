import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import {
  diets,
  programEntries,
  programFollows,
  programs,
  sharedTrainerThreads,
  trainerMemories,
  trainerMessages,
  trainerThreads,
  type MemoryKind,
  type TrainerCitation,
} from '../../db/schema/coach';
import { exercises, trainerPersonas } from '../../db/schema/reference';
import { workoutLogs } from '../../db/schema/workout-logs';
import { workouts } from '../../db/schema/workouts';

export type PersonaRow = typeof trainerPersonas.$inferSelect;
export type ThreadRow = typeof trainerThreads.$inferSelect;
export type MessageRow = typeof trainerMessages.$inferSelect;
export type MemoryRow = typeof trainerMemories.$inferSelect;

/** The personas members choose from: retired ones are left out. */
export async function listPersonas(db: Executor): Promise<PersonaRow[]> {
  return db
    .select()
    .from(trainerPersonas)
    .where(isNull(trainerPersonas.retiredAt))
    .orderBy(asc(trainerPersonas.id));
}

export async function findPersona(db: Executor, id: number): Promise<PersonaRow | undefined> {
  const [row] = await db.select().from(trainerPersonas).where(eq(trainerPersonas.id, id));
  return row;
}

export async function firstPersona(db: Executor): Promise<PersonaRow | undefined> {
  const [row] = await db
    .select()
    .from(trainerPersonas)
    .where(isNull(trainerPersonas.retiredAt))
    .orderBy(asc(trainerPersonas.id))
    .limit(1);
  return row;
}

export async function listThreads(db: Executor, userId: number): Promise<ThreadRow[]> {
  return db
    .select()
    .from(trainerThreads)
    .where(eq(trainerThreads.userId, userId))
    .orderBy(desc(trainerThreads.updatedAt), desc(trainerThreads.id));
}

/** The thread if it is this member's; someone else's is as good as missing. */
export async function findOwnThread(
  db: Executor,
  userId: number,
  id: number,
): Promise<ThreadRow | undefined> {
  const [row] = await db
    .select()
    .from(trainerThreads)
    .where(and(eq(trainerThreads.id, id), eq(trainerThreads.userId, userId)));
  return row;
}

/** Any member's thread with its owner's name, for sharing and reading a shared one. */
export async function findThreadWithOwner(
  db: Executor,
  id: number,
): Promise<{ thread: ThreadRow; ownerName: string } | undefined> {
  const [row] = await db
    .select({ thread: trainerThreads, ownerName: users.name })
    .from(trainerThreads)
    .innerJoin(users, eq(users.id, trainerThreads.userId))
    .where(eq(trainerThreads.id, id));
  return row;
}

export async function isSharedWith(db: Executor, threadId: number, userId: number) {
  const [row] = await db
    .select({ id: sharedTrainerThreads.id })
    .from(sharedTrainerThreads)
    .where(
      and(eq(sharedTrainerThreads.threadId, threadId), eq(sharedTrainerThreads.toUserId, userId)),
    );
  return !!row;
}

/** Records a share; false when it was already shared with this member (nothing inserted). */
export async function insertShare(db: Executor, threadId: number, fromId: number, toId: number) {
  const rows = await db
    .insert(sharedTrainerThreads)
    .values({ threadId, fromUserId: fromId, toUserId: toId })
    .onConflictDoNothing({ target: [sharedTrainerThreads.threadId, sharedTrainerThreads.toUserId] })
    .returning({ id: sharedTrainerThreads.id });
  return rows.length > 0;
}

/** Threads by id with their persona's name and how many questions they hold. */
export async function threadSummaries(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      thread: trainerThreads,
      personaName: trainerPersonas.name,
      questionCount: sql<number>`(
        select count(*)::int from ${trainerMessages} m
        where m.thread_id = ${trainerThreads.id} and m.role = 'member'
      )`,
    })
    .from(trainerThreads)
    .innerJoin(trainerPersonas, eq(trainerPersonas.id, trainerThreads.personaId))
    .where(inArray(trainerThreads.id, ids));
}

/** Locks the member's thread for a write, so a delete and a reply cannot cross. */
export async function lockOwnThread(
  db: Executor,
  userId: number,
  id: number,
): Promise<ThreadRow | undefined> {
  const [row] = await db
    .select()
    .from(trainerThreads)
    .where(and(eq(trainerThreads.id, id), eq(trainerThreads.userId, userId)))
    .for('update');
  return row;
}

export async function insertThread(
  db: Executor,
  values: { userId: number; personaId: number; title: string },
): Promise<ThreadRow> {
  const [row] = await db.insert(trainerThreads).values(values).returning();
  return row!;
}

export async function touchThread(db: Executor, id: number, personaId: number): Promise<void> {
  await db
    .update(trainerThreads)
    .set({ updatedAt: sql`now()`, personaId })
    .where(eq(trainerThreads.id, id));
}

export async function renameThread(
  db: Executor,
  userId: number,
  id: number,
  title: string,
): Promise<ThreadRow | undefined> {
  const [row] = await db
    .update(trainerThreads)
    .set({ title })
    .where(and(eq(trainerThreads.id, id), eq(trainerThreads.userId, userId)))
    .returning();
  return row;
}

export async function deleteThread(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(trainerThreads)
    .where(and(eq(trainerThreads.id, id), eq(trainerThreads.userId, userId)))
    .returning({ id: trainerThreads.id });
  return rows.length > 0;
}

export async function listMessages(db: Executor, threadId: number): Promise<MessageRow[]> {
  return db
    .select()
    .from(trainerMessages)
    .where(eq(trainerMessages.threadId, threadId))
    .orderBy(asc(trainerMessages.id));
}

export async function insertMessages(
  db: Executor,
  rows: {
    threadId: number;
    role: 'member' | 'trainer';
    body: string;
    citations: TrainerCitation[];
  }[],
): Promise<MessageRow[]> {
  return db.insert(trainerMessages).values(rows).returning();
}

export async function listMemories(db: Executor, userId: number): Promise<MemoryRow[]> {
  return db
    .select()
    .from(trainerMemories)
    .where(eq(trainerMemories.userId, userId))
    .orderBy(asc(trainerMemories.id));
}

export async function insertMemories(
  db: Executor,
  rows: { userId: number; kind: MemoryKind; fact: string }[],
): Promise<MemoryRow[]> {
  if (rows.length === 0) return [];
  return db.insert(trainerMemories).values(rows).returning();
}

export async function updateMemory(
  db: Executor,
  userId: number,
  id: number,
  values: { kind?: MemoryKind; fact?: string },
): Promise<MemoryRow | undefined> {
  const [row] = await db
    .update(trainerMemories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(trainerMemories.id, id), eq(trainerMemories.userId, userId)))
    .returning();
  return row;
}

export async function deleteMemory(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(trainerMemories)
    .where(and(eq(trainerMemories.id, id), eq(trainerMemories.userId, userId)))
    .returning({ id: trainerMemories.id });
  return rows.length > 0;
}

/** Every library exercise's name, for matching what a member typed. */
export async function exerciseNames(db: Executor): Promise<{ id: number; name: string }[]> {
  return db.select({ id: exercises.id, name: exercises.name }).from(exercises);
}

export async function findExercise(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: exercises.id,
      name: exercises.name,
      steps: exercises.steps,
      kind: exercises.kind,
      equipment: exercises.equipment,
    })
    .from(exercises)
    .where(eq(exercises.id, id));
  return row;
}

/**
 * Serialises one member's memory writes: two chats at once must not both add "bad knee". Held
 * until the transaction ends.
 */
export async function lockMemories(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('trainer_memories'), ${userId})`);
}

/** The member's own latest logs, for the model's `recent_logs` tool (newest first). */
export async function recentLogs(db: Executor, userId: number, limit: number) {
  return db
    .select({
      title: workoutLogs.title,
      performed_on: workoutLogs.performedOn,
      duration_seconds: workoutLogs.durationSeconds,
      source: workoutLogs.source,
      note: workoutLogs.note,
    })
    .from(workoutLogs)
    .where(eq(workoutLogs.userId, userId))
    .orderBy(desc(workoutLogs.performedOn), desc(workoutLogs.id))
    .limit(limit);
}

const programFields = {
  id: programs.id,
  title: programs.title,
  goal: programs.goal,
  level: programs.level,
  weeks: programs.weeks,
};

/**
 * The program the member is on, for the `current_program` tool: the one they follow (running
 * before paused, the latest started first, as today's session picks it), whoever wrote it, with
 * their own start date; else their own newest program (`following` null), or null. The member's
 * newest own program alone was wrong for anyone following a library, friend's or coach's one.
 */
export async function currentProgram(db: Executor, userId: number) {
  const [followed] = await db
    .select({
      ...programFields,
      starts_on: programFollows.startsOn,
      following: programFollows.status,
      paused_on: programFollows.pausedOn,
    })
    .from(programFollows)
    .innerJoin(programs, eq(programs.id, programFollows.programId))
    .where(
      and(eq(programFollows.userId, userId), inArray(programFollows.status, ['active', 'paused'])),
    )
    .orderBy(
      sql`${programFollows.status} = 'active' desc`,
      desc(programFollows.startsOn),
      desc(programFollows.id),
    )
    .limit(1);
  const [own] = followed
    ? []
    : await db
        .select({ ...programFields, starts_on: programs.startsOn })
        .from(programs)
        .where(eq(programs.ownerId, userId))
        .orderBy(desc(programs.id))
        .limit(1);
  const program = followed ?? (own ? { ...own, following: null, paused_on: null } : null);
  if (!program) return null;
  const entries = await db
    .select({
      week: programEntries.week,
      weekday: programEntries.weekday,
      workout: workouts.title,
      diet: diets.title,
      note: programEntries.note,
    })
    .from(programEntries)
    .leftJoin(workouts, eq(workouts.id, programEntries.workoutId))
    .leftJoin(diets, eq(diets.id, programEntries.dietId))
    .where(eq(programEntries.programId, program.id))
    .orderBy(asc(programEntries.week), asc(programEntries.weekday), asc(programEntries.position));
  return { ...program, entries };
}

/** The member's own most recent diet plan, for the `latest_diet` tool. */
export async function latestOwnDiet(db: Executor, userId: number) {
  const [diet] = await db
    .select({
      title: diets.title,
      goal: diets.goal,
      meal_preference: diets.mealPreference,
      plan: diets.plan,
    })
    .from(diets)
    .where(eq(diets.ownerId, userId))
    .orderBy(desc(diets.id))
    .limit(1);
  return diet ?? null;
}
