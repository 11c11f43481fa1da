import type { ExerciseKind } from '@fitcoach/shared/exercises';
import { sportTypeLabels, workoutGoalLabels } from '@fitcoach/shared/profile';
import { z } from 'zod';
import { mainCandidates } from './local/session-planner';
import { mixSeed, seededRandom, shuffled } from './local/session-random';
import {
  isBookendNotes,
  type CatalogueExercise,
  type PlannedSession,
  type SessionInput,
} from './local/session-types';
import { idsOutside, type AiFailure, type AiIssue, type OpenAiProvider } from './openai';

/**
 * The `openai` engine's part in workouts and programs: the local planner plans the session
 * (structure, sets, reps, rest, durations, warm-up and cool-down, so length and rest rules hold
 * by construction), then the model chooses which exercise fills each of the main part's slots,
 * only from that day's candidates (the local planner's own pool: equipment, memory exclusions,
 * the day's focus, the goal) and only of the slot's kind, so reps stay reps and timed stays
 * timed and the session's time is unchanged. A program asks once, for its weekly template
 * (week 1's days); the same choices then carry through the later weeks' progression and deloads.
 */

/** Per list: enough choice for a model, short enough for a small model's context. */
const MAX_CANDIDATES = 40;

/** One day to re-pick: the local plan and what it was planned from. */
export interface DayToPick {
  /** Shown to the model, e.g. "Full body A". */
  name: string;
  input: Pick<
    SessionInput,
    'goal' | 'equipment' | 'exclusions' | 'focus' | 'seed' | 'minutes' | 'sportType'
  >;
  session: PlannedSession;
}

/** A day's choices: the local planner's exercise id → the model's. */
export type ExerciseSwaps = ReadonlyMap<number, number>;

export type SessionPicks =
  { ok: true; swaps: ExerciseSwaps[]; repaired: boolean } | { ok: false; failure: AiFailure };

interface Slot {
  exerciseId: number;
  kind: ExerciseKind;
  /** The group's note: what the slot is for (e.g. "Strength: 5 reps, 180 s rest…"). */
  purpose: string;
}

const isMain = (notes: string) => !isBookendNotes(notes);

/** The main part's distinct exercises, in order: each is one slot the model fills. */
function slotsOf(session: PlannedSession, byId: ReadonlyMap<number, CatalogueExercise>): Slot[] {
  const seen = new Set<number>();
  const slots: Slot[] = [];
  for (const group of session.workout.groups) {
    if (!isMain(group.notes)) continue;
    for (const item of group.exercises) {
      const e = byId.get(item.exercise_id);
      if (!e || seen.has(e.id)) continue;
      seen.add(e.id);
      slots.push({ exerciseId: e.id, kind: e.kind, purpose: group.notes });
    }
  }
  return slots;
}

const listName = (day: number, kind: ExerciseKind) =>
  `day${day}_${kind === 'timed' ? 'timed' : 'reps'}`;

const describe = (e: CatalogueExercise) => {
  const muscles = e.primaryMuscles.filter((m) => m !== 'heart').join('/');
  return muscles ? `${e.name} (${muscles})` : e.name;
};

/** The day's candidates of one kind: the local picks first, then a seeded sample of the rest. */
function candidatesFor(
  pool: readonly CatalogueExercise[],
  kind: ExerciseKind,
  picked: readonly number[],
  seed: number,
): CatalogueExercise[] {
  const ofKind = pool.filter((e) => e.kind === kind);
  const first = ofKind.filter((e) => picked.includes(e.id));
  const rest = shuffled(
    ofKind.filter((e) => !picked.includes(e.id)),
    seededRandom(mixSeed(seed, 7)),
  );
  return [...first, ...rest].slice(0, Math.max(MAX_CANDIDATES, first.length));
}

const answerSchema = z.object({
  days: z
    .array(
      z.object({
        day: z.number().int().min(1),
        /** One per slot, in slot order. */
        exercise_ids: z.array(z.number().int()),
      }),
    )
    .min(1),
});
type Answer = z.infer<typeof answerSchema>;

const SYSTEM = [
  'You are the exercise selector of FitCoach, a fitness app.',
  'FitCoach has already planned each session: its structure, sets, reps, rest and timing.',
  'You only choose which exercise fills each slot of the main part, by id, from the candidate list named for that slot.',
  'Choose exercises that suit the slot’s purpose and the goal, balance muscle groups across the day,',
  'put compound lifts in the first slots of strength work, and never use one exercise twice in a day.',
  'Answer with JSON only.',
].join(' ');

/** Asks the model to fill the days' slots; the answer is checked slot by slot. */
export async function pickSessionExercises(
  model: OpenAiProvider,
  days: readonly DayToPick[],
  catalogue: readonly CatalogueExercise[],
  signal?: AbortSignal,
): Promise<SessionPicks> {
  const byId = new Map(catalogue.map((e) => [e.id, e]));
  const candidates: Record<string, CatalogueExercise[]> = {};
  const planned = days.map((d, k) => {
    const day = k + 1;
    const slots = slotsOf(d.session, byId);
    const pool = mainCandidates(d.input, catalogue);
    const picked = slots.map((s) => s.exerciseId);
    for (const kind of new Set(slots.map((s) => s.kind))) {
      candidates[listName(day, kind)] = candidatesFor(pool, kind, picked, d.input.seed);
    }
    return { day, name: d.name, slots };
  });
  const first = days[0]!.input;
  const sport =
    first.sportType && (first.goal === 'sport' || first.goal === 'sport_specific')
      ? ` for ${sportTypeLabels[first.sportType]}`
      : '';
  const user = [
    `Goal: ${workoutGoalLabels[first.goal]}${sport}; about ${first.minutes} minutes a session.`,
    'Fill every slot of every day. Answer {"days":[{"day":1,"exercise_ids":[…one id per slot, in slot order…]}, …]}.',
    ...planned.flatMap((d) => [
      '',
      `Day ${d.day} (${d.name}):`,
      ...d.slots.map(
        (s, i) =>
          `slot ${i + 1}: a ${s.kind === 'timed' ? 'timed' : 'reps'} exercise from list ${listName(d.day, s.kind)} — ${s.purpose}`,
      ),
    ]),
  ].join('\n');

  const checkIds = (answer: Answer): AiIssue[] => {
    const issues: AiIssue[] = [];
    for (const d of planned) {
      const given = answer.days.filter((a) => a.day === d.day);
      if (given.length !== 1) {
        issues.push({ path: `days`, message: `give day ${d.day} exactly once` });
        continue;
      }
      const ids = given[0]!.exercise_ids;
      const path = `days[day=${d.day}].exercise_ids`;
      if (ids.length !== d.slots.length) {
        issues.push({ path, message: `give exactly ${d.slots.length} ids, one per slot` });
        continue;
      }
      if (new Set(ids).size !== ids.length) {
        issues.push({ path, message: 'use each exercise at most once a day' });
      }
      d.slots.forEach((s, i) => {
        const list = listName(d.day, s.kind);
        issues.push(
          ...idsOutside(
            `${path}[${i}] (list ${list})`,
            candidates[list]!.map((e) => e.id),
            [ids[i]!],
          ),
        );
      });
    }
    const extra = answer.days.filter((a) => !planned.some((d) => d.day === a.day));
    if (extra.length > 0)
      issues.push({ path: 'days', message: `there are ${planned.length} days` });
    return issues;
  };

  const result = await model.generateStructured({
    schema: answerSchema,
    name: 'session_exercises',
    system: SYSTEM,
    user,
    candidates: Object.fromEntries(
      Object.entries(candidates).map(([list, items]) => [
        list,
        items.map((e) => ({ id: e.id, name: describe(e) })),
      ]),
    ),
    checkIds,
    ...(signal ? { signal } : {}),
  });
  if (!result.ok) return result;
  const swaps = planned.map((d) => {
    const ids = result.value.days.find((a) => a.day === d.day)!.exercise_ids;
    return new Map(d.slots.map((s, i) => [s.exerciseId, ids[i]!]));
  });
  return { ok: true, swaps, repaired: result.repaired };
}

/**
 * Makes a day's choices safe to apply to any week of that day: an exercise a later week adds
 * that the model moved into another slot takes the place of an exercise the model let go (of
 * the same kind), so a day never gets one exercise twice where the local plan had two.
 */
function asPermutation(
  swaps: ExerciseSwaps,
  byId: ReadonlyMap<number, CatalogueExercise>,
): Map<number, number> {
  const out = new Map(swaps);
  const targets = new Set(swaps.values());
  const freed = [...swaps.keys()].filter((id) => !targets.has(id));
  for (const target of targets) {
    if (swaps.has(target)) continue;
    const kind = byId.get(target)?.kind;
    const k = freed.findIndex((id) => byId.get(id)?.kind === kind);
    if (k >= 0) out.set(target, freed.splice(k, 1)[0]!);
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The session with the model's exercises in its main part. Sets, reps, durations and rests are
 * the local planner's, so the session's time and structure do not change; group notes that
 * name exercises (an AMRAP's list) name the new ones.
 */
export function applySwaps(
  session: PlannedSession,
  swaps: ExerciseSwaps,
  catalogue: readonly CatalogueExercise[],
): PlannedSession {
  const byId = new Map(catalogue.map((e) => [e.id, e]));
  const swap = asPermutation(swaps, byId);
  const renames = new Map<string, string>();
  for (const [from, to] of swap) {
    const a = byId.get(from)?.name;
    const b = byId.get(to)?.name;
    if (a && b && a !== b) renames.set(a, b);
  }
  const pattern =
    renames.size > 0
      ? new RegExp(
          [...renames.keys()]
            .sort((x, y) => y.length - x.length)
            .map(escape)
            .join('|'),
          'g',
        )
      : null;
  const groups = session.workout.groups.map((g) => {
    if (!isMain(g.notes)) return g;
    const names = g.exercises.map((e) => byId.get(e.exercise_id)?.name ?? '');
    const mentioned = pattern && names.some((n) => n && g.notes.includes(n));
    return {
      ...g,
      notes: mentioned ? g.notes.replace(pattern, (n) => renames.get(n) ?? n) : g.notes,
      exercises: g.exercises.map((e) => ({
        ...e,
        exercise_id: swap.get(e.exercise_id) ?? e.exercise_id,
      })),
    };
  });
  return { ...session, workout: { ...session.workout, groups } };
}
