import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users, type NewUserRow, type UserRow } from '../../db/schema/accounts';
import { teamMembers } from '../../db/schema/teams';

/** The users table, shared by the auth and profile services. */

const sameEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(sameEmail(email)).limit(1);
  return rows[0];
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function emailUsedByAnother(db: Executor, email: string, userId: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sameEmail(email), ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Inserts a user; answers undefined when the email is taken (unique index on lower(email)). */
export async function insertUser(db: Executor, user: NewUserRow): Promise<UserRow | undefined> {
  const rows = await db.insert(users).values(user).onConflictDoNothing().returning();
  return rows[0];
}

export type UserChanges = Partial<Omit<NewUserRow, 'id' | 'createdAt' | 'updatedAt'>>;

export async function updateUser(
  db: Executor,
  id: number,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return rows[0];
}

/** Whether two members are on a team together (teammates see each other's photos). */
export async function areTeammates(db: Executor, a: number, b: number): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT 1 AS one FROM ${teamMembers} x
    JOIN ${teamMembers} y ON y.team_id = x.team_id AND y.user_id = ${b}
    WHERE x.user_id = ${a} LIMIT 1`);
  return (result as { rows: unknown[] }).rows.length > 0;
}
