import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../client';
import { users } from '../schema/accounts';
import { appMeta } from '../schema/app-meta';
import { friendships } from '../schema/social';
import { hashPassword } from '../../features/auth/password';
import { DEMO_PASSWORD, demoFriendships, demoUsers } from './demo-users';
import { referenceData, seedReferenceData } from './seed-reference';

const SEED_VERSION_KEY = 'seed_version';

/** A fingerprint of everything the seed writes: a start-up with nothing new skips the seed. */
function seedVersion(demo: boolean): string {
  return createHash('sha256')
    .update(JSON.stringify({ referenceData, demo: demo ? { demoUsers, demoFriendships } : null }))
    .digest('hex');
}

async function seedDemoUsers(db: Executor, passwordHash: string): Promise<void> {
  // Never overwrites: a demo member who changed their profile or password keeps it.
  await db
    .insert(users)
    .values(demoUsers.map((u) => ({ ...u, passwordHash })))
    .onConflictDoNothing();
}

/** Befriends the demo pairs (a member who removed a demo friend is not befriended again). */
async function seedDemoFriendships(db: Executor): Promise<void> {
  const emails = [...new Set(demoFriendships.flat())];
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idOf = new Map(rows.map((r) => [r.email, r.id]));
  const pairs = demoFriendships.flatMap(([a, b]) => {
    const [x, y] = [idOf.get(a), idOf.get(b)];
    return x === undefined || y === undefined ? [] : [[x, y] as const, [y, x] as const];
  });
  if (pairs.length === 0) return;
  await db
    .insert(friendships)
    .values(pairs.map(([userId, friendId]) => ({ userId, friendId, status: 'accepted' as const })))
    .onConflictDoNothing();
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
      await seedDemoFriendships(tx);
    }
    await tx
      .insert(appMeta)
      .values({ key: SEED_VERSION_KEY, value: version })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: version, updatedAt: new Date() } });
  });
  return { ran: true };
}
