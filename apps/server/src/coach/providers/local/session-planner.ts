import type { Equipment, MuscleGroup } from '@fitcoach/shared/exercises';
import type { Locale } from '@fitcoach/shared/locales';
import type { SportType, WorkoutGoal } from '@fitcoach/shared/profile';
import type { WorkoutInputParsed } from '@fitcoach/shared/workouts';
import { say } from '../../coach-text';
import { excludedBy } from './memory-exclusions';
import { mixSeed, seededRandom, shuffled } from './session-random';
import { groupSeconds } from './session-time';
import {
  coolDownPrefix,
  SECONDS_PER_REP,
  warmUpPrefix,
  type CatalogueExercise,
  type PlannedSession,
  type SessionInput,
  type SessionPlanner,
  type WeightUnit,
} from './session-types';

type Group = WorkoutInputParsed['groups'][number];
type Item = Group['exercises'][number];

/** The most groups a workout may have (workoutInputSchema) minus the warm-up and cool-down. */
const MAX_MAIN_GROUPS = 28;
const MAX_ITEM_DURATION = 3600;

/** Always at hand: the floor and something to lie on. */
const ALWAYS_AVAILABLE: readonly Equipment[] = ['bodyweight', 'mat'];

export const upperMuscles: readonly MuscleGroup[] = [
  'chest',
  'upper_back',
  'lats',
  'traps',
  'front_delts',
  'side_delts',
  'rear_delts',
  'biceps',
  'triceps',
  'forearms',
  'neck',
];
export const lowerMuscles: readonly MuscleGroup[] = [
  'glutes',
  'quadriceps',
  'hamstrings',
  'adductors',
  'abductors',
  'calves',
  'hip_flexors',
  'lower_back',
];
export const coreMuscles: readonly MuscleGroup[] = ['abs', 'obliques'];

/** Regions the planner balances a session over. */
const regions: { name: string; muscles: readonly MuscleGroup[] }[] = [
  {
    name: 'legs',
    muscles: [
      'quadriceps',
      'glutes',
      'hamstrings',
      'adductors',
      'abductors',
      'calves',
      'hip_flexors',
      'lower_back',
    ],
  },
  { name: 'push', muscles: ['chest', 'front_delts', 'side_delts', 'triceps'] },
  {
    name: 'pull',
    muscles: ['lats', 'upper_back', 'traps', 'rear_delts', 'biceps', 'forearms', 'neck'],
  },
  { name: 'core', muscles: coreMuscles },
];

/** Each exercise's region, worked out once: the picker asks for it for every candidate. */
const regionCache = new WeakMap<CatalogueExercise, string>();

function regionOf(e: CatalogueExercise): string {
  const cached = regionCache.get(e);
  if (cached !== undefined) return cached;
  const first = e.primaryMuscles.find((m) => m !== 'heart');
  const region = regions.find((r) => first && r.muscles.includes(first))?.name ?? 'conditioning';
  regionCache.set(e, region);
  return region;
}

/** Whether the member has everything this exercise needs. */
export function hasEquipment(e: CatalogueExercise, equipment: readonly Equipment[] | null) {
  if (equipment === null) return true;
  return e.equipment.every((q) => ALWAYS_AVAILABLE.includes(q) || equipment.includes(q));
}

/** Whether the main part of a session may use it under the program's split. */
export function fitsFocus(e: CatalogueExercise, focus: ReadonlySet<MuscleGroup> | null) {
  if (focus === null) return true;
  return e.primaryMuscles.every((m) => m === 'heart' || focus.has(m));
}

function isCompound(e: CatalogueExercise) {
  return e.primaryMuscles.length + e.secondaryMuscles.length >= 3;
}

const has = (e: CatalogueExercise, ...tags: string[]) => tags.some((t) => e.tags.includes(t));
const notPrep = (e: CatalogueExercise) => !has(e, 'stretching', 'mobility') || has(e, 'strength');

/** Per goal: which exercises are its main work, best first. */
const goalPools: Record<WorkoutGoal, (e: CatalogueExercise) => boolean> = {
  weight_lifting: (e) =>
    e.kind === 'reps' &&
    has(e, 'strength', 'hypertrophy', 'free_weights', 'machines', 'push', 'pull', 'legs', 'core') &&
    !has(e, 'plyometrics', 'boxing', 'kickboxing', 'cardio', 'warm_up', 'stretching', 'mobility'),
  crossfit: (e) => has(e, 'crossfit', 'hiit', 'power', 'plyometrics', 'full_body') && notPrep(e),
  hiit: (e) =>
    has(e, 'hiit', 'tabata', 'plyometrics', 'cardio', 'sport_conditioning') && notPrep(e),
  cardio: (e) => e.kind === 'timed' && has(e, 'cardio', 'endurance') && notPrep(e),
  tabata: (e) =>
    e.kind === 'timed' &&
    has(e, 'tabata', 'hiit', 'cardio', 'plyometrics', 'core') &&
    notPrep(e) &&
    !has(e, 'balance'),
  boxing: (e) => has(e, 'boxing'),
  kickboxing: (e) => has(e, 'kickboxing', 'boxing'),
  sport: (e) =>
    has(e, 'sport_conditioning', 'plyometrics', 'power', 'strength', 'hiit') && notPrep(e),
  sport_specific: (e) =>
    has(e, 'sport_conditioning', 'plyometrics', 'power', 'strength', 'hiit') && notPrep(e),
};

/**
 * A warm-up raises the heart rate gently: movements tagged for warming up, or beginner-level
 * steady cardio (an easy row, ride, jog or rope bounce). Anything hard (sprints, intervals,
 * plyometrics, power or advanced work, even when also tagged as a warm-up, such as high knees)
 * belongs in the main part, after the body is warm.
 */
function isEasyWarmUp(e: CatalogueExercise): boolean {
  if (e.kind !== 'timed' || has(e, 'stretching')) return false;
  if (has(e, 'hiit', 'tabata', 'plyometrics', 'power', 'crossfit', 'advanced')) return false;
  return has(e, 'warm_up') || (has(e, 'cardio') && has(e, 'beginner'));
}

/** A fallback when the goal's own pool is empty under the member's equipment and split. */
const generalPool = (e: CatalogueExercise) =>
  notPrep(e) && !has(e, 'warm_up') && !has(e, 'balance');

interface Block {
  group: Group;
  /** Grows the block by at most `seconds`; returns the seconds it used. */
  grow(seconds: number): number;
}

function item(e: CatalogueExercise, sets: number, workSeconds: number, rest: number): Item {
  const timed = e.kind === 'timed';
  return {
    exercise_id: e.id,
    sets,
    reps: timed ? null : Math.max(1, Math.round(workSeconds / SECONDS_PER_REP)),
    weight: null,
    duration_seconds: timed
      ? Math.min(MAX_ITEM_DURATION, Math.max(5, Math.round(workSeconds)))
      : null,
    rest_seconds: rest,
  };
}

/** A block whose sets (rounds) can be added one at a time while they fit. */
function setsBlock(group: Group, maxSets: number): Block {
  return {
    group,
    grow(seconds) {
      const one = group.exercises.reduce(
        (s, e) => s + (e.duration_seconds ?? (e.reps ?? 0) * SECONDS_PER_REP) + e.rest_seconds,
        0,
      );
      let used = 0;
      while (used + one <= seconds && group.exercises.every((e) => e.sets < maxSets)) {
        for (const e of group.exercises) e.sets += 1;
        used += one;
      }
      return used;
    },
  };
}

function fixedBlock(group: Group): Block {
  return { group, grow: () => 0 };
}

/** A steady block whose one long effort can be lengthened. */
function durationBlock(group: Group): Block {
  return {
    group,
    grow(seconds) {
      const e = group.exercises[0];
      if (!e || e.duration_seconds === null || e.sets !== 1) return 0;
      // Whole half-minutes, so a steady effort reads "25 min 30 s", never "25 min 34 s".
      const add = Math.min(
        Math.floor(seconds / 30) * 30,
        Math.floor((MAX_ITEM_DURATION - e.duration_seconds) / 30) * 30,
      );
      e.duration_seconds += add;
      return add;
    },
  };
}

/** Picks exercises in turn, balancing regions and using each once before any repeats. */
class Picker {
  // Per pool position: times used, and the exercise's region as a small number (the scores
  // are the same as counting by id and region name; the pool holds each exercise once).
  private readonly used: number[];
  private readonly regionOfIndex: number[];
  private readonly regionCount: number[];
  constructor(
    private readonly pool: CatalogueExercise[],
    private readonly random: () => number,
  ) {
    const regionIds = new Map<string, number>();
    this.used = pool.map(() => 0);
    this.regionOfIndex = pool.map((e) => {
      const region = regionOf(e);
      let id = regionIds.get(region);
      if (id === undefined) {
        id = regionIds.size;
        regionIds.set(region, id);
      }
      return id;
    });
    this.regionCount = Array.from({ length: regionIds.size }, () => 0);
  }

  get size() {
    return this.pool.length;
  }

  pick(prefer?: (e: CatalogueExercise) => number, avoid: Set<number> = new Set()) {
    let best = -1;
    let bestScore = -Infinity;
    for (let k = 0; k < this.pool.length; k++) {
      const e = this.pool[k]!;
      if (avoid.has(e.id)) continue;
      const score =
        -10 * this.used[k]! -
        2 * this.regionCount[this.regionOfIndex[k]!]! +
        (prefer ? prefer(e) : 0) +
        this.random() * 0.5;
      if (score > bestScore) {
        bestScore = score;
        best = k;
      }
    }
    if (best < 0) return undefined;
    this.used[best]! += 1;
    this.regionCount[this.regionOfIndex[best]!]! += 1;
    return this.pool[best];
  }
}

function names(list: CatalogueExercise[]) {
  return list.map((e) => e.name).join(', ');
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
/** To the nearest multiple of `step`: intervals a member can time by the clock. */
const roundTo = (n: number, step: number) => Math.round(n / step) * step;

interface BlockContext {
  input: SessionInput;
  picker: Picker;
  random: () => number;
  index: number;
}

type BlockMaker = (c: BlockContext) => Block | null;

/**
 * Weight lifting trains for strength or muscle: strength sets of 3–6 reps, hypertrophy sets of
 * 6–12. High-rep endurance sets belong to the conditioning goals, not to a lifting session.
 */
const liftingAims = {
  strength: { reps: 4, rest: 180, sets: 4 },
  hypertrophy: { reps: 8, rest: 90, sets: 3 },
} as const;
type LiftingAim = keyof typeof liftingAims;

/** The rep ranges the aims keep to, whatever the week's intensity or a deload. */
export const liftingRepRanges: Record<LiftingAim, readonly [number, number]> = {
  strength: [3, 6],
  hypertrophy: [6, 12],
};

function liftingAim(input: SessionInput): LiftingAim {
  // Beginners build technique and muscle first; the others alternate by seed.
  if (input.level === 'beginner') return 'hypertrophy';
  return (['strength', 'hypertrophy'] as const)[input.seed % 2]!;
}

function liftingBlock(c: BlockContext): Block | null {
  // Compound lifts first, while the member is fresh.
  const e = c.picker.pick((x) => (c.index < 3 && isCompound(x) ? 4 : isCompound(x) ? 1 : 0));
  if (!e) return null;
  const aimName = liftingAim(c.input);
  const aim = liftingAims[aimName];
  const i = c.input.intensity;
  // Isolation work in a hypertrophy session sits at the top of the range.
  const base = aimName === 'hypertrophy' && !isCompound(e) ? aim.reps + 2 : aim.reps;
  const [fewest, most] = liftingRepRanges[aimName];
  const reps = Math.min(
    most,
    Math.max(fewest, c.input.deload ? base - 2 : base + Math.round(2 * i)),
  );
  const rest = roundTo(c.input.deload ? aim.rest * 1.2 : aim.rest * (1 - 0.25 * i), 15);
  const sets = c.input.deload ? 2 : aim.sets;
  const hold = (e.defaultDurationSeconds ?? 30) + (c.input.deload ? -10 : 5 * Math.round(2 * i));
  const work = e.kind === 'timed' ? Math.max(10, hold) : reps * SECONDS_PER_REP;
  const locale = c.input.locale;
  const prescription =
    e.kind === 'timed'
      ? say(locale, 'session.holds', { seconds: work })
      : say(locale, 'session.reps', { count: reps });
  return setsBlock(
    {
      kind: 'single',
      rest_seconds: 60,
      notes: say(locale, c.input.deload ? 'session.liftingDeload' : 'session.lifting', {
        aim: say(locale, `session.${aimName}`),
        prescription,
        rest,
      }),
      exercises: [item(e, sets, work, rest)],
    },
    6,
  );
}

function pickCircuit(c: BlockContext, count: number) {
  const chosen: CatalogueExercise[] = [];
  const avoid = new Set<number>();
  for (let k = 0; k < count; k++) {
    const e = c.picker.pick(undefined, avoid);
    if (!e) break;
    avoid.add(e.id);
    chosen.push(e);
  }
  return chosen;
}

function circuitOrSingle(chosen: CatalogueExercise[]): Group['kind'] {
  return chosen.length >= 2 ? 'circuit' : 'single';
}

function hiitBlock(c: BlockContext): Block | null {
  const chosen = pickCircuit(c, Math.min(4, Math.max(2, c.picker.size)));
  if (chosen.length === 0) return null;
  const work = c.input.deload ? 20 : roundTo(lerp(30, 45, c.input.intensity), 5);
  const rest = 60 - work;
  const rounds = 3;
  return setsBlock(
    {
      kind: circuitOrSingle(chosen),
      rest_seconds: 60,
      notes: say(c.input.locale, 'session.hiit', { work, rest }),
      exercises: chosen.map((e) => item(e, rounds, work, rest)),
    },
    8,
  );
}

function tabataBlock(c: BlockContext): Block | null {
  const e = c.picker.pick();
  if (!e) return null;
  const between = c.input.deload ? 120 : roundTo(lerp(90, 60, c.input.intensity), 15);
  return fixedBlock({
    kind: 'single',
    rest_seconds: between,
    notes: say(c.input.locale, 'session.tabata', { between }),
    exercises: [
      {
        ...item(e, 8, 20, 10),
        reps: e.kind === 'timed' ? null : 7,
        duration_seconds: e.kind === 'timed' ? 20 : null,
      },
    ],
  });
}

const crossfitFormats = ['AMRAP', 'EMOM', 'For time'] as const;

function crossfitBlock(c: BlockContext): Block | null {
  const chosen = pickCircuit(c, 3);
  if (chosen.length === 0) return null;
  const format = crossfitFormats[(c.index + c.input.seed) % crossfitFormats.length]!;
  const i = c.input.intensity;
  const reps = c.input.deload ? 6 : 10 + Math.round(2 * i);
  const rounds = 3;
  const list = names(chosen);
  const locale = c.input.locale;
  if (format === 'EMOM') {
    // Each minute: the work, then the rest of the minute off.
    const work = Math.min(40, reps * SECONDS_PER_REP);
    const minutes = rounds * chosen.length;
    return setsBlock(
      {
        kind: circuitOrSingle(chosen),
        rest_seconds: c.input.deload ? 180 : 120,
        notes: say(locale, 'session.emom', { minutes, list }),
        exercises: chosen.map((e) => item(e, rounds, work, 60 - work)),
      },
      10,
    );
  }
  const work = reps * SECONDS_PER_REP;
  const group: Group = {
    kind: circuitOrSingle(chosen),
    rest_seconds: c.input.deload ? 180 : 120,
    notes: '',
    exercises: chosen.map((e) =>
      item(
        e,
        rounds,
        e.kind === 'timed' ? (c.input.deload ? 20 : 30 + 5 * Math.round(2 * i)) : work,
        0,
      ),
    ),
  };
  const block = setsBlock(group, 10);
  const describe = () => {
    const cap = Math.max(1, Math.round((groupSeconds(group) - group.rest_seconds) / 60));
    const r = group.exercises[0]?.sets ?? rounds;
    group.notes = say(locale, format === 'AMRAP' ? 'session.amrap' : 'session.forTime', {
      cap,
      list,
      rounds: r,
    });
  };
  describe();
  return {
    group,
    grow(seconds) {
      const used = block.grow(seconds);
      describe();
      return used;
    },
  };
}

const zone = (locale: Locale | undefined, n: 2 | 3 | 4) => say(locale, `session.zone${n}`);

function cardioBlock(c: BlockContext): Block | null {
  const e = c.picker.pick();
  if (!e) return null;
  // Intervals first (the session's progression shows there), then steady and tempo work.
  const kind = (c.index + 1) % 3;
  const locale = c.input.locale;
  if (kind === 0) {
    return durationBlock({
      kind: 'single',
      rest_seconds: 60,
      notes: say(locale, 'session.steady', { zone: zone(locale, 2) }),
      exercises: [item(e, 1, 300, 0)],
    });
  }
  if (kind === 1) {
    const work = c.input.deload ? 60 : roundTo(lerp(60, 120, c.input.intensity), 15);
    const rest = c.input.deload ? 120 : roundTo(lerp(120, 60, c.input.intensity), 15);
    return setsBlock(
      {
        kind: 'single',
        rest_seconds: 60,
        notes: say(locale, 'session.intervals', {
          zone: zone(locale, c.input.deload ? 3 : 4),
          work,
          rest,
        }),
        exercises: [item(e, 3, work, rest)],
      },
      10,
    );
  }
  const work = c.input.deload ? 180 : roundTo(lerp(240, 360, c.input.intensity), 30);
  return setsBlock(
    {
      kind: 'single',
      rest_seconds: 60,
      notes: say(locale, 'session.tempo', {
        zone: zone(locale, 3),
        minutes: Math.round(work / 60),
      }),
      exercises: [item(e, 1, work, 60)],
    },
    6,
  );
}

function roundsBlock(c: BlockContext): Block | null {
  const e = c.picker.pick();
  if (!e) return null;
  const round = c.input.deload ? 90 : 120 + 30 * Math.round(2 * c.input.intensity);
  const rest = 60;
  const discipline = say(
    c.input.locale,
    `session.roundsDiscipline.${c.input.goal === 'kickboxing' ? 'kickboxing' : 'boxing'}`,
  );
  const group: Group = {
    kind: 'single',
    rest_seconds: 60,
    notes: '',
    exercises: [item(e, 3, round, rest)],
  };
  const block = setsBlock(group, 12);
  const describe = () => {
    const r = group.exercises[0]?.sets ?? 3;
    group.notes = say(c.input.locale, e.kind === 'reps' ? 'session.roundsReps' : 'session.rounds', {
      discipline,
      rounds: r,
      minutes: round / 60,
      rest,
    });
  };
  describe();
  return {
    group,
    grow(s) {
      const used = block.grow(s);
      describe();
      return used;
    },
  };
}

/** Work and rest of the conditioning intervals each sport's games ask for. */
/** Why each sport's intervals are so is in the catalogue (`session.sportWhy.<sport>`). */
const sportIntervals: Record<SportType, { work: number; rest: number }> = {
  basketball: { work: 30, rest: 30 },
  volleyball: { work: 15, rest: 45 },
  soccer: { work: 45, rest: 15 },
  american_football: { work: 10, rest: 40 },
  baseball: { work: 10, rest: 50 },
  softball: { work: 10, rest: 50 },
  tennis: { work: 20, rest: 40 },
  ice_hockey: { work: 40, rest: 20 },
  rugby: { work: 40, rest: 20 },
  running: { work: 50, rest: 10 },
  swimming: { work: 45, rest: 15 },
  cycling: { work: 50, rest: 10 },
  wrestling: { work: 40, rest: 20 },
  mma: { work: 40, rest: 20 },
  golf: { work: 20, rest: 40 },
  other: { work: 30, rest: 30 },
};

/** A sport's name inside a sentence ("for Basketball", "para baloncesto"). */
const sportName = (locale: Locale | undefined, sport: SportType) =>
  say(locale, `sportInText.${sport}`);

function sportBlock(c: BlockContext): Block | null {
  const sport = c.input.sportType ?? 'other';
  const locale = c.input.locale;
  const phase = c.index % 3;
  if (phase === 0) {
    const e = c.picker.pick((x) => (has(x, 'plyometrics', 'power', 'sport_conditioning') ? 3 : 0));
    if (!e) return null;
    return setsBlock(
      {
        kind: 'single',
        rest_seconds: 60,
        notes: say(locale, 'session.sportPower', { sport: sportName(locale, sport) }),
        exercises: [
          item(
            e,
            3,
            e.kind === 'timed' ? 20 : 15,
            roundTo(c.input.deload ? 120 : lerp(90, 60, c.input.intensity), 15),
          ),
        ],
      },
      6,
    );
  }
  if (phase === 1) {
    const e = c.picker.pick((x) => (has(x, 'strength') && isCompound(x) ? 3 : 0));
    if (!e) return null;
    const reps = c.input.deload ? 5 : 6 + Math.round(2 * c.input.intensity);
    const rest = roundTo(c.input.deload ? 150 : lerp(120, 90, c.input.intensity), 15);
    return setsBlock(
      {
        kind: 'single',
        rest_seconds: 60,
        notes: say(locale, 'session.sportStrength', {
          sport: sportName(locale, sport),
          reps,
          rest,
        }),
        exercises: [item(e, 3, e.kind === 'timed' ? 30 : reps * SECONDS_PER_REP, rest)],
      },
      5,
    );
  }
  const chosen = pickCircuit(c, 3);
  if (chosen.length === 0) return null;
  const base = sportIntervals[sport];
  const shift = c.input.deload ? -5 : Math.round(5 * c.input.intensity);
  const work = Math.max(10, base.work + shift);
  const rest = Math.max(10, base.rest - shift);
  return setsBlock(
    {
      kind: circuitOrSingle(chosen),
      rest_seconds: 90,
      notes: say(locale, 'session.sportConditioning', {
        sport: sportName(locale, sport),
        why: say(locale, `session.sportWhy.${sport}`),
        work,
        rest,
      }),
      exercises: chosen.map((e) => item(e, 3, work, rest)),
    },
    8,
  );
}

const blockMakers: Record<WorkoutGoal, BlockMaker> = {
  weight_lifting: liftingBlock,
  crossfit: crossfitBlock,
  hiit: hiitBlock,
  cardio: cardioBlock,
  tabata: tabataBlock,
  boxing: roundsBlock,
  kickboxing: roundsBlock,
  sport: sportBlock,
  sport_specific: sportBlock,
};

/** Adds a kind that can do the goal's work when the pool has only the other kind. */
function usableForGoal(goal: WorkoutGoal, e: CatalogueExercise) {
  if (goal === 'tabata' || goal === 'cardio') return e.kind === 'timed';
  return true;
}

/**
 * Starting loads for rep exercises done with an implement, in the member's unit (a null weight
 * reads as "bodyweight" on the workout page, wrong for a barbell row). Deliberately light and
 * round, what a member can pick up anywhere: the empty Olympic bar, light dumbbells (each), a
 * light kettlebell, the first plates of a stack. The notes say to add weight from there.
 */
export const startingLoads: Partial<Record<Equipment, Record<WeightUnit, number>>> = {
  barbell: { kg: 20, lb: 45 },
  machine: { kg: 20, lb: 45 },
  sled: { kg: 20, lb: 45 },
  kettlebell: { kg: 12, lb: 25 },
  cable: { kg: 10, lb: 20 },
  dumbbell: { kg: 8, lb: 15 },
  medicine_ball: { kg: 4, lb: 10 },
};

/** The heaviest implement's starting load, or null for a bodyweight (or banded) exercise. */
export function startingLoad(e: CatalogueExercise, unit: WeightUnit): number | null {
  let load: number | null = null;
  for (const q of e.equipment) {
    const l = startingLoads[q]?.[unit];
    if (l !== undefined && (load === null || l > load)) load = l;
  }
  return load;
}

const byIdCache = new WeakMap<readonly CatalogueExercise[], Map<number, CatalogueExercise>>();

function byId(catalogue: readonly CatalogueExercise[], id: number): CatalogueExercise {
  let map = byIdCache.get(catalogue);
  if (!map) {
    map = new Map(catalogue.map((e) => [e.id, e]));
    byIdCache.set(catalogue, map);
  }
  return map.get(id)!;
}

/** Warm-up and cool-down items last whole multiples of this. */
export const BOOKEND_STEP = 15;

/**
 * A warm-up or cool-down: timed, easy exercises whose durations are set so the group takes
 * about `seconds` (it absorbs what the main part could not fill).
 */
function bookend(
  which: 'warmUp' | 'coolDown',
  locale: Locale | undefined,
  pool: CatalogueExercise[],
  seconds: number,
): Group | null {
  if (pool.length === 0) return null;
  const chosen = pool.slice(0, seconds >= 480 ? 4 : seconds >= 240 ? 3 : 2);
  const transition = 10;
  const groupRest = which === 'warmUp' ? 30 : 0;
  const work = seconds - groupRest - transition * chosen.length;
  // Whole quarter-minutes a member can time ("1 min 30 s", not "86 s"): the group's work is
  // rounded to 15 s once and shared out in 15 s steps, so it strays from `seconds` by ≤ 7.5 s.
  const steps = Math.max(chosen.length, Math.round(work / BOOKEND_STEP));
  const each = Math.floor(steps / chosen.length);
  const extra = steps - each * chosen.length;
  const exercises = chosen.map((e, k) => ({
    exercise_id: e.id,
    sets: 1,
    reps: null,
    weight: null,
    duration_seconds: Math.min(MAX_ITEM_DURATION, (each + (k < extra ? 1 : 0)) * BOOKEND_STEP),
    rest_seconds: transition,
  }));
  return {
    kind: chosen.length >= 2 ? 'circuit' : 'single',
    rest_seconds: groupRest,
    notes: `${which === 'warmUp' ? warmUpPrefix(locale) : coolDownPrefix(locale)}: ${say(
      locale,
      which === 'warmUp' ? 'session.warmUpText' : 'session.coolDownText',
    )}`,
    exercises,
  };
}

function describeEquipment(equipment: readonly Equipment[] | null, locale: Locale | undefined) {
  if (equipment === null) return null;
  const list = equipment.filter((e) => !ALWAYS_AVAILABLE.includes(e));
  return list.length === 0
    ? say(locale, 'session.noEquipment')
    : say(locale, 'session.onlyEquipment', {
        list: list.map((e) => say(locale, `equipment.${e}`)).join(', '),
      });
}

interface Prepared {
  sorted: CatalogueExercise[];
  notes: string[];
  warmBase: CatalogueExercise[];
  coolBase: CatalogueExercise[];
}

/**
 * What the member's equipment and limits allow, worked out once per catalogue, exclusions and
 * equipment: a program plans dozens of sessions from the same three.
 */
const preparedCache = new WeakMap<
  readonly CatalogueExercise[],
  WeakMap<SessionInput['exclusions'], Map<string, Prepared>>
>();

function prepare(input: PoolInput, catalogue: readonly CatalogueExercise[]): Prepared {
  let byExclusions = preparedCache.get(catalogue);
  if (!byExclusions) {
    byExclusions = new WeakMap();
    preparedCache.set(catalogue, byExclusions);
  }
  let byEquipment = byExclusions.get(input.exclusions);
  if (!byEquipment) {
    byEquipment = new Map();
    byExclusions.set(input.exclusions, byEquipment);
  }
  // The notes are worded, so each language has its own entry.
  const key = `${input.locale ?? 'en'}|${input.equipment === null ? '*' : [...input.equipment].sort().join(',')}`;
  const cached = byEquipment.get(key);
  if (cached) return cached;

  const notes: string[] = [];
  const equipped = catalogue.filter((e) => hasEquipment(e, input.equipment));
  const allowed: CatalogueExercise[] = [];
  const leftOut = new Map<string, { because: string; names: string[] }>();
  for (const e of equipped) {
    const rule = excludedBy(e, input.exclusions);
    if (!rule) {
      allowed.push(e);
      continue;
    }
    const k = `${rule.what}|${rule.because}`;
    const entry = leftOut.get(k) ?? { because: rule.because, names: [] };
    entry.names.push(e.name);
    leftOut.set(k, entry);
  }
  for (const [k, entry] of leftOut) {
    const what = k.split('|')[0];
    const names = entry.names.slice(0, 3).join(', ');
    const more = entry.names.length - 3;
    notes.push(
      more > 0
        ? say(input.locale, 'session.leftOutMore', {
            what,
            names,
            count: more,
            because: entry.because,
          })
        : say(input.locale, 'session.leftOut', { what, names, because: entry.because }),
    );
  }
  const equipmentNote = describeEquipment(input.equipment, input.locale);
  if (equipmentNote) notes.push(equipmentNote);
  const sorted = [...allowed].sort((a, b) => a.id - b.id);
  const prepared: Prepared = {
    sorted,
    notes,
    warmBase: sorted.filter(isEasyWarmUp),
    coolBase: sorted.filter(
      (e) => e.kind === 'timed' && has(e, 'stretching', 'mobility') && !has(e, 'cardio'),
    ),
  };
  byEquipment.set(key, prepared);
  return prepared;
}

type PoolInput = Pick<SessionInput, 'goal' | 'equipment' | 'exclusions' | 'focus' | 'locale'>;

type GoalPools = Map<WorkoutGoal, { pool: CatalogueExercise[]; general: boolean }>;
/**
 * Per prepared list (itself kept per catalogue, exclusions and equipment): the whole-body day's
 * pools, and each focus's (weakly: focus sets come and go). A program's days share them week
 * after week; never mutated (the picker shuffles a copy).
 */
const poolCache = new WeakMap<
  readonly CatalogueExercise[],
  { whole: GoalPools; byFocus: WeakMap<ReadonlySet<MuscleGroup>, GoalPools> }
>();

/** The main part's pool: the goal's exercises in focus, else general conditioning. */
function mainPool(input: PoolInput, sorted: readonly CatalogueExercise[]) {
  let cache = poolCache.get(sorted);
  if (!cache) {
    cache = { whole: new Map(), byFocus: new WeakMap() };
    poolCache.set(sorted, cache);
  }
  let byGoal = input.focus === null ? cache.whole : cache.byFocus.get(input.focus);
  if (!byGoal) {
    byGoal = new Map();
    cache.byFocus.set(input.focus!, byGoal);
  }
  const cached = byGoal.get(input.goal);
  if (cached) return cached;
  const inFocus = sorted.filter((e) => fitsFocus(e, input.focus));
  const pool = inFocus.filter((e) => goalPools[input.goal](e) && usableForGoal(input.goal, e));
  const general = inFocus.filter((e) => generalPool(e) && usableForGoal(input.goal, e));
  const found =
    pool.length > 0 ? { pool, general: false } : { pool: general, general: general.length > 0 };
  byGoal.set(input.goal, found);
  return found;
}

/**
 * The exercises a session's main part may use (equipment, memory exclusions, the day's focus,
 * the goal), by id: the candidates a model chooses from under the `openai` engine.
 */
export function mainCandidates(
  input: PoolInput,
  catalogue: readonly CatalogueExercise[],
): CatalogueExercise[] {
  // A copy: the pool is shared with later sessions.
  return [...mainPool(input, prepare(input, catalogue).sorted).pool];
}

/** The `local` engine's session planner: pure and deterministic for the same input and seed. */
export function planSession(
  input: SessionInput,
  catalogue: readonly CatalogueExercise[],
): PlannedSession {
  const random = seededRandom(mixSeed(input.seed, input.minutes, input.goal.length));
  const locale = input.locale;
  const notes: string[] = [];
  const target = input.minutes * 60;

  const prepared = prepare(input, catalogue);
  notes.push(...prepared.notes);
  const { pool, general } = mainPool(input, prepared.sorted);
  if (general) {
    notes.push(say(locale, 'session.general', { goal: say(locale, `goalInText.${input.goal}`) }));
  }
  const picker = new Picker(shuffled(pool, random), random);

  // prepare() filtered these once for the catalogue (same rules as before).
  const warmPool = shuffled(prepared.warmBase, random);
  const coolPool = shuffled(prepared.coolBase, random);
  const warmBudget = Math.min(900, Math.max(120, Math.round(target * 0.12)));
  const coolBudget = Math.min(600, Math.max(120, Math.round(target * 0.08)));
  const mainBudget =
    target - (warmPool.length ? warmBudget : 0) - (coolPool.length ? coolBudget : 0);

  const blocks: Block[] = [];
  let used = 0;
  const make = blockMakers[input.goal];
  for (let index = 0; index < MAX_MAIN_GROUPS && picker.size > 0; index++) {
    const block = make({ input, picker, random, index });
    if (!block) break;
    let seconds = groupSeconds(block.group);
    // Too long for what is left: fewer sets, down to one.
    while (used + seconds > mainBudget && block.group.exercises.some((e) => e.sets > 1)) {
      if (block.group.exercises[0]?.sets === 8 && input.goal === 'tabata') break;
      for (const e of block.group.exercises) e.sets = Math.max(1, e.sets - 1);
      seconds = groupSeconds(block.group);
    }
    if (used + seconds > mainBudget) break;
    blocks.push(block);
    used += seconds;
    // Stop adding blocks once the rest would be a sliver.
    if (mainBudget - used < 90) break;
  }
  // Fill what is left by growing blocks in turn (more sets, longer steady efforts).
  let slack = mainBudget - used;
  for (let pass = 0; pass < 20 && slack >= 30; pass++) {
    let grew = 0;
    for (const block of blocks) {
      const g = block.grow(slack);
      slack -= g;
      grew += g;
    }
    if (grew === 0) break;
  }

  const unit = input.weightUnit ?? 'kg';
  let loaded = false;
  for (const block of blocks) {
    for (const x of block.group.exercises) {
      if (x.reps === null) continue;
      x.weight = startingLoad(byId(catalogue, x.exercise_id), unit);
      loaded ||= x.weight !== null;
    }
  }
  if (loaded) notes.push(say(locale, 'session.loads'));

  const warm = bookend('warmUp', locale, warmPool, warmBudget + Math.ceil(slack / 2));
  const cool = bookend('coolDown', locale, coolPool, coolBudget + Math.floor(slack / 2));
  if (blocks.length === 0) notes.push(say(locale, 'session.empty'));
  const groups = [...(warm ? [warm] : []), ...blocks.map((b) => b.group), ...(cool ? [cool] : [])];
  const seconds = groups.reduce((s, g) => s + groupSeconds(g), 0);
  const sport =
    input.sportType && (input.goal === 'sport' || input.goal === 'sport_specific')
      ? sportName(locale, input.sportType)
      : null;
  const titleKey = sport
    ? input.focusName
      ? 'session.titleSportFocus'
      : 'session.titleSport'
    : input.focusName
      ? 'session.titleFocus'
      : 'session.title';
  const title =
    input.title ??
    say(locale, titleKey, {
      goal: say(locale, `goal.${input.goal}`),
      sport,
      focus: input.focusName,
      minutes: input.minutes,
    });
  return {
    workout: {
      title: title.slice(0, 120),
      description: [
        say(locale, sport ? 'session.descriptionSport' : 'session.description', {
          minutes: input.minutes,
          goal: say(locale, `goalInText.${input.goal}`),
          sport,
        }),
        ...notes,
      ]
        .join(' ')
        .slice(0, 2000),
      goal: input.goal,
      level: input.level,
      estimated_minutes: Math.min(300, Math.max(5, Math.round(seconds / 60))),
      is_public: false,
      tag_ids: [],
      groups,
    },
    notes,
    seconds,
  };
}

export const localSessionPlanner: SessionPlanner = { planSession };
