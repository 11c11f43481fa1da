import type { CompletedExercise } from '@fitcoach/shared/workout-logs';
import type { WorkoutDetail, WorkoutExercise } from '@fitcoach/shared/workouts';
import { loadableWeight, type WeightUnit } from './lib/loadable-weight';

/** One set as typed on the workout page: inputs may be empty (''). */
export interface SetEntry {
  reps: number | '';
  weight: number | '';
  /** Seconds done, for timed exercises. */
  duration: number | '';
}

export interface ExerciseProgress {
  sets: SetEntry[];
  note: string;
}

/** What the member has typed so far, by workout-exercise id (`WorkoutExercise.id`). */
export type WorkoutProgress = Record<string, ExerciseProgress>;

/** A row per set, the weight prefilled with the prescribed load as it can be put on the bar. */
export function emptySets(e: WorkoutExercise, unit: WeightUnit): SetEntry[] {
  const weight = e.weight === null ? '' : loadableWeight(e.weight, unit);
  return Array.from({ length: e.sets }, () => ({ reps: '', weight, duration: '' }));
}

export function initialProgress(workout: WorkoutDetail): WorkoutProgress {
  const progress: WorkoutProgress = {};
  for (const group of workout.groups) {
    for (const e of group.exercises) {
      progress[e.id] = { sets: emptySets(e, workout.weight_unit), note: '' };
    }
  }
  return progress;
}

/**
 * Saved progress from an earlier visit, trimmed to the workout as it is now: an exercise that
 * was removed is dropped, a new one starts empty, a changed set count keeps what fits.
 */
export function reconcileProgress(
  workout: WorkoutDetail,
  saved: WorkoutProgress | null,
): WorkoutProgress {
  const fresh = initialProgress(workout);
  if (!saved) return fresh;
  for (const group of workout.groups) {
    for (const e of group.exercises) {
      const old = saved[e.id];
      const current = fresh[e.id];
      if (!old || !current) continue;
      current.note = old.note;
      current.sets = current.sets.map((s, i) => old.sets[i] ?? s);
    }
  }
  return fresh;
}

const positive = (v: number | '') => typeof v === 'number' && v > 0;

/** The spec's rule: an exercise is complete (green) when every one of its rows has reps above 0. */
export function isExerciseComplete(progress: ExerciseProgress | undefined): boolean {
  return Boolean(
    progress && progress.sets.length > 0 && progress.sets.every((s) => positive(s.reps)),
  );
}

export function isSetDone(s: SetEntry): boolean {
  return positive(s.reps) || positive(s.duration);
}

/** Exercises with at least one set done, as the log's `completedExercises`, in workout order. */
export function toCompletedExercises(
  workout: WorkoutDetail,
  progress: WorkoutProgress,
): CompletedExercise[] {
  const out: CompletedExercise[] = [];
  for (const group of workout.groups) {
    for (const e of group.exercises) {
      const p = progress[e.id];
      if (!p || !p.sets.some(isSetDone)) continue;
      out.push({
        exercise_id: e.exercise_id,
        reps: p.sets.map((s) => (positive(s.reps) ? (s.reps as number) : 0)),
        weights: p.sets.map((s) => (typeof s.weight === 'number' && s.weight >= 0 ? s.weight : 0)),
        durations: p.sets.map((s) => (positive(s.duration) ? (s.duration as number) : 0)),
        note: p.note.trim() || null,
      });
    }
  }
  return out;
}

export function progressCounts(workout: WorkoutDetail, progress: WorkoutProgress) {
  let complete = 0;
  let total = 0;
  for (const group of workout.groups) {
    for (const e of group.exercises) {
      total += 1;
      if (isExerciseComplete(progress[e.id])) complete += 1;
    }
  }
  return { complete, total };
}

/** The member's local calendar date (streaks count local days, not UTC ones). */
export function localDate(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
