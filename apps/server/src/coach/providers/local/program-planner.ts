import type { MuscleGroup } from '@fitcoach/shared/exercises';
import { sportTypeLabels, workoutGoalLabels, type WorkoutGoal } from '@fitcoach/shared/profile';
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
}

export interface SplitDay {
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
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

const day = (weekday: number, name: string, focus: ReadonlySet<MuscleGroup> | null): SplitDay => ({
  weekday,
  name,
  focus,
});

/**
 * The weekly split for a frequency. Each muscle group gets 48 h before it is trained again:
 * whole-body days never fall on consecutive days (Sunday → Monday included), and from four
 * sessions a week the days alternate groups so neighbours never share a primary muscle.
 */
export function weeklySplit(frequency: number, goal: WorkoutGoal): SplitDay[] {
  const upper = set(upperMuscles, coreMuscles);
  const lower = set(lowerMuscles);
  switch (frequency) {
    case 1:
      return [day(1, 'Full body', null)];
    case 2:
      return [day(1, 'Full body A', null), day(4, 'Full body B', null)];
    case 3:
      return [
        day(1, 'Full body A', null),
        day(3, 'Full body B', null),
        day(5, 'Full body C', null),
      ];
    case 4:
      return [
        day(1, 'Upper body', upper),
        day(2, 'Lower body', lower),
        day(4, 'Upper body', upper),
        day(5, 'Lower body', lower),
      ];
  }
  if (goal === 'weight_lifting') {
    const pushCore = set(push, coreMuscles);
    if (frequency === 5)
      return [
        day(1, 'Push', pushCore),
        day(2, 'Pull', set(pull)),
        day(3, 'Legs', lower),
        day(4, 'Push', pushCore),
        day(5, 'Pull', set(pull)),
      ];
    if (frequency === 6)
      return [
        day(1, 'Push', pushCore),
        day(2, 'Pull', set(pull)),
        day(3, 'Legs', lower),
        day(4, 'Push', pushCore),
        day(5, 'Pull', set(pull)),
        day(6, 'Legs', lower),
      ];
    // Seven days: a four-part rotation, so Sunday and the next Monday differ too.
    return [
      day(1, 'Push', set(push)),
      day(2, 'Pull', set(pull)),
      day(3, 'Legs', lower),
      day(4, 'Core', set(coreMuscles)),
      day(5, 'Push', set(push)),
      day(6, 'Pull', set(pull)),
      day(7, 'Legs', lower),
    ];
  }
  if (frequency === 5)
    return [
      day(1, 'Upper body', upper),
      day(2, 'Lower body', lower),
      day(3, 'Upper body', upper),
      day(4, 'Lower body', lower),
      day(5, 'Upper body', upper),
    ];
  if (frequency === 6)
    return [
      day(1, 'Upper body', upper),
      day(2, 'Lower body', lower),
      day(3, 'Upper body', upper),
      day(4, 'Lower body', lower),
      day(5, 'Upper body', upper),
      day(6, 'Lower body', lower),
    ];
  const upperOnly = set(upperMuscles);
  return [
    day(1, 'Upper body', upperOnly),
    day(2, 'Lower body', lower),
    day(3, 'Upper body', upperOnly),
    day(4, 'Lower body', lower),
    day(5, 'Upper body', upperOnly),
    day(6, 'Lower body', lower),
    day(7, 'Core', set(coreMuscles)),
  ];
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
  const split = weeklySplit(input.frequency, input.goal);
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
          focus: d.focus,
          focusName: d.name,
          intensity,
          deload,
          title: `Week ${week} · ${d.name}${deload ? ' (deload)' : ''} · ${workoutGoalLabels[input.goal]}`,
        },
        catalogue,
      );
      for (const n of session.notes) notes.add(n);
      sessions.push({ week, weekday: d.weekday, deload, session });
    });
  }
  const goal = workoutGoalLabels[input.goal];
  const sport =
    input.sportType && (input.goal === 'sport' || input.goal === 'sport_specific')
      ? ` for ${sportTypeLabels[input.sportType]}`
      : '';
  const splitText = split.map((d) => d.name).join(', ');
  const summary = [
    `${input.weeks} week${input.weeks === 1 ? '' : 's'} of ${goal.toLowerCase()}${sport}, ${input.frequency} session${input.frequency === 1 ? '' : 's'} a week of about ${input.minutes} min (${splitText}).`,
    input.weeks > 1
      ? 'Each week asks a little more: more reps, longer work intervals and shorter rests.'
      : '',
    deloads.length > 0
      ? `Week${deloads.length > 1 ? 's' : ''} ${deloads.join(', ')} ${deloads.length > 1 ? 'are deload weeks' : 'is a deload week'}: lighter, so your body absorbs the work.`
      : '',
  ].filter(Boolean);
  return {
    title: `${input.weeks}-week ${goal}${sport} program`.slice(0, 120),
    description: summary.join(' '),
    split,
    deloadWeeks: deloads,
    sessions,
    notes: [...summary, ...notes],
  };
}
