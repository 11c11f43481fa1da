import { addDays, followDate } from '@fitcoach/shared/program-schedule';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../client';
import { users } from '../schema/accounts';
import { appMeta } from '../schema/app-meta';
import { programEntries, programFollows, programs } from '../schema/coach';
import { workoutLogs } from '../schema/workout-logs';
import { workouts } from '../schema/workouts';
import { recountTotals } from '../../features/workout-logs/workout-logs.service';
import { isoDay, systemClock, type Clock } from '../../lib/clock';

/** Written once, ever: a demo program its coach changed, or Maya left, is not brought back. */
const DEMO_PROGRAM_KEY = 'demo_program_seeded';

export const DEMO_PROGRAM_TITLE = 'Four-week strength and conditioning';
const WEEKS = 4;
/** Maya started it this many days before the seed ran: a week and a half in. */
export const DEMO_START_DAYS_AGO = 10;

/**
 * The program's week (ISO weekday → library workout): strength, intervals, push, pull and an
 * easy aerobic day, resting on Wednesday and Sunday; week 4 swaps the intervals for an easy
 * walk and spin (a lighter week before the next block).
 */
const WEEK: readonly { weekday: number; slug: string }[] = [
  { weekday: 1, slug: 'barbell-strength-5x5' },
  { weekday: 2, slug: 'twenty-minute-hiit-circuit' },
  { weekday: 4, slug: 'push-day-hypertrophy' },
  { weekday: 5, slug: 'pull-day-hypertrophy' },
  { weekday: 6, slug: 'steady-state-row-and-ride' },
];
const LIGHT_WEEK_SWAP = { weekday: 2, slug: 'incline-walk-and-easy-spin' };

export interface DemoProgramDay {
  week: number;
  weekday: number;
  slug: string;
}

/** Every workout day of the demo program, week by week. */
export function demoProgramDays(): DemoProgramDay[] {
  return Array.from({ length: WEEKS }, (_, k) => k + 1).flatMap((week) =>
    WEEK.map((d) =>
      week === WEEKS && d.weekday === LIGHT_WEEK_SWAP.weekday
        ? { week, ...LIGHT_WEEK_SWAP }
        : { week, ...d },
    ),
  );
}

export interface DemoFollowPlan {
  startsOn: string;
  /** The program days before `today` Maya logged, with their dates. */
  done: (DemoProgramDay & { date: string })[];
  /** The one she skipped: the second session of her first week. */
  missed: DemoProgramDay & { date: string };
}

/**
 * Maya's calendar on the seeding day: started `DEMO_START_DAYS_AGO` days before it, every past
 * session logged on its date but the second. Ten days always hold at least six sessions (five
 * a week), so some are done and one is missed whatever weekday the seed runs on.
 */
export function demoFollowPlan(today: string): DemoFollowPlan {
  const startsOn = addDays(today, -DEMO_START_DAYS_AGO);
  const past = demoProgramDays()
    .map((d) => ({ ...d, date: followDate({ startsOn, pauses: [] }, d.week, d.weekday) }))
    .filter((d) => d.date < today)
    .sort((a, b) => a.date.localeCompare(b.date));
  const missed = past[1]!;
  return { startsOn, done: past.filter((d) => d !== missed), missed };
}

/**
 * The demo's library program (issue 13): Casey Coach's four-week program, public, which Maya
 * follows from ten days before the seed ran, with real logs on the days she trained (one
 * session missed). Dates count from `clock`'s day, so the demo is always mid-program. Runs in
 * the seed's transaction after the demo members and their social data exist.
 */
export async function seedDemoProgram(db: Executor, clock: Clock = systemClock): Promise<boolean> {
  const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_PROGRAM_KEY));
  if (meta) return false;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['coach@example.com', 'maya@example.com']));
  const coach = people.find((p) => p.email === 'coach@example.com')?.id;
  const maya = people.find((p) => p.email === 'maya@example.com')?.id;
  const days = demoProgramDays();
  const library = await db
    .select({ id: workouts.id, slug: workouts.slug, title: workouts.title })
    .from(workouts)
    .where(
      and(isNull(workouts.ownerId), inArray(workouts.slug, [...new Set(days.map((d) => d.slug))])),
    );
  const workoutOf = new Map(library.map((w) => [w.slug, w]));
  if (coach === undefined || maya === undefined || days.some((d) => !workoutOf.has(d.slug))) {
    return false;
  }

  const today = isoDay(clock.now());
  const plan = demoFollowPlan(today);
  const [program] = await db
    .insert(programs)
    .values({
      ownerId: coach,
      title: DEMO_PROGRAM_TITLE,
      description:
        'Five sessions a week: heavy barbell work on Monday, intervals on Tuesday, push and pull ' +
        'days, and an easy aerobic Saturday. Week 4 is lighter so you finish fresh.',
      goal: 'weight_lifting',
      level: 'intermediate',
      weeks: WEEKS,
      visibility: 'public',
      // A library program has no dates of its own: each follower's start gives them.
      startsOn: null,
      createdAt: new Date(`${addDays(plan.startsOn, -7)}T09:00:00Z`),
    })
    .returning({ id: programs.id });
  const programId = program!.id;
  await db.insert(programEntries).values(
    days.map((d) => ({
      programId,
      week: d.week,
      weekday: d.weekday,
      workoutId: workoutOf.get(d.slug)!.id,
    })),
  );
  // Maya follows it; anything else she followed waits (one program at a time).
  await db
    .update(programFollows)
    .set({ status: 'paused', pausedOn: plan.startsOn })
    .where(and(eq(programFollows.userId, maya), eq(programFollows.status, 'active')));
  await db.insert(programFollows).values({
    userId: maya,
    programId,
    startsOn: plan.startsOn,
    createdAt: new Date(`${plan.startsOn}T07:00:00Z`),
  });

  // Her logs of the days she trained, on those days; one she already has is not doubled.
  const existing = await db
    .select({ workoutId: workoutLogs.workoutId, on: workoutLogs.performedOn })
    .from(workoutLogs)
    .where(eq(workoutLogs.userId, maya));
  const had = new Set(existing.map((l) => `${l.workoutId}@${l.on}`));
  const logs = plan.done
    .map((d) => ({ d, workout: workoutOf.get(d.slug)! }))
    .filter(({ d, workout }) => !had.has(`${workout.id}@${d.date}`))
    .map(({ d, workout }, i) => ({
      userId: maya,
      workoutId: workout.id,
      title: workout.title,
      source: 'workout' as const,
      performedOn: d.date,
      durationSeconds: (45 + (i % 3) * 5) * 60,
      note: '',
      energyLevel: 4,
      sleepQuality: 4 - (i % 2),
      createdAt: new Date(`${d.date}T18:30:00Z`),
    }));
  if (logs.length > 0) await db.insert(workoutLogs).values(logs);
  await recountTotals(db, maya);
  await db.insert(appMeta).values({ key: DEMO_PROGRAM_KEY, value: String(programId) });
  return true;
}
