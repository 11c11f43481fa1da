import type { ExerciseKind } from '@fitcoach/shared/exercises';

/** A duration as members read it on a card: "45 s", "1 min", "1 min 30 s". */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** "Reps", or "Timed · 30 s" with the default duration when there is one. */
export function exerciseKindLabel(exercise: {
  kind: ExerciseKind;
  default_duration_seconds: number | null;
}): string {
  switch (exercise.kind) {
    case 'reps':
      return 'Reps';
    case 'timed':
      return exercise.default_duration_seconds === null
        ? 'Timed'
        : `Timed · ${formatDuration(exercise.default_duration_seconds)}`;
  }
}
