import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { workoutGoals } from '@fitcoach/shared/profile';
import { workoutInputSchema } from '@fitcoach/shared/workouts';
import { adaptSession, assessReadiness } from './readiness';
import { planSession } from './session-planner';
import { groupWorkSeconds } from './session-time';
import { seedCatalogue } from './session-test-catalogue';

const today = '2026-11-23';
const log = (performedOn: string, energyLevel: number, sleepQuality: number) => ({
  performedOn,
  energyLevel,
  sleepQuality,
});

describe('assessReadiness', () => {
  it('leaves a session alone after good logs and no missed sessions', () => {
    expect(
      assessReadiness({ recentLogs: [log('2026-11-22', 4, 4)], missedSessions: 0, today }),
    ).toEqual({ volume: 1, reason: '' });
  });
  it('eases it after low energy, poor sleep or missed sessions, saying why', () => {
    const energy = assessReadiness({
      recentLogs: [log('2026-11-22', 2, 4)],
      missedSessions: 0,
      today,
    });
    expect(energy.volume).toBeLessThan(1);
    expect(energy.reason).toMatch(/energy was low/);
    const both = assessReadiness({
      recentLogs: [log('2026-11-22', 1, 1)],
      missedSessions: 2,
      today,
    });
    expect(both.volume).toBeLessThan(energy.volume);
    expect(both.reason).toMatch(/energy was low.*slept poorly.*missed 2 program sessions/);
  });
  it('treats a game today or yesterday as a hard session, and an older one not', () => {
    const yesterday = assessReadiness({
      recentLogs: [log('2026-11-22', 4, 4)],
      missedSessions: 0,
      recentGameDays: ['2026-11-22'],
      today,
    });
    expect(yesterday.volume).toBe(0.75);
    expect(yesterday.reason).toMatch(/played a game yesterday/);
    const sameDay = assessReadiness({
      recentLogs: [],
      missedSessions: 0,
      recentGameDays: ['2026-11-22', '2026-11-23'],
      today,
      locale: 'es',
    });
    expect(sameDay.reason).toMatch(/hoy jugaste un partido/);
    expect(
      assessReadiness({
        recentLogs: [],
        missedSessions: 0,
        recentGameDays: ['2026-11-20', '2026-11-25'],
        today,
      }),
    ).toEqual({ volume: 1, reason: '' });
  });
  it('says why in the member’s language', () => {
    const reason = (missedSessions: number, locale: 'en' | 'es') =>
      assessReadiness({ recentLogs: [log('2026-11-22', 1, 1)], missedSessions, today, locale })
        .reason;
    expect(reason(2, 'es')).toBe(
      'La sesión de hoy es más suave (alrededor de un 60 % menos de volumen y descansos más largos) porque tu energía fue baja en la última sesión, dormiste mal antes de tu última sesión y te saltaste 2 sesiones del programa en las dos últimas semanas.',
    );
    expect(reason(1, 'es')).toMatch(/y te saltaste una sesión del programa/);
    expect(reason(1, 'en')).toMatch(
      /^Eased today’s session .* because your energy was low last session, you slept poorly before your last session, and you missed a program session/,
    );
  });
  it('ignores logs older than a week', () => {
    expect(
      assessReadiness({ recentLogs: [log('2026-11-01', 1, 1)], missedSessions: 0, today }).volume,
    ).toBe(1);
  });
});

describe('adaptSession', () => {
  it('never raises volume and keeps a valid workout for any goal, rating and language', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...workoutGoals),
        fc.constantFrom('en' as const, 'es' as const),
        fc.integer({ min: 10, max: 120 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 4 }),
        (goal, locale, minutes, energy, sleep, missed) => {
          const plan = planSession(
            {
              goal,
              minutes,
              sportType: 'tennis',
              equipment: null,
              seed: minutes,
              level: 'intermediate',
              exclusions: [],
              focus: null,
              intensity: 0.5,
              deload: false,
              locale,
            },
            seedCatalogue,
          );
          const r = assessReadiness({
            recentLogs: [log('2026-11-22', energy, sleep)],
            missedSessions: missed,
            today,
            locale,
          });
          const adapted = adaptSession(plan.workout, r);
          expect(workoutInputSchema.safeParse(adapted).success).toBe(true);
          const before = plan.workout.groups.reduce((s, g) => s + groupWorkSeconds(g), 0);
          const after = adapted.groups.reduce((s, g) => s + groupWorkSeconds(g), 0);
          expect(after).toBeLessThanOrEqual(before);
          // The warm-up and cool-down are told apart in either language and stay as planned.
          expect(adapted.groups[0]).toEqual(plan.workout.groups[0]);
          expect(adapted.groups.at(-1)).toEqual(plan.workout.groups.at(-1));
          const eased = energy <= 2 || sleep <= 2 || missed > 0;
          expect(r.volume < 1).toBe(eased);
          expect(r.reason !== '').toBe(eased);
          for (const g of adapted.groups)
            if (g.notes.startsWith('Tabata'))
              expect(g.exercises[0]).toMatchObject({
                sets: 8,
                duration_seconds: 20,
                rest_seconds: 10,
              });
        },
      ),
      { numRuns: 300 },
    );
  });
});
