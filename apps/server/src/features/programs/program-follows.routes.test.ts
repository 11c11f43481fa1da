import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProgramDetail, ProgramToday } from '@fitcoach/shared/programs';
import { programs } from '../../db/schema/coach';
import { workouts } from '../../db/schema/workouts';
import { workoutLogs } from '../../db/schema/workout-logs';
import type { Viewer } from '../../lib/viewer';
import { createTestApp, member, TestClient, type TestApp } from '../../test/test-app';
import { generateProgram } from './programs.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

// Wednesday 25 November 2026. Only Date is faked: timers and I/O run as usual.
const wednesday = '2026-11-25';
const at = (date: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${date}T10:00:00Z`));
};

const viewerOf = (id: number): Viewer => ({
  id,
  role: 'member',
  measurementType: 'metric',
  locale: 'en',
});

/** A two-week, three-a-week program (Wednesday, Friday, Sunday from a Wednesday) in the library. */
async function publicProgram(weeks = 2) {
  const author = await member(t);
  const made = await generateProgram(t.app.ctx, viewerOf(author.user.id), {
    trainer_action: 'workout',
    gender: 'female',
    age: 30,
    workout_frequency: 3,
    workout_plan_length: weeks,
    workout_length: 30,
    workout_goal: 'weight_lifting',
    seed: 7,
  });
  await t.database.db
    .update(programs)
    .set({ visibility: 'public' })
    .where(eq(programs.id, made.program_id));
  return { author, id: made.program_id };
}

const detail = async (client: TestClient, id: number, date: string) =>
  (await client.get(`/api/program/${id}?date=${date}`)).json<ProgramDetail>();
const todayOf = async (client: TestClient, date: string) =>
  (await client.get(`/api/program/today?date=${date}`)).json<ProgramToday>();

async function logged(userId: number, workoutId: number, performedOn: string) {
  await t.database.db.insert(workoutLogs).values({
    userId,
    workoutId,
    title: 'Program day',
    source: 'workout',
    performedOn,
    energyLevel: 4,
    sleepQuality: 4,
  });
}

describe('POST /api/program/:id/start', () => {
  it('follows a library program from the member’s date: their own calendar and today’s session', async () => {
    at(wednesday);
    const { id } = await publicProgram();
    const m = await member(t);
    expect((await todayOf(m.client, wednesday)) === null).toBe(true);
    const res = await m.client.post(`/api/program/${id}/start?date=${wednesday}`, {});
    expect(res.statusCode).toBe(200);
    const p = res.json<ProgramDetail>();
    expect(p.follow).toMatchObject({
      status: 'active',
      starts_on: wednesday,
      ends_on: '2026-12-08',
      finished: false,
      progress: 0,
    });
    expect(p.entries.map((e) => [e.date, e.status])).toEqual([
      ['2026-11-25', 'today'],
      ['2026-11-27', 'upcoming'],
      ['2026-11-29', 'upcoming'],
      ['2026-12-02', 'upcoming'],
      ['2026-12-04', 'upcoming'],
      ['2026-12-06', 'upcoming'],
    ]);
    const today = await todayOf(m.client, wednesday);
    expect(today).toMatchObject({ program: { id }, entry: { date: wednesday, status: 'today' } });

    // A start set ahead: nothing today until then; its days count from that date.
    const later = await member(t);
    const ahead = await later.client.post(`/api/program/${id}/start?date=${wednesday}`, {
      start_date: '2026-11-30',
    });
    // From a Monday the Wednesday, Friday and Sunday sessions keep their weekdays (0026).
    expect(ahead.json<ProgramDetail>().entries[0]!.date).toBe('2026-12-02');
    expect(await todayOf(later.client, wednesday)).toBeNull();
    expect(await todayOf(later.client, '2026-12-02')).toMatchObject({ entry: { week: 1 } });
  });

  it('refuses a start in the past or over a year ahead (400), and programs the member may not see (404)', async () => {
    at(wednesday);
    const { id } = await publicProgram(1);
    const m = await member(t);
    for (const start_date of ['2026-11-24', '2027-11-26']) {
      const res = await m.client.post(`/api/program/${id}/start?date=${wednesday}`, {
        start_date,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ issues: { path: string }[] }>().issues[0]!.path).toBe('start_date');
    }
    await t.database.db.update(programs).set({ visibility: 'private' }).where(eq(programs.id, id));
    expect((await m.client.post(`/api/program/${id}/start`, {})).statusCode).toBe(404);
    const anonymous = await new TestClient(t.app).begin();
    expect((await anonymous.post(`/api/program/${id}/start`, {})).statusCode).toBe(401);
  });

  it('runs one program at a time: starting another pauses the first, unless the member keeps both', async () => {
    at(wednesday);
    const a = await publicProgram(1);
    const b = await publicProgram(1);
    const m = await member(t);
    await m.client.post(`/api/program/${a.id}/start?date=${wednesday}`, {});
    await m.client.post(`/api/program/${b.id}/start?date=${wednesday}`, {});
    expect((await detail(m.client, a.id, wednesday)).follow).toMatchObject({
      status: 'paused',
      paused_on: wednesday,
    });
    expect(await todayOf(m.client, wednesday)).toMatchObject({ program: { id: b.id } });

    const both = await member(t);
    await both.client.post(`/api/program/${a.id}/start?date=${wednesday}`, {});
    await both.client.post(`/api/program/${b.id}/start?date=${wednesday}`, {
      start_date: '2026-11-27',
      keep_others: true,
    });
    expect((await detail(both.client, a.id, wednesday)).follow!.status).toBe('active');
    expect((await detail(both.client, b.id, wednesday)).follow!.status).toBe('active');
    // Today (Wednesday) only A has a session; on Friday both do and the latest started wins.
    expect(await todayOf(both.client, wednesday)).toMatchObject({ program: { id: a.id } });
    expect(await todayOf(both.client, '2026-11-27')).toMatchObject({ program: { id: b.id } });
  });
});

describe('done, missed and upcoming days from real logs', () => {
  it('marks each workout day from the member’s logs of it on its date, with adherence per week', async () => {
    at(wednesday);
    const { id } = await publicProgram();
    const m = await member(t);
    const started = (
      await m.client.post(`/api/program/${id}/start?date=${wednesday}`, {})
    ).json<ProgramDetail>();
    const [wed, fri] = started.entries;
    // Wednesday's workout done that day; Friday's done a day late does not count for Friday.
    await logged(m.user.id, wed!.workout!.id, '2026-11-25');
    await logged(m.user.id, fri!.workout!.id, '2026-11-28');
    at('2026-12-02');
    const p = await detail(m.client, id, '2026-12-02');
    expect(p.entries.map((e) => e.status)).toEqual([
      'done',
      'missed',
      'missed',
      'today',
      'upcoming',
      'upcoming',
    ]);
    expect(p.follow!.weeks).toEqual([
      { week: 1, planned: 3, done: 1, missed: 2, adherence: 33 },
      { week: 2, planned: 3, done: 0, missed: 0, adherence: null },
    ]);
    expect(p.follow!.progress).toBe(17);
    // Done today: today's session says so.
    await logged(m.user.id, p.entries[3]!.workout!.id, '2026-12-02');
    expect(await todayOf(m.client, '2026-12-02')).toMatchObject({ entry: { status: 'done' } });
    // Past its last day it is finished, and there is no session.
    expect((await detail(m.client, id, '2026-12-09')).follow!.finished).toBe(true);
    expect(await todayOf(m.client, '2026-12-09')).toBeNull();
  });

  it('never eases the author’s workout for a follower’s poor readiness', async () => {
    at(wednesday);
    const { id, author } = await publicProgram(1);
    const m = await member(t);
    await m.client.post(`/api/program/${id}/start?date=${wednesday}`, {});
    await t.database.db.insert(workoutLogs).values({
      userId: m.user.id,
      title: 'Rough day',
      source: 'manual',
      performedOn: '2026-11-24',
      energyLevel: 1,
      sleepQuality: 1,
    });
    const today = await todayOf(m.client, wednesday);
    expect(today!.adjusted).toBe(false);
    const own = await detail(author.client, id, wednesday);
    expect(own.entries[0]!.note).toBe('');
  });
});

describe('pause, resume, leave and restart', () => {
  it('pauses its days (not missed), moves them on resume, and leaves or restarts on request', async () => {
    at(wednesday);
    const { id } = await publicProgram();
    const m = await member(t);
    await m.client.post(`/api/program/${id}/start?date=${wednesday}`, {});

    at('2026-11-27');
    const paused = await m.client.post(`/api/program/${id}/pause`, { date: '2026-11-27' });
    expect(paused.statusCode).toBe(200);
    const p = paused.json<ProgramDetail>();
    expect(p.follow).toMatchObject({ status: 'paused', paused_on: '2026-11-27' });
    expect(p.entries.slice(0, 3).map((e) => e.status)).toEqual(['missed', 'paused', 'paused']);
    expect(await todayOf(m.client, '2026-11-27')).toBeNull();
    const again = await m.client.post(`/api/program/${id}/pause`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'This program is already paused. Resume it instead.',
    );

    // Resumed on Monday: Friday's session is Monday's now, and everything after moves 3 days.
    at('2026-11-30');
    const resumed = (
      await m.client.post(`/api/program/${id}/resume`, { date: '2026-11-30' })
    ).json<ProgramDetail>();
    expect(resumed.follow).toMatchObject({ status: 'active', ends_on: '2026-12-11' });
    expect(resumed.entries.map((e) => e.date)).toEqual([
      '2026-11-25',
      '2026-11-30',
      '2026-12-02',
      '2026-12-05',
      '2026-12-07',
      '2026-12-09',
    ]);
    expect(await todayOf(m.client, '2026-11-30')).toMatchObject({
      entry: { week: 1, weekday: 5, date: '2026-11-30' },
    });
    expect((await m.client.post(`/api/program/${id}/resume`, {})).statusCode).toBe(409);

    const left = (await m.client.post(`/api/program/${id}/leave`, {})).json<ProgramDetail>();
    expect(left.follow).toBeNull();
    expect(left.entries.every((e) => e.status === null)).toBe(true);
    expect(await todayOf(m.client, '2026-11-30')).toBeNull();
    const notFollowing = await m.client.post(`/api/program/${id}/leave`, {});
    expect(notFollowing.statusCode).toBe(409);
    expect(notFollowing.json<{ message: string }>().message).toBe(
      'You are not following this program. Start it first.',
    );

    // Restart: a fresh calendar from the new date, no pauses carried over.
    const restarted = (
      await m.client.post(`/api/program/${id}/start?date=2026-11-30`, {})
    ).json<ProgramDetail>();
    expect(restarted.follow).toMatchObject({ status: 'active', starts_on: '2026-11-30' });
    expect(restarted.entries[0]!.date).toBe('2026-12-02');
  });

  it('takes start, pause, resume and leave as bare POSTs: every field of their body is optional', async () => {
    at(wednesday);
    const { id } = await publicProgram();
    const m = await member(t);
    for (const action of ['start', 'pause', 'resume', 'leave'] as const) {
      const res = await m.client.post(`/api/program/${id}/${action}`);
      expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
    }
    const left = await m.client.get(`/api/program/${id}`);
    expect(left.json<ProgramDetail>().follow).toBeNull();
  });

  it('answers in Spanish when asked to', async () => {
    at(wednesday);
    const { id } = await publicProgram(1);
    const m = await member(t);
    m.client.headers['accept-language'] = 'es';
    const res = await m.client.post(`/api/program/${id}/pause`, {});
    expect(res.json<{ message: string }>().message).toBe(
      'No sigues este programa. Empiézalo primero.',
    );
  });
});

describe('today’s session, cached', () => {
  it('is answered again from the cache until a log, a follow change or the program says otherwise', async () => {
    at(wednesday);
    // The author follows their own program (generating it started it), a member the library's.
    const { id, author } = await publicProgram();
    const m = await member(t);
    await m.client.post(`/api/program/${id}/start?date=${wednesday}`, {});
    const first = await todayOf(author.client, wednesday);
    expect(first).toMatchObject({ program: { id }, entry: { status: 'today' } });
    expect(await todayOf(author.client, wednesday)).toEqual(first);
    expect(await todayOf(m.client, wednesday)).toMatchObject({ entry: { status: 'today' } });

    // Logging today's workout through the app: done on the next read.
    const log = await author.client.post(`/api/workout/${first!.entry.workout!.id}/log`, {
      energy_level: 4,
      sleep_quality: 4,
      performed_on: wednesday,
    });
    expect(log.statusCode, log.body).toBe(201);
    expect(await todayOf(author.client, wednesday)).toMatchObject({ entry: { status: 'done' } });

    // The workout renamed by its author: the followers' today shows the new title.
    await t.database.db
      .update(workouts)
      .set({ title: 'Renamed session' })
      .where(eq(workouts.id, first!.entry.workout!.id));
    t.app.ctx.changes.emit({ kind: 'workout', id: first!.entry.workout!.id });
    expect(await todayOf(m.client, wednesday)).toMatchObject({
      entry: { workout: { title: 'Renamed session' } },
    });

    // Pausing and resuming change what today shows at once.
    const act = (action: string) =>
      m.client.post(`/api/program/${id}/${action}`, { date: wednesday });
    expect((await act('pause')).statusCode).toBe(200);
    expect(await todayOf(m.client, wednesday)).toBeNull();
    expect((await act('resume')).statusCode).toBe(200);
    expect(await todayOf(m.client, wednesday)).toMatchObject({ program: { id } });

    // The author deleting the program ends it for its followers too.
    expect((await author.client.delete(`/api/program/${id}`)).statusCode).toBe(204);
    expect(await todayOf(m.client, wednesday)).toBeNull();
    expect(await todayOf(author.client, wednesday)).toBeNull();
  });
});
