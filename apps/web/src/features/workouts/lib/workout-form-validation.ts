import { workoutInputSchema, type WorkoutInputParsed } from '@fitcoach/shared/workouts';
import type { z } from 'zod';
import { zodIssueMessage } from '../../../lib/form-errors';
import { formToWorkoutDraft, type WorkoutFormValues } from './workout-form-values';

/**
 * Where an issue of the API (or of the shared schema) shows in the form. Paths are the same
 * (`groups.0.exercises.1.reps`) except that the exercise picker holds the whole exercise, not its
 * id, and the tag picker shows every tag problem under itself.
 */
export function toFormPath(path: string): string {
  if (/^tag_ids(\.\d+)?$/.test(path)) return 'tag_ids';
  return path.replace(/(^|\.)exercise_id$/, '$1exercise');
}

/** Issues → form errors, the first message per field. */
export function issuesToFormErrors(
  issues: readonly { path: string; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[toFormPath(issue.path)] ??= issue.message;
  return errors;
}

/** What to ask for when a field is empty, by the field's name. */
const missingMessages: Record<string, string> = {
  exercise_id: 'Choose an exercise.',
  sets: 'Enter the number of sets.',
  reps: 'Enter the reps.',
  weight: 'Enter a weight, or leave it empty for bodyweight.',
  duration_seconds: 'Enter how many seconds.',
  rest_seconds: 'Enter the rest in seconds (0 for none).',
  estimated_minutes: 'Enter about how many minutes it takes.',
};

/**
 * The shared schema gives most fields its own words; the rest (an empty number, a bound without
 * a message) get Zod's defaults, which read like a developer's log. Those become sentences.
 */
export function friendlyMessage(issue: z.core.$ZodIssue): string {
  const field = String(issue.path.at(-1) ?? '');
  // The picker holds real exercises only, so any id problem here means none is chosen yet.
  if (field === 'exercise_id') return 'Choose an exercise.';
  const isDefault = /^(Invalid input|Too big|Too small)/.test(issue.message);
  // The schema's own words are catalogue keys, worded in the language the app shows.
  if (!isDefault) return zodIssueMessage(issue);
  if (issue.code === 'invalid_type') {
    if (issue.expected === 'int') return 'Use a whole number.';
    return missingMessages[field] ?? 'Fill in this field.';
  }
  if (issue.code === 'too_big') {
    return issue.origin === 'string'
      ? `Use at most ${issue.maximum} characters.`
      : `At most ${issue.maximum}.`;
  }
  if (issue.code === 'too_small') {
    return issue.origin === 'string'
      ? `Use at least ${issue.minimum} characters.`
      : `At least ${issue.minimum}.`;
  }
  return 'Check this field.';
}

export type WorkoutFormCheck =
  { ok: true; input: WorkoutInputParsed } | { ok: false; errors: Record<string, string> };

/**
 * Checks the form with the API's own schema, plus what the API checks against the exercise
 * library (a rep exercise needs reps) and what the form promises (a timed one shows its
 * duration, so an empty one is a mistake rather than "use the default").
 */
export function checkWorkoutForm(values: WorkoutFormValues): WorkoutFormCheck {
  const parsed = workoutInputSchema.safeParse(formToWorkoutDraft(values));
  const issues: { path: string; message: string }[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: friendlyMessage(issue),
      }));
  values.groups.forEach((group, g) => {
    group.exercises.forEach((row, i) => {
      const path = `groups.${g}.exercises.${i}`;
      const empty = (v: number | string) => typeof v === 'string' && v.trim() === '';
      if (row.exercise?.kind === 'reps' && empty(row.reps)) {
        issues.push({ path: `${path}.reps`, message: missingMessages.reps ?? '' });
      }
      if (row.exercise?.kind === 'timed' && empty(row.duration_seconds)) {
        issues.push({
          path: `${path}.duration_seconds`,
          message: missingMessages.duration_seconds ?? '',
        });
      }
    });
  });
  if (issues.length > 0 || !parsed.success) {
    return { ok: false, errors: issuesToFormErrors(issues) };
  }
  return { ok: true, input: parsed.data };
}
