import type { Equipment, ExerciseKind, MuscleGroup } from '@fitcoach/shared/exercises';
import { LOCALES, type Locale } from '@fitcoach/shared/locales';
import type { SportType, WorkoutGoal } from '@fitcoach/shared/profile';
import type { WorkoutInputParsed, WorkoutLevel } from '@fitcoach/shared/workouts';
import { say } from '../../coach-text';
import type { Exclusion } from './memory-exclusions';

/** One exercise of the library as the planners see it (the candidates a provider picks from). */
export interface CatalogueExercise {
  id: number;
  slug: string;
  name: string;
  kind: ExerciseKind;
  defaultDurationSeconds: number | null;
  primaryMuscles: MuscleGroup[];
  secondaryMuscles: MuscleGroup[];
  equipment: Equipment[];
  tags: string[];
}

/** What one session is planned from. */
export interface SessionInput {
  goal: WorkoutGoal;
  /** Minutes the session should take (the total is kept within ±10 %). */
  minutes: number;
  sportType: SportType | null;
  /** What the member has; null = a full gym. Bodyweight and a mat are always available. */
  equipment: readonly Equipment[] | null;
  seed: number;
  level: WorkoutLevel;
  exclusions: readonly Exclusion[];
  /** Muscles the main part may train (a program's split); null = the whole body. */
  focus: ReadonlySet<MuscleGroup> | null;
  focusName?: string;
  /** 0 = the start of a program, 1 = its peak: density, reps and work intervals grow with it. */
  intensity: number;
  deload: boolean;
  title?: string;
  /** The member's weight unit: starting loads are given in it (default kg). */
  weightUnit?: WeightUnit;
  /** The language titles, descriptions and notes are written in (default English). */
  locale?: Locale;
}

export type WeightUnit = 'kg' | 'lb';

export interface PlannedSession {
  workout: WorkoutInputParsed;
  /** Human sentences: what was left out and why, what the structure means. */
  notes: string[];
  /** The session's time computed from its sets, reps (× 3 s), durations and rests. */
  seconds: number;
}

/**
 * The provider shape: the `local` engine plans from the catalogue itself; an `openai` provider
 * can pick from the same candidate list and must return the same typed session.
 */
export interface SessionPlanner {
  planSession(input: SessionInput, catalogue: readonly CatalogueExercise[]): PlannedSession;
}

/** Seconds one rep takes, for time estimates. */
export const SECONDS_PER_REP = 3;

/**
 * Group notes start with these, so the warm-up and cool-down can be told from the main part
 * (in English; `warmUpPrefix` and `coolDownPrefix` give each language's).
 */
export const WARM_UP_PREFIX = 'Warm-up';
export const COOL_DOWN_PREFIX = 'Cool-down';

export const warmUpPrefix = (locale?: Locale) => say(locale, 'session.warmUp');
export const coolDownPrefix = (locale?: Locale) => say(locale, 'session.coolDown');

/** Every language's: a stored workout says which it was written in by its words alone. */
const bookendPrefixes = [...new Set(LOCALES.flatMap((l) => [warmUpPrefix(l), coolDownPrefix(l)]))];

/** Whether a group's notes mark it as a warm-up or cool-down, in any language. */
export function isBookendNotes(notes: string): boolean {
  return bookendPrefixes.some((prefix) => notes.startsWith(prefix));
}
