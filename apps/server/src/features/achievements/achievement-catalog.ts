import { weightFromKg, weightUnit, type MeasurementType } from '@fitcoach/shared/units';
import type { BadgeKey } from './badges';

/** One achievement a log may earn; `code` is unique per member (each is awarded once). */
export interface AchievementCandidate {
  code: string;
  badge: BadgeKey;
  header: string;
  details: string;
  /** Higher shows first when one log earns several. */
  priority: number;
  exerciseId?: number;
  value?: number;
}

export const WORKOUT_MILESTONES = [10, 25, 50, 100, 250, 500, 1000] as const;
export const STREAK_DAY_MILESTONES = [3, 7, 14, 30, 60, 100] as const;
export const STREAK_WEEK_MILESTONES = [4, 8, 12, 26, 52] as const;
/** Total kilograms lifted. */
export const VOLUME_MILESTONES = [1_000, 10_000, 50_000, 100_000, 500_000, 1_000_000] as const;

export interface TrainingTotals {
  totalWorkouts: number;
  totalVolumeKg: number;
  streakDays: number;
  streakWeeks: number;
}

// One formatter for all: toLocaleString builds a new Intl.NumberFormat on every call, which
// cost more than the rest of a log's work.
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const number = (n: number) => numberFormat.format(n);

function weightText(kg: number, units: MeasurementType): string {
  return `${number(weightFromKg(kg, units))} ${weightUnit(units)}`;
}

function volumeText(kg: number, units: MeasurementType): string {
  if (units === 'metric') return kg >= 1000 ? `${number(kg / 1000)} t` : `${number(kg)} kg`;
  return `${number(Math.round(weightFromKg(kg, units)))} lb`;
}

/**
 * Every milestone the totals have reached. The database keeps each one once per member, so
 * offering those already held is harmless; what is new is what gets inserted.
 */
export function milestoneCandidates(
  t: TrainingTotals,
  units: MeasurementType,
): AchievementCandidate[] {
  const out: AchievementCandidate[] = [];
  if (t.totalWorkouts >= 1) {
    out.push({
      code: 'first-workout',
      badge: 'first-workout',
      header: 'First workout done!',
      details: 'You logged your first workout on FitCoach. Every streak starts with day one.',
      priority: 100,
    });
  }
  for (const n of WORKOUT_MILESTONES) {
    if (t.totalWorkouts < n) break;
    out.push({
      code: `workouts-${n}`,
      badge: `workouts-${n}`,
      header: `${n} workouts logged`,
      details: `That is ${n} sessions in the book. Consistency is the real program.`,
      priority: 90 + WORKOUT_MILESTONES.indexOf(n) / 10,
    });
  }
  for (const n of STREAK_WEEK_MILESTONES) {
    if (t.streakWeeks < n) break;
    out.push({
      code: `streak-weeks-${n}`,
      badge: `streak-weeks-${n}`,
      header: `${n} weeks strong`,
      details: `You have trained every week for ${n} weeks running.`,
      priority: 80 + STREAK_WEEK_MILESTONES.indexOf(n) / 10,
    });
  }
  for (const n of STREAK_DAY_MILESTONES) {
    if (t.streakDays < n) break;
    out.push({
      code: `streak-days-${n}`,
      badge: `streak-days-${n}`,
      header: `${n}-day streak!`,
      details: `You trained ${n} days in a row. Keep the chain going, and rest when your body asks for it.`,
      priority: 70 + STREAK_DAY_MILESTONES.indexOf(n) / 10,
    });
  }
  for (const n of VOLUME_MILESTONES) {
    if (t.totalVolumeKg < n) break;
    out.push({
      code: `volume-${n}`,
      badge: `volume-${n}`,
      header: `${volumeText(n, units)} lifted`,
      details: `Across all your sessions you have moved ${volumeText(t.totalVolumeKg, units)} in total.`,
      priority: 60 + VOLUME_MILESTONES.indexOf(n) / 10,
    });
  }
  return out;
}

export type RecordKind = 'weight' | 'reps' | 'one_rep_max';

/** A record beaten by this log: the previous best and the new one (kilograms or reps). */
export interface RecordImprovement {
  exerciseId: number;
  exerciseName: string;
  kind: RecordKind;
  previous: number;
  value: number;
}

export function recordCandidate(
  r: RecordImprovement,
  units: MeasurementType,
): AchievementCandidate {
  const rounded = Math.round(r.value * 100) / 100;
  switch (r.kind) {
    case 'weight':
      return {
        code: `pr-weight:${r.exerciseId}:${rounded}`,
        badge: 'pr-weight',
        header: `New record: heaviest ${r.exerciseName}`,
        details: `You lifted ${weightText(r.value, units)}, up from your previous best of ${weightText(r.previous, units)}.`,
        priority: 45,
        exerciseId: r.exerciseId,
        value: r.value,
      };
    case 'reps':
      return {
        code: `pr-reps:${r.exerciseId}:${rounded}`,
        badge: 'pr-reps',
        header: `New record: most ${r.exerciseName} reps`,
        details: `${r.value} reps in one set, beating your previous best of ${r.previous}.`,
        priority: 40,
        exerciseId: r.exerciseId,
        value: r.value,
      };
    case 'one_rep_max':
      return {
        code: `pr-1rm:${r.exerciseId}:${rounded}`,
        badge: 'pr-1rm',
        header: `New estimated 1RM: ${r.exerciseName}`,
        details: `Your estimated one-rep max is now ${weightText(r.value, units)} (Epley), up from ${weightText(r.previous, units)}.`,
        priority: 50,
        exerciseId: r.exerciseId,
        value: r.value,
      };
  }
}

/** The achievement to show in the modal when a log earns several. */
export function headline<T extends { priority: number }>(awarded: T[]): T | null {
  return awarded.reduce<T | null>(
    (best, a) => (best === null || a.priority > best.priority ? a : best),
    null,
  );
}

export function badgeUrl(badge: string): string {
  return `/achievements/${badge}.svg`;
}
