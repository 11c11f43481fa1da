import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgramDetail } from '@fitcoach/shared/programs';
import { users } from '../../db/schema/accounts';
import { diets, programEntries, programs } from '../../db/schema/coach';
import { workouts } from '../../db/schema/workouts';
import {
  befriend,
  createTestApp,
  libraryWorkoutIds,
  member,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Issues = { issues: { path: string; message: string }[] };

/** A private workout of the member's own (not in the library). */
async function privateWorkout(ownerId: number) {
  const [w] = await t.database.db
    .insert(workouts)
    .values({ ownerId, title: 'My secret session', goal: 'hiit', isPublic: false })
    .returning({ id: workouts.id });
  return w!.id;
}

async function ownDiet(ownerId: number) {
  const [d] = await t.database.db
    .insert(diets)
    .values({ ownerId, title: 'Lean week', mealPreference: 'omnivore', goal: 'hiit', plan: {} })
    .returning({ id: diets.id });
  return d!.id;
}

const base = {
  title: 'Four weeks of strength',
  description: 'Three sessions a week.',
  level: 'beginner' as const,
  goal: 'weight_lifting' as const,
  weeks: 4,
};

describe('POST /api/program (the builder)', () => {
  it('saves each day’s comma-separated workout and diet ids in order and answers the calendar', async () => {
    const m = await member(t);
    const [a, b] = await libraryWorkoutIds(m.client, 2);
    const diet = await ownDiet(m.user.id);
    const res = await m.client.post('/api/program', {
      ...base,
      days: [
        { week: 1, weekday: 1, workout_ids: `${a},${b}`, diet_ids: `${diet}` },
        { week: 2, weekday: 3, workout_ids: `${b}`, diet_ids: '' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const p = res.json<ProgramDetail>();
    expect(p).toMatchObject({ title: base.title, weeks: 4, visibility: 'private', is_mine: true });
    expect(p.starts_on).toBeNull();
    expect(p.follow).toBeNull();
    expect(
      p.entries.map((e) => [e.week, e.weekday, e.workout?.id ?? null, e.diet?.id ?? null]),
    ).toEqual([
      [1, 1, a, null],
      [1, 1, b, null],
      [1, 1, null, diet],
      [2, 3, b, null],
    ]);
    // The owner reads it back the same, and can start it like any program.
    expect((await m.client.get(`/api/program/${p.id}`)).json<ProgramDetail>().entries).toHaveLength(
      4,
    );
    expect((await m.client.post(`/api/program/${p.id}/start`, {})).statusCode).toBe(200);
  });

  it('refuses an id staged twice on one day, a bad list, a day after the last week (400)', async () => {
    const m = await member(t);
    const [a] = await libraryWorkoutIds(m.client, 1);
    for (const [days, path] of [
      [[{ week: 1, weekday: 2, workout_ids: `${a},${a}` }], 'days.0.workout_ids'],
      [[{ week: 1, weekday: 2, workout_ids: '4;5' }], 'days.0.workout_ids'],
      [[{ week: 5, weekday: 2, workout_ids: `${a}` }], 'days.0.week'],
      [
        [
          { week: 1, weekday: 2, workout_ids: `${a}` },
          { week: 1, weekday: 2, diet_ids: '' },
        ],
        'days.1',
      ],
    ] as const) {
      const res = await m.client.post('/api/program', { ...base, days });
      expect(res.statusCode).toBe(400);
      expect(res.json<Issues>().issues.map((i) => i.path)).toContain(path);
    }
    const twice = await m.client.post('/api/program', {
      ...base,
      days: [{ week: 1, weekday: 2, workout_ids: `${a},${a}` }],
    });
    expect(twice.json<Issues>().issues[0]!.message).toBe(`${a} is already on this day.`);
    for (const weeks of [0, 53]) {
      expect((await m.client.post('/api/program', { ...base, weeks, days: [] })).statusCode).toBe(
        400,
      );
    }
  });

  it('takes at most 20 workouts and 20 diets a day, and saves a full year of them (no 500)', async () => {
    const m = await member(t);
    // Far more ids than one query may carry (PostgreSQL's 65,535 parameters): a 400, not a 500.
    const many = Array.from({ length: 70_000 }, (_, k) => k + 1).join(',');
    for (const field of ['workout_ids', 'diet_ids'] as const) {
      const res = await m.client.post('/api/program', {
        ...base,
        days: [{ week: 1, weekday: 1, [field]: many }],
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expect(res.json<Issues>().issues).toEqual([
        { path: `days.0.${field}`, message: 'At most 20 on one day.' },
      ]);
    }
    // The most a program may hold: every day of 52 weeks with 20 workouts and 20 diets.
    const workoutIds = await libraryWorkoutIds(m.client, 20);
    expect(workoutIds).toHaveLength(20);
    const dietIds: number[] = [];
    for (let k = 0; k < 20; k += 1) dietIds.push(await ownDiet(m.user.id));
    const days = Array.from({ length: 52 * 7 }, (_, k) => ({
      week: Math.floor(k / 7) + 1,
      weekday: (k % 7) + 1,
      workout_ids: workoutIds.join(','),
      diet_ids: dietIds.join(','),
    }));
    const res = await m.client.post('/api/program', { ...base, weeks: 52, days });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
    const saved = res.json<ProgramDetail>();
    const entries = await t.database.db
      .select({ id: programEntries.id })
      .from(programEntries)
      .where(eq(programEntries.programId, saved.id));
    expect(entries).toHaveLength(52 * 7 * 40);
  });

  it('checks every id exists and is the author’s to use; saves nothing otherwise', async () => {
    const m = await member(t);
    const other = await member(t);
    const [a] = await libraryWorkoutIds(m.client, 1);
    const theirs = await privateWorkout(other.user.id);
    const theirDiet = await ownDiet(other.user.id);
    const before = await t.database.db
      .select()
      .from(programs)
      .where(eq(programs.ownerId, m.user.id));
    const res = await m.client.post('/api/program', {
      ...base,
      days: [
        { week: 1, weekday: 1, workout_ids: `${a}` },
        { week: 1, weekday: 2, workout_ids: `${theirs},999999999` },
        { week: 1, weekday: 3, diet_ids: `${theirDiet}` },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Issues>().issues).toEqual([
      {
        path: 'days.1.workout_ids',
        message: `These workouts do not exist or you may not use them: ${theirs}, 999999999.`,
      },
      {
        path: 'days.2.diet_ids',
        message: `These diets do not exist or you may not use them: ${theirDiet}.`,
      },
    ]);
    const after = await t.database.db
      .select()
      .from(programs)
      .where(eq(programs.ownerId, m.user.id));
    expect(after).toHaveLength(before.length);
    // Their own private workout is fine in a private program, not in one others can see.
    const mine = await privateWorkout(m.user.id);
    const days = [{ week: 1, weekday: 1, workout_ids: `${mine}` }];
    expect((await m.client.post('/api/program', { ...base, days })).statusCode).toBe(201);
    const shared = await m.client.post('/api/program', { ...base, visibility: 'friends', days });
    expect(shared.statusCode).toBe(400);
    expect(shared.json<Issues>().issues[0]!.message).toMatch(/these are private: \d+/);
  });

  it('publishes to the library only for coaches and admins; friends-only for friends', async () => {
    const m = await member(t);
    const coach = await member(t);
    await t.database.db.update(users).set({ role: 'coach' }).where(eq(users.id, coach.user.id));
    const [a] = await libraryWorkoutIds(m.client, 1);
    const input = {
      ...base,
      visibility: 'public',
      days: [{ week: 1, weekday: 1, workout_ids: `${a}` }],
    };
    const refused = await m.client.post('/api/program', input);
    expect(refused.statusCode).toBe(403);
    const published = await coach.client.post('/api/program', input);
    expect(published.statusCode).toBe(201);
    const stranger = await member(t);
    const id = published.json<ProgramDetail>().id;
    expect((await stranger.client.get(`/api/program/${id}`)).statusCode).toBe(200);

    const friend = await member(t);
    await befriend(t, m.user.id, friend.user.id);
    const friendsOnly = (
      await m.client.post('/api/program', { ...input, visibility: 'friends' })
    ).json<ProgramDetail>();
    expect((await friend.client.get(`/api/program/${friendsOnly.id}`)).statusCode).toBe(200);
    expect((await stranger.client.get(`/api/program/${friendsOnly.id}`)).statusCode).toBe(404);
  });
});

describe('PUT and DELETE /api/program/:id', () => {
  it('replaces the days for its owner; 403 for others who see it, 404 for those who do not', async () => {
    const m = await member(t);
    const friend = await member(t);
    await befriend(t, m.user.id, friend.user.id);
    const [a, b] = await libraryWorkoutIds(m.client, 2);
    const made = (
      await m.client.post('/api/program', {
        ...base,
        visibility: 'friends',
        days: [{ week: 1, weekday: 1, workout_ids: `${a}` }],
      })
    ).json<ProgramDetail>();
    const edit = {
      ...base,
      title: 'Renamed',
      weeks: 2,
      visibility: 'friends',
      days: [{ week: 2, weekday: 5, workout_ids: `${b},${a}` }],
    };
    const res = await m.client.put(`/api/program/${made.id}`, edit);
    expect(res.statusCode).toBe(200);
    const p = res.json<ProgramDetail>();
    expect(p.title).toBe('Renamed');
    expect(p.entries.map((e) => [e.week, e.weekday, e.workout!.id])).toEqual([
      [2, 5, b],
      [2, 5, a],
    ]);
    expect((await friend.client.put(`/api/program/${made.id}`, edit)).statusCode).toBe(403);
    const stranger = await member(t);
    expect((await stranger.client.put(`/api/program/${made.id}`, edit)).statusCode).toBe(404);
    // A refused edit changes nothing.
    const bad = await m.client.put(`/api/program/${made.id}`, {
      ...edit,
      days: [{ week: 1, weekday: 1, workout_ids: '999999999' }],
    });
    expect(bad.statusCode).toBe(400);
    const rows = await t.database.db
      .select()
      .from(programEntries)
      .where(eq(programEntries.programId, made.id));
    expect(rows).toHaveLength(2);

    expect((await friend.client.delete(`/api/program/${made.id}`)).statusCode).toBe(403);
    await friend.client.post(`/api/program/${made.id}/start`, {});
    expect((await m.client.delete(`/api/program/${made.id}`)).statusCode).toBe(204);
    expect((await m.client.get(`/api/program/${made.id}`)).statusCode).toBe(404);
    expect((await friend.client.get('/api/program/today')).json()).toBeNull();
  });
});
