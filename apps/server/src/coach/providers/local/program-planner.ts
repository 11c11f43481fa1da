import type { MuscleGroup } from '@fitcoach/shared/exercises';
import type { Locale } from '@fitcoach/shared/locales';
import type { WorkoutGoal } from '@fitcoach/shared/profile';
import { listIn, say, type CoachKey } from '../../coach-text';
import { mixSeed } from './session-random';
import { coreMuscles, lowerMuscles, upperMuscles } from './session-planner';
import type {
  CatalogueExercise,
  PlannedSession,
  SessionInput,
  SessionPlanner,
} from './session-types';

/** What a program is planned from: one session's inputs plus its shape. */
export interface ProgramInput extends Omit<
  SessionInput,
  'focus' | 'focusName' | 'intensity' | 'deload' | 'title'
> {
  /** Sessions a week (1–7). */
  frequency: number;
  /** Weeks (1–52). */
  weeks: number;
  /**
   * ISO weekday the program starts on (default Monday): the weekly split turns so that its
   * first session falls on that day. The split is a cycle that rests muscles 48 h across the
   * week's end too, so turning it keeps every gap.
   */
  startWeekday?: number;
}

type DayKey = CoachKey extends infer K ? (K extends `program.day.${infer D}` ? D : never) : never;

export interface SplitDay {
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** The day's name in the member's language ("Upper body", "Tren superior"). */
  name: string;
  /** The muscles the day's main work may train; null = the whole body. */
  focus: ReadonlySet<MuscleGroup> | null;
}

export interface PlannedProgramSession {
  week: number;
  weekday: number;
  deload: boolean;
  session: PlannedSession;
}

export interface PlannedProgram {
  title: string;
  description: string;
  split: SplitDay[];
  deloadWeeks: number[];
  sessions: PlannedProgramSession[];
  notes: string[];
}

const set = (...lists: (readonly MuscleGroup[])[]) => new Set(lists.flat());
const push: MuscleGroup[] = ['chest', 'front_delts', 'side_delts', 'triceps'];
const pull: MuscleGroup[] = [
  'lats',
  'upper_back',
  'traps',
  'rear_delts',
  'biceps',
  'forearms',
  'neck',
];

/** A split day carries its catalogue key until `weeklySplit` names it in the member’s language. */
const day = (weekday: number, name: DayKey, focus: ReadonlySet<MuscleGroup> | null): SplitDay => ({
  weekday,
  name,
  focus,
});

/**
 * The weekly split for a frequency. Each muscle group gets 48 h before it is trained again:
 * whole-body days never fall on consecutive days (Sunday → Monday included), and from four
 * sessions a week the days alternate groups so neighbours never share a primary muscle.
 */
export function weeklySplit(frequency: number, goal: WorkoutGoal, locale?: Locale): SplitDay[] {
  return splitDays(frequency, goal).map((d) => ({
    ...d,
    name: say(locale, `program.day.${d.name as DayKey}`),
  }));
}

function splitDays(frequency: number, goal: WorkoutGoal): SplitDay[] {
  const upper = set(upperMuscles, coreMuscles);
  const lower = set(lowerMuscles);
  switch (frequency) {
    case 1:
      return [day(1, 'fullBody', null)];
    case 2:
      return [day(1, 'fullBodyA', null), day(4, 'fullBodyB', null)];
    case 3:
      return [day(1, 'fullBodyA', null), day(3, 'fullBodyB', null), day(5, 'fullBodyC', null)];
    case 4:
      return [
        day(1, 'upper', upper),
        day(2, 'lower', lower),
        day(4, 'upper', upper),
        day(5, 'lower', lower),
      ];
  }
  if (goal === 'weight_lifting') {
    const pushCore = set(push, coreMuscles);
    if (frequency === 5)
      return [
        day(1, 'push', pushCore),
        day(2, 'pull', set(pull)),
        day(3, 'legs', lower),
        day(4, 'push', pushCore),
        day(5, 'pull', set(pull)),
      ];
    if (frequency === 6)
      return [
        day(1, 'push', pushCore),
        day(2, 'pull', set(pull)),
        day(3, 'legs', lower),
        day(4, 'push', pushCore),
        day(5, 'pull', set(pull)),
        day(6, 'legs', lower),
      ];
    // Seven days: a four-part rotation, so Sunday and the next Monday differ too.
    return [
      day(1, 'push', set(push)),
      day(2, 'pull', set(pull)),
      day(3, 'legs', lower),
      day(4, 'core', set(coreMuscles)),
      day(5, 'push', set(push)),
      day(6, 'pull', set(pull)),
      day(7, 'legs', lower),
    ];
  }
  if (frequency === 5)
    return [
      day(1, 'upper', upper),
      day(2, 'lower', lower),
      day(3, 'upper', upper),
      day(4, 'lower', lower),
      day(5, 'upper', upper),
    ];
  if (frequency === 6)
    return [
      day(1, 'upper', upper),
      day(2, 'lower', lower),
      day(3, 'upper', upper),
      day(4, 'lower', lower),
      day(5, 'upper', upper),
      day(6, 'lower', lower),
    ];
  const upperOnly = set(upperMuscles);
  return [
    day(1, 'upper', upperOnly),
    day(2, 'lower', lower),
    day(3, 'upper', upperOnly),
    day(4, 'lower', lower),
    day(5, 'upper', upperOnly),
    day(6, 'lower', lower),
    day(7, 'core', set(coreMuscles)),
  ];
}

/** The split moved so its first day falls on `startWeekday` (1 = Monday, no change). */
export function startSplitOn(split: SplitDay[], startWeekday: number): SplitDay[] {
  const shift = startWeekday - 1;
  return split.map((d) => ({ ...d, weekday: ((d.weekday - 1 + shift) % 7) + 1 }));
}

/** Deload weeks: every fourth week in plans of six weeks or more. */
export function deloadWeeks(weeks: number): number[] {
  if (weeks < 6) return [];
  const out: number[] = [];
  for (let w = 4; w <= weeks; w += 4) out.push(w);
  return out;
}

/**
 * The `local` engine's program planner: `weeks` × `frequency` sessions on a split that rests
 * muscle groups 48 h, each week a little harder than the last (more reps, longer work intervals,
 * shorter rests) and a lighter week every fourth week in longer plans. A day keeps its exercises
 * from week to week (its seed is the day's, not the week's) so the progression is visible.
 */
export function planProgram(
  input: ProgramInput,
  catalogue: readonly CatalogueExercise[],
  planner: SessionPlanner,
): PlannedProgram {
  const locale = input.locale;
  const split = startSplitOn(
    weeklySplit(input.frequency, input.goal, locale),
    input.startWeekday ?? 1,
  );
  const goalName = say(locale, `goal.${input.goal}`);
  const deloads = deloadWeeks(input.weeks);
  const buildWeeks = input.weeks - deloads.length;
  const sessions: PlannedProgramSession[] = [];
  const notes = new Set<string>();
  let buildIndex = 0;
  for (let week = 1; week <= input.weeks; week++) {
    const deload = deloads.includes(week);
    const intensity = buildWeeks <= 1 ? 0 : Math.min(1, buildIndex / (buildWeeks - 1));
    if (!deload) buildIndex += 1;
    split.forEach((d, k) => {
      const session = planner.planSession(
        {
          goal: input.goal,
          minutes: input.minutes,
          sportType: input.sportType,
          equipment: input.equipment,
          seed: mixSeed(input.seed, k + 1),
          level: input.level,
          exclusions: input.exclusions,
          weightUnit: input.weightUnit,
          locale,
          focus: d.focus,
          focusName: d.name,
          intensity,
          deload,
          title: say(locale, deload ? 'program.sessionTitleDeload' : 'program.sessionTitle', {
            week,
            day: d.name,
            goal: goalName,
          }),
        },
        catalogue,
      );
      for (const n of session.notes) notes.add(n);
      sessions.push({ week, weekday: d.weekday, deload, session });
    });
  }
  const goal = say(locale, `goalInText.${input.goal}`);
  const sport =
    input.sportType && (input.goal === 'sport' || input.goal === 'sport_specific')
      ? say(locale, `sportInText.${input.sportType}`)
      : null;
  const summary = [
    say(locale, sport ? 'program.summarySport' : 'program.summary', {
      weeks: say(locale, 'program.weeks', { count: input.weeks }),
      goal,
      sport,
      sessions: say(locale, 'program.sessions', { count: input.frequency }),
      minutes: input.minutes,
      split: split.map((d) => d.name).join(', '),
    }),
    input.weeks > 1 ? say(locale, 'program.progression') : '',
    deloads.length > 0
      ? say(locale, 'program.deload', {
          count: deloads.length,
          weeks: listIn(
            locale,
            deloads.map((w) => String(w)),
          ),
        })
      : '',
  ].filter(Boolean);
  return {
    title: say(locale, sport ? 'program.titleSport' : 'program.title', {
      count: input.weeks,
      goal,
      sport,
    }).slice(0, 120),
    description: summary.join(' '),
    split,
    deloadWeeks: deloads,
    sessions,
    notes: [...summary, ...notes],
  };
}
