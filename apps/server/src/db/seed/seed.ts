import { createHash } from 'node:crypto';
import { eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../client';
import { users } from '../schema/accounts';
import { appMeta } from '../schema/app-meta';
import { chatMessages, feedComments, feedKudos, friendships } from '../schema/social';
import { workoutLogs } from '../schema/workout-logs';
import { sharedWorkouts, workouts } from '../schema/workouts';
import { hashPassword } from '../../features/auth/password';
import { recountTotals } from '../../features/workout-logs/workout-logs.service';
import { seedDemoCoaching } from './demo-coaching';
import { seedDemoProgram } from './demo-program';
import { DEMO_PASSWORD, demoSocial, demoUsers } from './demo-users';
import { referenceData, seedReferenceData } from './seed-reference';

const SEED_VERSION_KEY = 'seed_version';
/** The demo social items already written once (their keys, a JSON array). */
const DEMO_SOCIAL_KEY = 'demo_social_seeded';

/**
 * The demo pieces written once each (each guards itself with its own app_meta key). Naming them
 * in the fingerprint means a data folder made before a piece existed runs the seed once more and
 * gets it; the pieces already there write nothing.
 */
const DEMO_PARTS = ['users', 'social', 'program', 'coaching'];

/** A fingerprint of everything the seed writes: a start-up with nothing new skips the seed. */
function seedVersion(demo: boolean): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        referenceData,
        demo: demo ? { demoUsers, demoSocial, parts: DEMO_PARTS } : null,
      }),
    )
    .digest('hex');
}

async function seedDemoUsers(db: Executor, passwordHash: string): Promise<void> {
  // Never overwrites: a demo member who changed their profile or password keeps it.
  await db
    .insert(users)
    .values(demoUsers.map((u) => ({ ...u, passwordHash })))
    .onConflictDoNothing();
}

function daysAgo(n: number): string {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The demo members' friendships, chat, shares, logs, kudos and comment. Each item is written
 * once, ever (its key is remembered in app_meta): a member who removed a demo friend or deleted
 * a comment keeps it that way however often the seed runs.
 */
async function seedDemoSocial(db: Executor): Promise<void> {
  const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_SOCIAL_KEY));
  const done = new Set<string>(meta ? (JSON.parse(meta.value) as string[]) : []);
  const emails = demoUsers.map((u) => u.email);
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idOf = new Map(people.map((r) => [r.email, r.id]));
  const library = await db
    .select({ id: workouts.id, slug: workouts.slug, title: workouts.title })
    .from(workouts)
    .where(isNull(workouts.ownerId));
  const workoutOf = new Map(library.map((w) => [w.slug, w]));
  const once = async (key: string, write: () => Promise<boolean>) => {
    if (done.has(key)) return;
    if (await write()) done.add(key);
  };

  for (const [a, b] of demoSocial.friendships) {
    await once(`friends:${a}:${b}`, async () => {
      const [x, y] = [idOf.get(a), idOf.get(b)];
      if (x === undefined || y === undefined) return false;
      await db
        .insert(friendships)
        .values([
          { userId: x, friendId: y, status: 'accepted' as const },
          { userId: y, friendId: x, status: 'accepted' as const },
        ])
        .onConflictDoNothing();
      return true;
    });
  }
  for (const chat of demoSocial.chats) {
    await once(chat.key, async () => {
      const ids = chat.messages.map((m) => idOf.get(m.from));
      const pair = [...new Set(ids)];
      if (pair.length !== 2 || pair.some((id) => id === undefined)) return false;
      const [one, two] = pair as [number, number];
      const start = Date.now() - 2 * 3_600_000;
      await db.insert(chatMessages).values(
        chat.messages.map((m, i) => {
          const senderId = idOf.get(m.from)!;
          const createdAt = new Date(start + i * 5 * 60_000);
          return {
            senderId,
            recipientId: senderId === one ? two : one,
            body: m.body,
            createdAt,
            readAt: m.read ? new Date(createdAt.getTime() + 60_000) : null,
          };
        }),
      );
      return true;
    });
  }
  for (const share of demoSocial.shares) {
    await once(share.key, async () => {
      const [from, to, workout] = [
        idOf.get(share.from),
        idOf.get(share.to),
        workoutOf.get(share.workoutSlug),
      ];
      if (from === undefined || to === undefined || !workout) return false;
      await db
        .insert(sharedWorkouts)
        .values({ workoutId: workout.id, fromUserId: from, toUserId: to })
        .onConflictDoNothing();
      return true;
    });
  }
  const logIds = new Map<string, number>();
  const logged = new Set<number>();
  for (const log of demoSocial.logs) {
    await once(log.key, async () => {
      const [userId, workout] = [idOf.get(log.email), workoutOf.get(log.workoutSlug)];
      if (userId === undefined || !workout) return false;
      const [row] = await db
        .insert(workoutLogs)
        .values({
          userId,
          workoutId: workout.id,
          title: workout.title,
          source: 'workout',
          performedOn: daysAgo(log.daysAgo),
          durationSeconds: log.durationMinutes * 60,
          note: log.note,
          energyLevel: 4,
          sleepQuality: 4,
        })
        .returning({ id: workoutLogs.id });
      logIds.set(log.key, row!.id);
      logged.add(userId);
      return true;
    });
  }
  for (const userId of logged) await recountTotals(db, userId);
  // Kudos and comments go on logs written in this same run only: a demo log a member deleted
  // is not brought back, nor commented on.
  for (const kudos of demoSocial.kudos) {
    await once(kudos.key, async () => {
      const [userId, logId] = [idOf.get(kudos.from), logIds.get(kudos.log)];
      if (userId === undefined || logId === undefined) return false;
      await db.insert(feedKudos).values({ logId, userId }).onConflictDoNothing();
      return true;
    });
  }
  for (const comment of demoSocial.comments) {
    await once(comment.key, async () => {
      const [userId, logId] = [idOf.get(comment.from), logIds.get(comment.log)];
      if (userId === undefined || logId === undefined) return false;
      await db.insert(feedComments).values({ logId, userId, body: comment.body });
      return true;
    });
  }
  const value = JSON.stringify([...done].sort());
  await db
    .insert(appMeta)
    .values({ key: DEMO_SOCIAL_KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}

export interface SeedResult {
  ran: boolean;
}

/**
 * Loads reference data and, unless turned off, the demo accounts. Idempotent, in one
 * transaction, and skipped when the data has not changed since the last run.
 */
export async function seedDatabase(
  db: Database,
  options: { demo: boolean; force?: boolean },
): Promise<SeedResult> {
  const version = seedVersion(options.demo);
  if (!options.force) {
    const rows = await db.select().from(appMeta).where(eq(appMeta.key, SEED_VERSION_KEY));
    if (rows[0]?.value === version) return { ran: false };
  }
  // Hashing is slow; done before the transaction so it does not hold the database.
  const demoHash = options.demo ? await hashPassword(DEMO_PASSWORD) : null;
  await db.transaction(async (tx) => {
    await seedReferenceData(tx);
    if (demoHash) {
      await seedDemoUsers(tx, demoHash);
      await seedDemoSocial(tx);
      await seedDemoProgram(tx);
      await seedDemoCoaching(tx);
    }
    await tx
      .insert(appMeta)
      .values({ key: SEED_VERSION_KEY, value: version })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: version, updatedAt: new Date() } });
  });
  return { ran: true };
}
