import { desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { users } from '../schema/accounts';
import { appMeta } from '../schema/app-meta';
import { coachClients, logComments } from '../schema/coaching';
import { workoutLogs } from '../schema/workout-logs';

/** Written once, ever: a demo link someone ended, or a comment they read, is not brought back. */
const DEMO_COACHING_KEY = 'demo_coaching_seeded';

export const DEMO_COACH_COMMENT =
  'Solid session. Next time add 5 lb on the last two sets if the bar still moves fast.';

/**
 * The demo's coaching (issue 13): Casey Coach coaches Jordan (accepted a week ago) and has left
 * a comment on Jordan's latest workout; Sam has an invitation from Casey waiting for an answer.
 * Runs inside the seed's transaction, after the demo members and their logs; answers whether
 * it wrote anything.
 */
export async function seedDemoCoaching(db: Executor): Promise<boolean> {
  const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_COACHING_KEY));
  if (meta) return false;
  const emails = ['coach@example.com', 'jordan@example.com', 'sam@example.com'];
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idOf = new Map(people.map((p) => [p.email, p.id]));
  const [coach, jordan, sam] = emails.map((e) => idOf.get(e));
  if (!coach || !jordan || !sam) return false;

  const weekAgo = new Date(Date.now() - 7 * 86_400_000);
  await db
    .insert(coachClients)
    .values([
      {
        coachId: coach,
        clientId: jordan,
        status: 'active' as const,
        invitedAt: new Date(weekAgo.getTime() - 3_600_000),
        startedAt: weekAgo,
      },
      { coachId: coach, clientId: sam, status: 'invited' as const },
    ])
    // A pair that already has an open link (made by hand) keeps it.
    .onConflictDoNothing();
  const [log] = await db
    .select({ id: workoutLogs.id })
    .from(workoutLogs)
    .where(eq(workoutLogs.userId, jordan))
    .orderBy(desc(workoutLogs.performedOn), desc(workoutLogs.id))
    .limit(1);
  if (log)
    await db
      .insert(logComments)
      .values({ logId: log.id, authorId: coach, body: DEMO_COACH_COMMENT });
  await db.insert(appMeta).values({ key: DEMO_COACHING_KEY, value: 'true' }).onConflictDoNothing();
  return true;
}
