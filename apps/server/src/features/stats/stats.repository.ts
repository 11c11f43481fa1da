import { asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exercises } from '../../db/schema/reference';
import { personalRecords, trainingStats, userAchievements } from '../../db/schema/workout-logs';

export async function findStats(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(trainingStats)
    .where(eq(trainingStats.userId, userId))
    .limit(1);
  return rows[0];
}

export async function recordsWithNames(db: Executor, userId: number) {
  return db
    .select({ record: personalRecords, name: exercises.name })
    .from(personalRecords)
    .innerJoin(exercises, eq(exercises.id, personalRecords.exerciseId))
    .where(eq(personalRecords.userId, userId))
    .orderBy(desc(personalRecords.achievedOn), asc(exercises.name));
}

export async function achievementsOf(db: Executor, userId: number) {
  return db
    .select()
    .from(userAchievements)
    .where(eq(userAchievements.userId, userId))
    .orderBy(desc(userAchievements.awardedAt), desc(userAchievements.id));
}
