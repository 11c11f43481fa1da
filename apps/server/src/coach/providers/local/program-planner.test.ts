import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equipmentTypes } from '@fitcoach/shared/exercises';
import { sportTypes, workoutGoals } from '@fitcoach/shared/profile';
import { workoutInputSchema } from '@fitcoach/shared/workouts';
import { exclusionsFromMemories } from './memory-exclusions';
import { deloadWeeks, planProgram, weeklySplit, type ProgramInput } from './program-planner';
import {
  BOOKEND_STEP,
  hasEquipment,
  liftingRepRanges,
  localSessionPlanner,
  startingLoad,
} from './session-planner';
import { groupSeconds, itemWorkSeconds } from './session-time';
import { seedCatalogue } from './session-test-catalogue';
import { COOL_DOWN_PREFIX, WARM_UP_PREFIX } from './session-types';

const byId = new Map(seedCatalogue.map((e) => [e.id, e]));

const programArb = fc.record({
  goal: fc.constantFrom(...workoutGoals),
  minutes: fc.integer({ min: 10, max: 180 }),
  frequency: fc.integer({ min: 1, max: 7 }),
  weeks: fc.integer({ min: 1, max: 12 }),
  sportType: fc.constantFrom(...sportTypes),
  equipment: fc.option(fc.uniqueArray(fc.constantFrom(...equipmentTypes), { maxLength: 8 }), {
    nil: null,
  }),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  knee: fc.boolean(),
  startWeekday: fc.integer({ min: 1, max: 7 }),
});
type Req = typeof programArb extends fc.Arbitrary<infer T> ? T : never;

function input(r: Req): ProgramInput {
  return {
    goal: r.goal,
    minutes: r.minutes,
    frequency: r.frequency,
    weeks: r.weeks,
    sportType: r.sportType,
    equipment: r.equipment,
    seed: r.seed,
    level: 'intermediate',
    exclusions: exclusionsFromMemories(r.knee ? [{ kind: 'injury', fact: 'bad knee' }] : []),
    startWeekday: r.startWeekday,
  };
}

type G = {
  notes: string;
  exercises: {
    exercise_id: number;
    reps: number | null;
    weight: number | null;
    duration_seconds: number | null;
    rest_seconds: number;
    sets: number;
  }[];
  rest_seconds: number;
};
const mainGroups = (groups: G[]) =>
  groups.filter(
    (g) => !g.notes.startsWith(WARM_UP_PREFIX) && !g.notes.startsWith(COOL_DOWN_PREFIX),
  );
const primaries = (groups: G[]) =>
  new Set(
    mainGroups(groups).flatMap((g) =>
      g.exercises.flatMap((e) =>
        byId.get(e.exercise_id)!.primaryMuscles.filter((m) => m !== 'heart'),
      ),
    ),
  );
/** A program day's number from its start (day 0), weeks running from the start's weekday. */
const dayNumberFrom = (start: number) => (week: number, weekday: number) =>
  (week - 1) * 7 + ((weekday - start + 7) % 7);

describe('planProgram (engine local)', () => {
  it('plans weeks × frequency sessions that rest muscles 48 h, fit the session length, equipment and limits', () => {
    fc.assert(
      fc.property(programArb, (r) => {
        const plan = planProgram(input(r), seedCatalogue, localSessionPlanner);
        const dayNumber = dayNumberFrom(r.startWeekday);
        expect(plan.sessions).toHaveLength(r.weeks * r.frequency);
        // The first session is on the start day: nothing is due before the program began.
        expect(plan.sessions[0]).toMatchObject({ week: 1, weekday: r.startWeekday });
        for (let week = 1; week <= r.weeks; week++) {
          const inWeek = plan.sessions.filter((s) => s.week === week);
          expect(inWeek).toHaveLength(r.frequency);
          expect(new Set(inWeek.map((s) => s.weekday)).size).toBe(r.frequency);
        }
        const ordered = [...plan.sessions].sort(
          (a, b) => dayNumber(a.week, a.weekday) - dayNumber(b.week, b.weekday),
        );
        ordered.forEach((s, i) => {
          const w = s.session.workout;
          expect(workoutInputSchema.safeParse(w).success).toBe(true);
          const seconds = w.groups.reduce((sum, g) => sum + groupSeconds(g), 0);
          expect(Math.abs(seconds - r.minutes * 60)).toBeLessThanOrEqual(r.minutes * 6);
          for (const g of w.groups)
            for (const e of g.exercises) {
              const ex = byId.get(e.exercise_id)!;
              expect(hasEquipment(ex, r.equipment)).toBe(true);
              if (r.knee) expect(ex.name).not.toMatch(/squat|lunge|jump/i);
            }
          // Every week, peak and deload included: lifting reps keep to the aim, lifts with an
          // implement carry a starting load, warm-up and cool-down run in quarter-minutes.
          for (const g of w.groups) {
            const main = mainGroups([g]).length === 1;
            for (const e of g.exercises) {
              if (!main) expect(e.duration_seconds! % BOOKEND_STEP).toBe(0);
              else if (e.reps !== null) {
                expect(e.weight).toBe(startingLoad(byId.get(e.exercise_id)!, 'kg'));
              }
              if (main && r.goal === 'weight_lifting' && e.reps !== null) {
                const aim = g.notes.startsWith('Strength') ? 'strength' : 'hypertrophy';
                expect(g.notes).toMatch(/^(Strength|Muscle growth)/);
                expect(e.reps).toBeGreaterThanOrEqual(liftingRepRanges[aim][0]);
                expect(e.reps).toBeLessThanOrEqual(liftingRepRanges[aim][1]);
              }
            }
          }
          const next = ordered[i + 1];
          if (next && dayNumber(next.week, next.weekday) - dayNumber(s.week, s.weekday) < 2) {
            const a = primaries(w.groups);
            const shared = [...primaries(next.session.workout.groups)].filter((m) => a.has(m));
            expect(shared).toEqual([]);
          }
        });
        // The same split every week, the last day of a week → the first of the next included.
        const last = ((r.startWeekday + 5) % 7) + 1;
        const days = plan.split.map((d) => d.weekday);
        if (days.includes(last) && days.includes(r.startWeekday) && r.weeks > 1) {
          const sun = plan.sessions.find((s) => s.week === 1 && s.weekday === last)!;
          const mon = plan.sessions.find((s) => s.week === 2 && s.weekday === r.startWeekday)!;
          const a = primaries(sun.session.workout.groups);
          expect([...primaries(mon.session.workout.groups)].filter((m) => a.has(m))).toEqual([]);
        }
      }),
      { numRuns: 150, seed: 20261123 },
    );
  });

  it('overloads week to week and deloads every fourth week in plans of 6+ weeks', () => {
    fc.assert(
      fc.property(
        programArb.map((r) => ({
          ...r,
          weeks: 4 + (r.weeks % 6),
          frequency: 1 + (r.frequency % 3),
        })),
        (r) => {
          const plan = planProgram(input(r), seedCatalogue, localSessionPlanner);
          expect(plan.deloadWeeks).toEqual(deloadWeeks(r.weeks));
          expect(plan.deloadWeeks.length > 0).toBe(r.weeks >= 6);
          const firstWeekday = plan.sessions[0]!.weekday;
          const slot = plan.sessions.filter((s) => s.weekday === firstWeekday);
          const firstBlock = (i: number) => {
            const groups = mainGroups(slot[i]!.session.workout.groups);
            // Steady efforts stretch to fill the time; the progression shows in repeated work.
            return (
              groups.find((g) => g.exercises.some((e) => e.sets > 1 || e.rest_seconds > 0)) ??
              groups[0]!
            );
          };
          const perSet = (g: G) => g.exercises.map((e) => itemWorkSeconds(e as never));
          const rests = (g: G) => [...g.exercises.map((e) => e.rest_seconds), g.rest_seconds];
          let strict = false;
          for (let i = 1; i < slot.length; i++) {
            const prev = firstBlock(i - 1);
            const cur = firstBlock(i);
            if (
              prev.exercises.map((e) => e.exercise_id).join() !==
              cur.exercises.map((e) => e.exercise_id).join()
            )
              continue;
            const p = perSet(prev);
            const c = perSet(cur);
            const pr = rests(prev);
            const cr = rests(cur);
            if (slot[i]!.deload) {
              // Lighter: less work per set or more rest, never more work for less rest.
              expect(c.some((v, k) => v < p[k]!) || cr.some((v, k) => v > pr[k]!)).toBe(true);
            } else if (!slot[i - 1]!.deload) {
              c.forEach((v, k) => expect(v).toBeGreaterThanOrEqual(p[k]!));
              cr.forEach((v, k) => expect(v).toBeLessThanOrEqual(pr[k]!));
              if (c.some((v, k) => v > p[k]!) || cr.some((v, k) => v < pr[k]!)) strict = true;
            }
          }
          const builds = slot.filter((s) => !s.deload).length;
          if (builds >= 3 && r.goal !== 'tabata') expect(strict).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('turns the week so it starts on the start day, with the same sessions and exercises', () => {
    const base = { ...input(fc.sample(programArb, { seed: 7, numRuns: 1 })[0]!), weeks: 2 };
    const monday = planProgram({ ...base, startWeekday: 1 }, seedCatalogue, localSessionPlanner);
    const wednesday = planProgram({ ...base, startWeekday: 3 }, seedCatalogue, localSessionPlanner);
    expect(wednesday.sessions.map((s) => s.session)).toEqual(monday.sessions.map((s) => s.session));
    expect(wednesday.sessions.map((s) => s.weekday)).toEqual(
      monday.sessions.map((s) => ((s.weekday + 1) % 7) + 1),
    );
  });

  it('names a one-week program in the singular in Spanish, and longer ones in the plural', () => {
    const base = {
      ...input(fc.sample(programArb, { seed: 7, numRuns: 1 })[0]!),
      goal: 'hiit' as const,
    };
    const title = (weeks: number) =>
      planProgram({ ...base, weeks, locale: 'es' }, seedCatalogue, localSessionPlanner).title;
    expect(title(1)).toBe('Programa de HIIT de 1 semana');
    expect(title(4)).toBe('Programa de HIIT de 4 semanas');
    expect(
      planProgram({ ...base, weeks: 1, locale: 'en' }, seedCatalogue, localSessionPlanner).title,
    ).toBe('1-week HIIT program');
  });

  it('uses a split whose neighbouring days never share muscles, for every frequency and goal', () => {
    for (const goal of workoutGoals)
      for (let f = 1; f <= 7; f++) {
        const split = weeklySplit(f, goal);
        expect(split).toHaveLength(f);
        const week = [...split, ...split.map((d) => ({ ...d, weekday: d.weekday + 7 }))];
        for (let i = 0; i + 1 < week.length; i++) {
          const a = week[i]!;
          const b = week[i + 1]!;
          if (b.weekday - a.weekday >= 2) continue;
          expect(a.focus).not.toBeNull();
          expect([...a.focus!].filter((m) => b.focus!.has(m))).toEqual([]);
        }
      }
  });
});
