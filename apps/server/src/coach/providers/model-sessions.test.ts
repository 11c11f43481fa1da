import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { workoutGoals } from '@fitcoach/shared/profile';
import { workoutInputSchema } from '@fitcoach/shared/workouts';
import { excludedBy, exclusionsFromMemories } from './local/memory-exclusions';
import { mainCandidates, planSession } from './local/session-planner';
import { groupSeconds } from './local/session-time';
import { seedCatalogue } from './local/session-test-catalogue';
import { COOL_DOWN_PREFIX, WARM_UP_PREFIX, type SessionInput } from './local/session-types';
import { applySwaps } from './model-sessions';

const byId = new Map(seedCatalogue.map((e) => [e.id, e]));
const isMain = (notes: string) =>
  !notes.startsWith(WARM_UP_PREFIX) && !notes.startsWith(COOL_DOWN_PREFIX);

const knee = exclusionsFromMemories([{ kind: 'injury', fact: 'I hurt my left knee skiing' }]);

function inputOf(goal: SessionInput['goal'], minutes: number, seed: number, hurt: boolean) {
  return {
    goal,
    minutes,
    sportType: 'soccer' as const,
    equipment: null,
    seed,
    level: 'intermediate' as const,
    exclusions: hurt ? knee : [],
    focus: null,
    intensity: 0.5,
    deload: false,
  };
}

describe('applySwaps', () => {
  it('keeps the session’s time, structure and bookends, with any choice from the candidates', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...workoutGoals),
        fc.integer({ min: 15, max: 90 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.boolean(),
        (goal, minutes, seed, hurt) => {
          const input = inputOf(goal, minutes, seed, hurt);
          const session = planSession(input, seedCatalogue);
          const pool = mainCandidates(input, seedCatalogue);
          // Whatever a model picks from the pool, kind for kind and each once.
          const slots = [
            ...new Set(
              session.workout.groups
                .filter((g) => isMain(g.notes))
                .flatMap((g) => g.exercises.map((e) => e.exercise_id)),
            ),
          ];
          const taken = new Set<number>();
          const swaps = new Map<number, number>();
          for (const id of slots) {
            const kind = byId.get(id)!.kind;
            const choice = pool.find(
              (e) => e.kind === kind && !taken.has(e.id) && (e.id * 7 + seed) % 3 === 0,
            );
            const to = choice ?? byId.get(id)!;
            if (taken.has(to.id)) continue;
            taken.add(to.id);
            swaps.set(id, to.id);
          }
          const swapped = applySwaps(session, swaps, seedCatalogue);
          expect(workoutInputSchema.safeParse(swapped.workout).success).toBe(true);
          const seconds = (s: typeof session) =>
            s.workout.groups.reduce((sum, g) => sum + groupSeconds(g), 0);
          expect(seconds(swapped)).toBe(seconds(session));
          const inPool = new Set(pool.map((e) => e.id));
          swapped.workout.groups.forEach((g, k) => {
            const before = session.workout.groups[k]!;
            if (!isMain(g.notes)) {
              expect(g).toEqual(before);
              return;
            }
            const ids = g.exercises.map((e) => e.exercise_id);
            expect(new Set(ids).size).toBe(
              new Set(before.exercises.map((e) => e.exercise_id)).size,
            );
            g.exercises.forEach((e, i) => {
              const was = before.exercises[i]!;
              expect(inPool.has(e.exercise_id)).toBe(true);
              expect(byId.get(e.exercise_id)!.kind).toBe(byId.get(was.exercise_id)!.kind);
              if (hurt) expect(excludedBy(byId.get(e.exercise_id)!, knee)).toBeUndefined();
              expect([e.sets, e.reps, e.duration_seconds, e.rest_seconds]).toEqual([
                was.sets,
                was.reps,
                was.duration_seconds,
                was.rest_seconds,
              ]);
            });
          });
        },
      ),
      { numRuns: 300, seed: 20_260_101 },
    );
  });

  it('names the new exercises in notes that listed the old ones', () => {
    const input = inputOf('crossfit', 30, 4, false);
    const session = planSession(input, seedCatalogue);
    const group = session.workout.groups.find((g) => isMain(g.notes) && g.exercises.length >= 2)!;
    const from = byId.get(group.exercises[0]!.exercise_id)!;
    expect(group.notes).toContain(from.name);
    const used = new Set(
      session.workout.groups.flatMap((g) => g.exercises.map((e) => e.exercise_id)),
    );
    const to = mainCandidates(input, seedCatalogue).find(
      (e) => e.kind === from.kind && !used.has(e.id),
    )!;
    const swapped = applySwaps(session, new Map([[from.id, to.id]]), seedCatalogue);
    const after = swapped.workout.groups[session.workout.groups.indexOf(group)]!;
    expect(after.notes).toContain(to.name);
    expect(after.notes).not.toContain(from.name);
  });

  it('gives an exercise a later week adds the place of the one the model let go', () => {
    const input = inputOf('weight_lifting', 40, 2, false);
    const session = planSession(input, seedCatalogue);
    const [a, b] = session.workout.groups
      .filter((g) => isMain(g.notes))
      .map((g) => g.exercises[0]!.exercise_id);
    // The template's day had only `a`; the model chose `b` for it. A week that also has `b`
    // gets `a` in b's place, never `b` twice.
    const swapped = applySwaps(session, new Map([[a!, b!]]), seedCatalogue);
    const ids = swapped.workout.groups
      .filter((g) => isMain(g.notes))
      .map((g) => g.exercises[0]!.exercise_id);
    expect(ids.slice(0, 2)).toEqual([b, a]);
  });
});
