import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@fitcoach/shared/profile';
import { memberBlocks } from '../../db/schema/social';
import { sharedWorkouts, workouts } from '../../db/schema/workouts';
import { createTestApp, member, type TestApp } from '../../test/test-app';
import { isSharedWith } from './workouts.repository';
import { maySeeWorkout } from './workouts.service';

// Who may see a workout is a rule held twice: in TypeScript (every read) and in SQL (the log
// write, fitcoach_may_see_workout). This test pins the two together over every case.

let t: TestApp;
let viewerId: number;
let authorId: number;

beforeAll(async () => {
  t = await createTestApp();
  viewerId = (await member(t)).user.id;
  authorId = (await member(t)).user.id;
});
afterAll(async () => {
  await t.close();
});

async function sqlSays(workoutId: number, userId: number, isAdmin: boolean): Promise<boolean> {
  const result = await t.database.db.execute(
    sql`select fitcoach_may_see_workout(${workoutId}, ${userId}, ${isAdmin}) as visible`,
  );
  return (result as { rows: { visible: boolean | null }[] }).rows[0]?.visible ?? false;
}

const owners = { viewer: 'the viewer', author: 'another member', library: 'FitCoach' } as const;

describe('who may see a workout', () => {
  for (const owner of Object.keys(owners) as (keyof typeof owners)[]) {
    for (const isPublic of [false, true]) {
      for (const shared of [false, true]) {
        for (const role of ['member', 'coach', 'admin'] as Role[]) {
          const name = `${isPublic ? 'public' : 'private'} workout by ${owners[owner]}, ${shared ? 'shared with' : 'not shared with'} a ${role}`;
          it(`TypeScript and SQL agree: ${name}`, async () => {
            const ownerId = owner === 'viewer' ? viewerId : owner === 'author' ? authorId : null;
            const [row] = await t.database.db
              .insert(workouts)
              .values({ ownerId, title: name, goal: 'hiit', isPublic })
              .returning();
            const workout = row!;
            if (shared) {
              await t.database.db.insert(sharedWorkouts).values({
                workoutId: workout.id,
                fromUserId: authorId,
                toUserId: viewerId,
              });
            }
            const viewer = {
              id: viewerId,
              role,
              measurementType: 'metric' as const,
              locale: 'en' as const,
            };
            const ts = await maySeeWorkout(workout, viewer, async () => shared);
            expect(await sqlSays(workout.id, viewerId, role === 'admin')).toBe(ts);
            // The rule itself, spelt out: public, own, shared or admin.
            expect(ts).toBe(isPublic || owner === 'viewer' || shared || role === 'admin');
          });
        }
      }
    }
  }

  // A block stops shares both ways: a private workout shared before the block is no longer seen
  // through that share, whoever set the block, in TypeScript and in SQL alike.
  for (const blocker of ['viewer', 'author'] as const) {
    it(`a share stops counting once the ${blocker} blocks the other (TypeScript and SQL)`, async () => {
      const sharer = (await member(t)).user.id;
      const [row] = await t.database.db
        .insert(workouts)
        .values({
          ownerId: sharer,
          title: `blocked by the ${blocker}`,
          goal: 'hiit',
          isPublic: false,
        })
        .returning();
      const workoutId = row!.id;
      await t.database.db
        .insert(sharedWorkouts)
        .values({ workoutId, fromUserId: sharer, toUserId: viewerId });
      expect(await isSharedWith(t.database.db, workoutId, viewerId)).toBe(true);
      expect(await sqlSays(workoutId, viewerId, false)).toBe(true);

      await t.database.db
        .insert(memberBlocks)
        .values(
          blocker === 'viewer'
            ? { blockerId: viewerId, blockedId: sharer }
            : { blockerId: sharer, blockedId: viewerId },
        );
      expect(await isSharedWith(t.database.db, workoutId, viewerId)).toBe(false);
      expect(await sqlSays(workoutId, viewerId, false)).toBe(false);
    });
  }

  it('SQL sees nothing where there is no workout', async () => {
    expect(await sqlSays(2_000_000_000, viewerId, true)).toBe(false);
  });
});
