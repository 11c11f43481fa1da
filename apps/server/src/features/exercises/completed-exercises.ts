import { weightFromKg, weightToKg, type MeasurementType } from '@fitcoach/shared/units';
import type { Executor } from '../../db/client';
import type { StoredCompletedExercise } from '../../db/schema/workout-logs';
import { validationFailed, type IssueText } from '../../lib/http-error';
import { text } from '../../i18n/i18n';
import { exercisesByIds } from './exercises.service';

/** A completed exercise after Zod: defaults applied. */
export type ParsedCompletedExercise = {
  exercise_id: number;
  reps: number[];
  weights: number[];
  durations: number[];
  note?: string | null | undefined;
};

/**
 * Checks that every exercise exists (reporting each unknown id with its path) and answers the
 * exercises by id, for names and kinds.
 */
export async function checkExercises(db: Executor, list: ParsedCompletedExercise[], path: string) {
  const known = await exercisesByIds(
    db,
    list.map((e) => e.exercise_id),
  );
  const issues: IssueText[] = [];
  list.forEach((e, i) => {
    if (!known.has(e.exercise_id)) {
      issues.push({ path: `${path}.${i}.exercise_id`, message: text('errors:noSuchExercise') });
    }
  });
  if (issues.length > 0) throw validationFailed(issues);
  return known;
}

/** Member's units → kilograms, for storing. */
export function toStored(
  e: ParsedCompletedExercise,
  units: MeasurementType,
): StoredCompletedExercise {
  return {
    exercise_id: e.exercise_id,
    reps: e.reps,
    weights: e.weights.map((w) => weightToKg(w, units)),
    durations: e.durations,
    note: e.note ?? null,
  };
}

/** Kilograms → member's units, for answering. */
export function fromStored(
  e: StoredCompletedExercise,
  units: MeasurementType,
): StoredCompletedExercise {
  return { ...e, weights: e.weights.map((w) => weightFromKg(w, units)) };
}
