import { epleyOneRepMax } from '@fitcoach/shared/one-rep-max';
import type { RecordImprovement } from './achievement-catalog';

export interface SetDone {
  reps: number;
  weightKg: number;
  durationSeconds: number | null;
}

/** One exercise's bests within a session (or over all time). */
export interface Bests {
  bestWeightKg: number;
  maxReps: number;
  bestOneRepMaxKg: number;
}

export interface ExerciseSummary extends Bests {
  volumeKg: number;
  totalReps: number;
}

export function summarizeSets(sets: SetDone[]): ExerciseSummary {
  let volumeKg = 0;
  let totalReps = 0;
  let bestWeightKg = 0;
  let maxReps = 0;
  let bestOneRepMaxKg = 0;
  for (const s of sets) {
    volumeKg += s.reps * s.weightKg;
    totalReps += s.reps;
    if (s.reps > 0) bestWeightKg = Math.max(bestWeightKg, s.weightKg);
    maxReps = Math.max(maxReps, s.reps);
    bestOneRepMaxKg = Math.max(bestOneRepMaxKg, epleyOneRepMax(s.weightKg, s.reps));
  }
  return { volumeKg, totalReps, bestWeightKg, maxReps, bestOneRepMaxKg };
}

export function maxBests(a: Bests, b: Bests): Bests {
  return {
    bestWeightKg: Math.max(a.bestWeightKg, b.bestWeightKg),
    maxReps: Math.max(a.maxReps, b.maxReps),
    bestOneRepMaxKg: Math.max(a.bestOneRepMaxKg, b.bestOneRepMaxKg),
  };
}

// Float noise from unit conversion must not count as a record.
const EPSILON = 1e-6;

/**
 * The records this session beat. The first time an exercise is logged sets the baseline and
 * beats nothing; a record of 0 (bodyweight only, say) is not one to beat either.
 */
export function improvements(
  exercise: { id: number; name: string },
  previous: Bests | undefined,
  now: Bests,
): RecordImprovement[] {
  if (!previous) return [];
  const out: RecordImprovement[] = [];
  const check = (kind: RecordImprovement['kind'], before: number, after: number) => {
    if (before > 0 && after > before + EPSILON) {
      out.push({
        exerciseId: exercise.id,
        exerciseName: exercise.name,
        kind,
        previous: before,
        value: after,
      });
    }
  };
  check('weight', previous.bestWeightKg, now.bestWeightKg);
  check('reps', previous.maxReps, now.maxReps);
  check('one_rep_max', previous.bestOneRepMaxKg, now.bestOneRepMaxKg);
  return out;
}
