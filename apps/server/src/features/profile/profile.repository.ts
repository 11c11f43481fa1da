import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users, type NewUserRow, type UserRow } from '../../db/schema/accounts';

export async function findProfile(db: Executor, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function emailUsedByAnother(db: Executor, email: string, userId: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

export type ProfileChanges = Pick<
  NewUserRow,
  | 'name'
  | 'email'
  | 'gender'
  | 'birthDate'
  | 'measurementType'
  | 'weightKg'
  | 'heightCm'
  | 'workoutGoal'
  | 'sportType'
  | 'mealPreference'
>;

export async function updateProfile(
  db: Executor,
  id: number,
  changes: ProfileChanges,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return rows[0];
}

export async function updatePasswordHash(db: Executor, id: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}
