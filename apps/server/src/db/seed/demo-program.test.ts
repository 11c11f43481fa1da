import { addDays } from '@fitcoach/shared/program-schedule';
import type { ProgramDetail, ProgramList, ProgramToday } from '@fitcoach/shared/programs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay, ManualClock } from '../../lib/clock';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import {
  DEMO_PROGRAM_TITLE,
  DEMO_START_DAYS_AGO,
  demoFollowPlan,
  demoProgramDays,
  seedDemoProgram,
} from './demo-program';
import { DEMO_PASSWORD } from './demo-users';
import { seedDatabase } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.database.db, { demo: true, force: true });
});
afterAll(async () => {
  await t.close();
});

async function signIn(email: string): Promise<TestClient> {
  const client = await new TestClient(t.app).begin();
  const res = await client.post('/api/auth/sign_in', { email, password: DEMO_PASSWORD });
  expect(res.statusCode).toBe(200);
  return client;
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = await t.database.db.execute(query);
  return (result as { rows: { n: number }[] }).rows[0]!.n;
}

/** Maya's view of the demo program on `date`, found in her program list. */
async function mayaOn(date: string) {
  const maya = await signIn('maya@example.com');
  const list = (await maya.get('/api/program')).json<ProgramList>();
  const found = list.items.filter((p) => p.title === DEMO_PROGRAM_TITLE);
  expect(found).toHaveLength(1);
  const detail = (
    await maya.get(`/api/program/${found[0]!.id}?date=${date}`)
  ).json<ProgramDetail>();
  const today = (await maya.get(`/api/program/today?date=${date}`)).json<ProgramToday>();
  return { summary: found[0]!, detail, today };
}

const statusCount = (d: ProgramDetail, status: string) =>
  d.entries.filter((e) => e.status === status).length;

describe('the demo program', () => {
  it('leaves some past sessions done and exactly one missed on any seeding weekday', () => {
    for (let k = 0; k < 7; k += 1) {
      const today = addDays('2026-03-02', k);
      const plan = demoFollowPlan(today);
      expect(plan.startsOn).toBe(addDays(today, -DEMO_START_DAYS_AGO));
      expect(plan.done.length).toBeGreaterThanOrEqual(4);
      for (const d of [...plan.done, plan.missed]) {
        expect(d.date >= plan.startsOn && d.date < today).toBe(true);
      }
      expect(plan.done).not.toContainEqual(plan.missed);
    }
    // Five library sessions a week, never on Wednesday or Sunday.
    const days = demoProgramDays();
    expect(days).toHaveLength(20);
    expect(new Set(days.map((d) => d.weekday))).toEqual(new Set([1, 2, 4, 5, 6]));
  });

  it('is Casey’s public 4-week program, which Maya follows from ten days ago with real logs', async () => {
    const today = isoDay(new Date());
    const plan = demoFollowPlan(today);
    const { summary, detail, today: session } = await mayaOn(today);
    expect(summary).toMatchObject({
      owner: { name: 'Casey Coach' },
      visibility: 'public',
      weeks: 4,
      sessions_per_week: 5,
      is_mine: false,
    });
    expect(detail.follow).toMatchObject({ status: 'active', starts_on: plan.startsOn });
    expect(statusCount(detail, 'done')).toBe(plan.done.length);
    expect(statusCount(detail, 'missed')).toBe(1);
    expect(detail.entries.find((e) => e.status === 'missed')?.date).toBe(plan.missed.date);
    expect(detail.follow!.weeks[0]!.adherence).toBeLessThan(100);
    // Today's session on the home page whenever today is one of its five days.
    const todays = detail.entries.find((e) => e.date === today);
    if (todays) {
      expect(session?.program.title).toBe(DEMO_PROGRAM_TITLE);
      expect(session?.entry.workout?.title).toBe(todays.workout?.title);
    } else {
      expect(session).toBeNull();
    }

    // Seeding again adds nothing, whatever the day.
    await seedDatabase(t.database.db, { demo: true, force: true });
    expect(await seedDemoProgram(t.app.db, new ManualClock('2030-01-01T12:00:00Z'))).toBe(false);
    expect(
      await count(sql`select count(*)::int as n from programs where title = ${DEMO_PROGRAM_TITLE}`),
    ).toBe(1);
  });

  it('dates everything from the injected clock’s day', async () => {
    // As if the seed first ran on a Thursday in March 2026: started Monday 2 March.
    await t.database.db.execute(sql`delete from app_meta where key = 'demo_program_seeded'`);
    await t.database.db.execute(sql`delete from programs where title = ${DEMO_PROGRAM_TITLE}`);
    const day = '2026-03-12';
    expect(await seedDemoProgram(t.app.db, new ManualClock(`${day}T08:00:00Z`))).toBe(true);

    const { detail, today } = await mayaOn(day);
    expect(detail.follow?.starts_on).toBe('2026-03-02');
    expect(detail.today).toEqual({ week: 2, weekday: 4 });
    // Mon 2 to Wed 11 March: strength, intervals, push, pull, row (week 1), strength and
    // intervals (week 2); the intervals on Tuesday 3 March were skipped.
    expect(
      detail.entries
        .filter((e) => e.status === 'done' || e.status === 'missed')
        .map((e) => [e.date, e.status]),
    ).toEqual([
      ['2026-03-02', 'done'],
      ['2026-03-03', 'missed'],
      ['2026-03-05', 'done'],
      ['2026-03-06', 'done'],
      ['2026-03-07', 'done'],
      ['2026-03-09', 'done'],
      ['2026-03-10', 'done'],
    ]);
    expect(today).toMatchObject({
      program: { title: DEMO_PROGRAM_TITLE },
      entry: {
        date: day,
        status: 'today',
        workout: { title: 'Push day: chest, shoulders and triceps' },
      },
    });
    // The logs are Maya's own, dated on the days she trained.
    expect(
      await count(sql`select count(*)::int as n from workout_logs l join users u on u.id = l.user_id
        where u.email = 'maya@example.com' and l.performed_on between '2026-03-02' and '2026-03-11'`),
    ).toBe(6);
  });
});
