import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProgramDetail, ProgramList, ProgramToday } from '@fitcoach/shared/programs';
import { workoutInputOf, type WorkoutDetail } from '@fitcoach/shared/workouts';
import { users } from '../../db/schema/accounts';
import { programEntries, programs, sharedPrograms, trainerMemories } from '../../db/schema/coach';
import { exercises } from '../../db/schema/reference';
import { workoutLogs } from '../../db/schema/workout-logs';
import { workouts } from '../../db/schema/workouts';
import type { Viewer } from '../../lib/viewer';
import { befriend, createTestApp, member, type TestApp } from '../../test/test-app';
import { createWorkoutIn } from '../workouts/workouts.service';
import { generateProgram, generateQuickWorkout } from './programs.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const viewerOf = (id: number): Viewer => ({
  id,
  role: 'member',
  measurementType: 'metric',
  locale: 'en',
});

const programRequest = {
  trainer_action: 'workout' as const,
  gender: 'female' as const,
  age: 30,
  workout_frequency: 3,
  workout_plan_length: 6,
  workout_length: 40,
  workout_goal: 'weight_lifting' as const,
  seed: 42,
};

const isoToday = () => new Date().toISOString().slice(0, 10);

async function withProgram(overrides: Record<string, unknown> = {}) {
  const m = await member(t);
  const made = await generateProgram(t.app.ctx, viewerOf(m.user.id), {
    ...programRequest,
    ...overrides,
  });
  return { ...m, programId: made.program_id, notes: made.notes };
}

describe('generateProgram and generateQuickWorkout', () => {
  it('saves weeks × frequency workouts and the calendar in one go', async () => {
    const { programId, notes } = await withProgram();
    const rows = await t.database.db
      .select()
      .from(programEntries)
      .where(eq(programEntries.programId, programId));
    expect(rows).toHaveLength(6 * 3);
    expect(new Set(rows.map((r) => r.workoutId)).size).toBe(18);
    expect(notes.join(' ')).toMatch(/Week 4 is a deload week/);
  });

  it("writes a program's workouts in one batch exactly as one-by-one writes would", async () => {
    const m = await withProgram({ workout_frequency: 5, workout_plan_length: 2 });
    const entries = await t.database.db
      .select()
      .from(programEntries)
      .where(eq(programEntries.programId, m.programId));
    expect(entries).toHaveLength(10);
    const read = async (id: number) => {
      const res = await m.client.get(`/api/workout/${id}`);
      expect(res.statusCode).toBe(200);
      return res.json<WorkoutDetail>();
    };
    const batch = await Promise.all(entries.map((e) => read(e.workoutId!)));
    // The same content written through the single-workout path, then read back the same way.
    const viewer = viewerOf(m.user.id);
    const singleIds = await t.app.ctx.transaction(async (tx, changes) => {
      const ids: number[] = [];
      for (const w of batch)
        ids.push(await createWorkoutIn(tx, changes, viewer, workoutInputOf(w)));
      return ids;
    });
    const single = await Promise.all(singleIds.map(read));
    const shape = (w: WorkoutDetail) => ({
      title: w.title,
      description: w.description,
      goal: w.goal,
      estimated_minutes: w.estimated_minutes,
      tags: w.tags,
      groups: w.groups.map((g) => ({
        kind: g.kind,
        rest_seconds: g.rest_seconds,
        notes: g.notes,
        exercises: g.exercises.map((e) => ({
          exercise_id: e.exercise_id,
          sets: e.sets,
          reps: e.reps,
          weight: e.weight,
          duration_seconds: e.duration_seconds,
          rest_seconds: e.rest_seconds,
        })),
      })),
    });
    expect(batch.map(shape)).toEqual(single.map(shape));
    expect(new Set(batch.map((w) => w.title)).size).toBeGreaterThan(1);
    for (const w of batch) expect(w.groups.length).toBeGreaterThanOrEqual(3);
  });

  it('saves a quick workout the member can open, planned with their equipment and memory', async () => {
    const m = await member(t);
    await t.database.db
      .insert(trainerMemories)
      .values({ userId: m.user.id, kind: 'injury', fact: 'My knee hurts on stairs' });
    const made = await generateQuickWorkout(t.app.ctx, viewerOf(m.user.id), {
      trainer_action: 'quick_workout',
      gender: 'male',
      workout_length: 30,
      workout_goal: 'hiit',
      equipment: ['bodyweight'],
      seed: 5,
    });
    expect(made.notes.join(' ')).toMatch(/deep knee flexion.*My knee hurts on stairs/);
    const res = await m.client.get(`/api/workout/${made.workout_id}`);
    expect(res.statusCode).toBe(200);
    const w = res.json<WorkoutDetail>();
    expect(w.can_edit).toBe(true);
    expect(w.groups[0]!.notes).toMatch(/^Warm-up/);
    for (const g of w.groups)
      for (const e of g.exercises) expect(e.name).not.toMatch(/squat|lunge/i);
    expect(Math.abs(w.estimated_minutes - 30)).toBeLessThanOrEqual(3);
  });
});

describe('equipment', () => {
  it("falls back to the member's profile equipment when the request names none", async () => {
    const m = await member(t);
    await t.database.db
      .update(users)
      .set({ equipment: ['kettlebell'] })
      .where(eq(users.id, m.user.id));
    const made = await generateQuickWorkout(t.app.ctx, viewerOf(m.user.id), {
      trainer_action: 'quick_workout',
      gender: 'male',
      workout_length: 45,
      workout_goal: 'weight_lifting',
      seed: 9,
    });
    expect(made.notes.join(' ')).toMatch(/only the equipment you have: Kettlebell/);
    const w = (await m.client.get(`/api/workout/${made.workout_id}`)).json<WorkoutDetail>();
    const ids = w.groups.flatMap((g) => g.exercises.map((e) => e.exercise_id));
    const used = await t.database.db
      .select({ equipment: exercises.equipment })
      .from(exercises)
      .where(inArray(exercises.id, ids));
    for (const row of used)
      for (const q of row.equipment) expect(['bodyweight', 'mat', 'kettlebell']).toContain(q);
  });
});

describe('GET /api/program', () => {
  it("lists the member's own, friends' shared and public programs, but not others' private ones", async () => {
    const owner = await withProgram();
    const friend = await member(t);
    const stranger = await member(t);
    await befriend(t, owner.user.id, friend.user.id);

    const mine = (await owner.client.get('/api/program')).json<ProgramList>();
    expect(mine.items[0]).toMatchObject({
      id: owner.programId,
      is_mine: true,
      weeks: 6,
      sessions_per_week: 3,
    });

    const privateForFriend = (await friend.client.get('/api/program')).json<ProgramList>();
    expect(privateForFriend.items.map((p) => p.id)).not.toContain(owner.programId);

    await t.database.db
      .update(programs)
      .set({ visibility: 'friends' })
      .where(eq(programs.id, owner.programId));
    const shared = (await friend.client.get('/api/program')).json<ProgramList>();
    expect(shared.items.find((p) => p.id === owner.programId)).toMatchObject({ is_mine: false });
    const hidden = (await stranger.client.get('/api/program')).json<ProgramList>();
    expect(hidden.items.map((p) => p.id)).not.toContain(owner.programId);

    await t.database.db
      .update(programs)
      .set({ visibility: 'public' })
      .where(eq(programs.id, owner.programId));
    const pub = (await stranger.client.get('/api/program')).json<ProgramList>();
    expect(pub.items.map((p) => p.id)).toContain(owner.programId);
  });

  it('searches titles on the server with q, taking % and _ literally, and refuses an overlong q', async () => {
    const owner = await withProgram();
    await t.database.db
      .update(programs)
      .set({ title: 'Spring 5% strength block' })
      .where(eq(programs.id, owner.programId));
    const ids = async (q: string) =>
      (await owner.client.get(`/api/program?q=${encodeURIComponent(q)}`))
        .json<ProgramList>()
        .items.map((p) => p.id);
    expect(await ids('SPRING 5%')).toContain(owner.programId);
    expect(await ids('strength block')).toContain(owner.programId);
    expect(await ids('spring 5_')).not.toContain(owner.programId);
    expect(await ids('summer')).not.toContain(owner.programId);
    const long = await owner.client.get(`/api/program?q=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
  });

  it('needs a signed-in member', async () => {
    const { TestClient } = await import('../../test/test-app');
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/program')).statusCode).toBe(401);
    expect((await anonymous.get('/api/program/today')).statusCode).toBe(401);
    expect((await anonymous.get('/api/program/1')).statusCode).toBe(401);
  });
});

describe('a program made mid-week (decision 0026)', () => {
  // Wednesday 25 November 2026, mid-morning UTC. Only Date is faked: timers and I/O run as usual.
  const wednesday = '2026-11-25';
  const atWednesday = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${wednesday}T10:00:00Z`));
  };
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts that day with its first session, nothing overdue, the split turned to start there', async () => {
    atWednesday();
    const { client, programId } = await withProgram({ workout_plan_length: 2 });
    const p = (
      await client.get(`/api/program/${programId}?date=${wednesday}`)
    ).json<ProgramDetail>();
    expect(p.starts_on).toBe(wednesday);
    expect(p.today).toEqual({ week: 1, weekday: 3 });
    // Wednesday, Friday, Sunday: still 48 h apart, week 1 running Wednesday to Tuesday.
    expect(p.entries.map((e) => [e.week, e.weekday, e.date])).toEqual([
      [1, 3, '2026-11-25'],
      [1, 5, '2026-11-27'],
      [1, 7, '2026-11-29'],
      [2, 3, '2026-12-02'],
      [2, 5, '2026-12-04'],
      [2, 7, '2026-12-06'],
    ]);
    for (const e of p.entries) expect(e.date! >= wednesday).toBe(true);

    // The home page has today's session: the plan's first.
    const today = (await client.get(`/api/program/today?date=${wednesday}`)).json<
      NonNullable<ProgramToday>
    >();
    expect(today.program.id).toBe(programId);
    expect(today.entry).toMatchObject({ week: 1, weekday: 3, date: wednesday });
    expect(today.entry.workout!.id).toBe(p.entries[0]!.workout!.id);
    expect(today.adjusted).toBe(false);
  });

  it('is the same plan for the same inputs and date, and starts on the member’s own date', async () => {
    atWednesday();
    const plan = async (overrides: Record<string, unknown> = {}) => {
      const { client, programId } = await withProgram({ workout_plan_length: 1, ...overrides });
      return (await client.get(`/api/program/${programId}`)).json<ProgramDetail>();
    };
    const shape = (p: ProgramDetail) =>
      p.entries.map((e) => [e.week, e.weekday, e.date, e.workout?.title]);
    const a = await plan();
    const b = await plan();
    expect(shape(b)).toEqual(shape(a));
    // Late on Wednesday UTC it is already Thursday east of it: the member's date counts...
    const thursday = await plan({ date: '2026-11-26' });
    expect(thursday.starts_on).toBe('2026-11-26');
    expect(thursday.entries.map((e) => e.weekday)).toEqual([4, 6, 1]);
    // ...but not a date far from the server's, which would start the plan anywhere.
    expect((await plan({ date: '2027-03-01' })).starts_on).toBe(wednesday);
  });

  it('starts a copy that day too, on the source’s weekdays, so nothing in it is overdue', async () => {
    atWednesday();
    const owner = await withProgram({ workout_plan_length: 1 });
    const res = await owner.client.post(`/api/program/${owner.programId}/copy?date=${wednesday}`);
    expect(res.statusCode).toBe(201);
    const copy = res.json<ProgramDetail>();
    expect(copy.starts_on).toBe(wednesday);
    for (const e of copy.entries) expect(e.date! >= wednesday).toBe(true);
  });
});

describe('GET /api/program/:id', () => {
  it('answers the calendar to its owner: each day with its workout, date and today', async () => {
    const { client, programId } = await withProgram();
    const res = await client.get(`/api/program/${programId}`);
    expect(res.statusCode).toBe(200);
    const p = res.json<ProgramDetail>();
    expect(p.entries).toHaveLength(18);
    // Three days a week, every other day from the day it was made (decision 0026).
    const start = new Date(`${p.starts_on}T00:00:00Z`).getUTCDay() || 7;
    expect(new Set(p.entries.map((e) => e.weekday))).toEqual(
      new Set([0, 2, 4].map((k) => ((start - 1 + k) % 7) + 1)),
    );
    expect(p.entries[0]!.workout).toMatchObject({ title: expect.stringMatching(/^Week 1/) });
    expect(p.entries[0]!.date).toBe(p.starts_on);
    expect(p.today).not.toBeNull();
    const opened = await client.get(`/api/workout/${p.entries[0]!.workout!.id}`);
    expect(opened.statusCode).toBe(200);
  });

  it('is a 404 for others unless shared with friends or public; 400 for a bad id or date', async () => {
    const owner = await withProgram();
    const friend = await member(t);
    const stranger = await member(t);
    await befriend(t, owner.user.id, friend.user.id);
    expect((await friend.client.get(`/api/program/${owner.programId}`)).statusCode).toBe(404);
    await t.database.db
      .update(programs)
      .set({ visibility: 'friends' })
      .where(eq(programs.id, owner.programId));
    const seen = await friend.client.get(`/api/program/${owner.programId}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<ProgramDetail>().is_mine).toBe(false);
    const hidden = await stranger.client.get(`/api/program/${owner.programId}`);
    expect(hidden.statusCode).toBe(404);
    // The program's own wording (not "That page could not be found."), the same for a missing one.
    const missing = await owner.client.get('/api/program/999999999');
    expect(missing.statusCode).toBe(404);
    for (const res of [hidden, missing]) {
      expect(res.json<{ message: string }>().message).toBe(
        'That program could not be found, or it was not shared with you.',
      );
    }
    expect((await owner.client.get('/api/program/abc')).statusCode).toBe(400);
    // A bad date is worded from the catalogue, like every other date field.
    for (const date of ['tuesday', '2024-13-45']) {
      const res = await owner.client.get(`/api/program/${owner.programId}?date=${date}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ issues: { message: string }[] }>().issues.map((i) => i.message)).toEqual([
        'Use a date like 2026-11-21.',
      ]);
    }
  });
});

describe('GET /api/program/today', () => {
  it("answers today's session of the active program, or null on a rest day or without one", async () => {
    const { client, programId } = await withProgram({ workout_frequency: 7 });
    const res = await client.get(`/api/program/today?date=${isoToday()}`);
    expect(res.statusCode).toBe(200);
    const today = res.json<NonNullable<ProgramToday>>();
    expect(today.program.id).toBe(programId);
    expect(today.entry.date).toBe(isoToday());
    expect(today.entry.workout).not.toBeNull();

    const none = await member(t);
    expect((await none.client.get('/api/program/today')).json()).toBeNull();
    const after = await client.get('/api/program/today?date=2099-01-01');
    expect(after.json()).toBeNull();
  });

  it('eases the session after low energy or poor sleep, storing and showing the reason once', async () => {
    const { client, user, programId } = await withProgram({
      workout_frequency: 7,
      workout_goal: 'hiit',
    });
    await t.database.db.insert(workoutLogs).values({
      userId: user.id,
      title: 'Yesterday',
      source: 'manual',
      performedOn: isoToday(),
      energyLevel: 1,
      sleepQuality: 2,
    });
    const detail = (await client.get(`/api/program/${programId}`)).json<ProgramDetail>();
    const todayEntry = detail.entries.find((e) => e.date === isoToday())!;
    const before = (
      await client.get(`/api/workout/${todayEntry.workout!.id}`)
    ).json<WorkoutDetail>();

    const res = (await client.get(`/api/program/today?date=${isoToday()}`)).json<
      NonNullable<ProgramToday>
    >();
    expect(res.adjusted).toBe(true);
    expect(res.entry.note).toMatch(/energy was low.*slept poorly/);
    const after = (
      await client.get(`/api/workout/${todayEntry.workout!.id}`)
    ).json<WorkoutDetail>();
    const sets = (w: WorkoutDetail) =>
      w.groups.flatMap((g) => g.exercises).reduce((s, e) => s + e.sets, 0);
    expect(sets(after)).toBeLessThan(sets(before));

    // Read again: the same eased session, not eased twice.
    await client.get(`/api/program/today?date=${isoToday()}`);
    const again = (
      await client.get(`/api/workout/${todayEntry.workout!.id}`)
    ).json<WorkoutDetail>();
    expect(sets(again)).toBe(sets(after));
    const calendar = (await client.get(`/api/program/${programId}`)).json<ProgramDetail>();
    expect(calendar.entries.find((e) => e.id === todayEntry.id)!.note).toBe(res.entry.note);
  });

  it('leaves the session as planned after good logs', async () => {
    const { client, user } = await withProgram({ workout_frequency: 7 });
    await t.database.db.insert(workoutLogs).values({
      userId: user.id,
      title: 'Good day',
      source: 'manual',
      performedOn: isoToday(),
      energyLevel: 4,
      sleepQuality: 5,
    });
    const res = (await client.get(`/api/program/today?date=${isoToday()}`)).json<
      NonNullable<ProgramToday>
    >();
    expect(res.adjusted).toBe(false);
    expect(res.entry.note).toBe('');
  });
});

describe('POST /api/program/share_program', () => {
  it('shares once (idempotent), notifies the friend once, and opens it to them read-only', async () => {
    const owner = await withProgram();
    await t.database.db
      .update(users)
      .set({ name: 'Program Sharer' })
      .where(eq(users.id, owner.user.id));
    const friend = await member(t);
    await befriend(t, owner.user.id, friend.user.id);
    expect((await friend.client.get(`/api/program/${owner.programId}`)).statusCode).toBe(404);
    for (let i = 0; i < 2; i++) {
      const res = await owner.client.post('/api/program/share_program', {
        friend_id: friend.user.id,
        program_id: owner.programId,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'shared' });
    }
    const rows = await t.database.db
      .select()
      .from(sharedPrograms)
      .where(eq(sharedPrograms.programId, owner.programId));
    expect(rows).toHaveLength(1);
    const notes = (await friend.client.get('/api/notifications')).json<{
      items: { kind: string; title: string; link: string }[];
    }>();
    const shared = notes.items.filter((n) => n.kind === 'program_shared');
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatchObject({
      title: 'Program Sharer shared a program with you',
      link: `/programs/${owner.programId}`,
    });
    const listed = (await friend.client.get('/api/program')).json<ProgramList>();
    expect(listed.items.find((p) => p.id === owner.programId)).toMatchObject({ is_mine: false });
    const opened = await friend.client.get(`/api/program/${owner.programId}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<ProgramDetail>()).toMatchObject({ is_mine: false, weeks: 6 });
    // Read-only: the friend cannot share it on.
    const onward = await friend.client.post('/api/program/share_program', {
      friend_id: owner.user.id,
      program_id: owner.programId,
    });
    expect(onward.statusCode).toBe(403);
  });

  it('only to friends, never to blocked members, never yourself, only by the owner', async () => {
    const owner = await withProgram();
    const friend = await member(t);
    const stranger = await member(t);
    await befriend(t, owner.user.id, friend.user.id);
    const share = (
      client: typeof owner.client,
      friend_id: unknown,
      id: unknown = owner.programId,
    ) => client.post('/api/program/share_program', { friend_id, program_id: id });
    expect((await share(owner.client, stranger.user.id)).statusCode).toBe(403);
    expect((await share(owner.client, owner.user.id)).statusCode).toBe(422);
    // A missing member answers as a non-friend does: sharing tells no one which ids exist.
    expect((await share(owner.client, 99999999)).statusCode).toBe(403);
    expect((await share(owner.client, 'x')).statusCode).toBe(400);
    expect((await share(owner.client, friend.user.id, 99999999)).statusCode).toBe(404);
    expect((await owner.client.post('/api/program/share_program', {})).statusCode).toBe(400);
    // Someone else's private program: a 404, so its id does not leak.
    expect((await share(stranger.client, owner.user.id)).statusCode).toBe(404);
    expect(
      (
        await owner.client.post(
          '/api/program/share_program',
          { friend_id: friend.user.id, program_id: owner.programId },
          { csrf: false },
        )
      ).statusCode,
    ).toBe(403);
    // Shared, then blocked: the friend no longer sees it and cannot be shared with.
    expect((await share(owner.client, friend.user.id)).statusCode).toBe(200);
    expect((await owner.client.post(`/api/friends/${friend.user.id}/block`)).statusCode).toBe(200);
    expect((await friend.client.get(`/api/program/${owner.programId}`)).statusCode).toBe(404);
    const listed = (await friend.client.get('/api/program')).json<ProgramList>();
    expect(listed.items.map((p) => p.id)).not.toContain(owner.programId);
    expect((await friend.client.post(`/api/program/${owner.programId}/copy`)).statusCode).toBe(404);
    expect((await share(owner.client, friend.user.id)).statusCode).toBe(403);
  });
});

describe('POST /api/program/:id/copy', () => {
  it("makes the friend's own program with their own copies of its workouts, independent of the original", async () => {
    const owner = await withProgram();
    const friend = await member(t);
    await befriend(t, owner.user.id, friend.user.id);
    const original = (
      await owner.client.get(`/api/program/${owner.programId}`)
    ).json<ProgramDetail>();
    await owner.client.post('/api/program/share_program', {
      friend_id: friend.user.id,
      program_id: owner.programId,
    });
    const res = await friend.client.post(`/api/program/${owner.programId}/copy`);
    expect(res.statusCode).toBe(201);
    const copy = res.json<ProgramDetail>();
    expect(copy.id).not.toBe(owner.programId);
    expect(copy).toMatchObject({
      title: `${original.title} (copy)`,
      is_mine: true,
      visibility: 'private',
      owner: { id: friend.user.id },
      weeks: original.weeks,
      sessions_per_week: original.sessions_per_week,
    });
    expect(copy.entries.map((e) => [e.week, e.weekday, e.workout?.title])).toEqual(
      original.entries.map((e) => [e.week, e.weekday, e.workout?.title]),
    );
    const originalIds = new Set(original.entries.map((e) => e.workout!.id));
    const copiedIds = copy.entries.map((e) => e.workout!.id);
    for (const id of copiedIds) expect(originalIds.has(id)).toBe(false);
    // The copied workouts are the friend's own, private and editable; the originals stay hidden.
    const w = (await friend.client.get(`/api/workout/${copiedIds[0]}`)).json<WorkoutDetail>();
    expect(w).toMatchObject({ can_edit: true, is_public: false, owner: { id: friend.user.id } });
    expect(
      (await friend.client.get(`/api/workout/${original.entries[0]!.workout!.id}`)).statusCode,
    ).toBe(404);
    const owned = await t.database.db
      .select({ ownerId: workouts.ownerId })
      .from(workouts)
      .where(inArray(workouts.id, copiedIds));
    expect(owned.every((r) => r.ownerId === friend.user.id)).toBe(true);

    // Independent: deleting the original leaves the copy and its workouts whole.
    await t.database.db.delete(programs).where(eq(programs.id, owner.programId));
    const after = await friend.client.get(`/api/program/${copy.id}`);
    expect(after.statusCode).toBe(200);
    expect(after.json<ProgramDetail>().entries).toHaveLength(copy.entries.length);
    // And the owner never sees the friend's copy.
    expect((await owner.client.get(`/api/program/${copy.id}`)).statusCode).toBe(404);
  });

  it('lets the owner copy their own; refuses a private program of someone else (404), a bad id (400), no CSRF (403)', async () => {
    const owner = await withProgram();
    const stranger = await member(t);
    const own = await owner.client.post(`/api/program/${owner.programId}/copy`);
    expect(own.statusCode).toBe(201);
    expect(own.json<ProgramDetail>().is_mine).toBe(true);
    expect((await stranger.client.post(`/api/program/${owner.programId}/copy`)).statusCode).toBe(
      404,
    );
    expect((await stranger.client.post('/api/program/99999999/copy')).statusCode).toBe(404);
    expect((await stranger.client.post('/api/program/abc/copy')).statusCode).toBe(400);
    expect(
      (await owner.client.post(`/api/program/${owner.programId}/copy`, {}, { csrf: false }))
        .statusCode,
    ).toBe(403);
  });
});
