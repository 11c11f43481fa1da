import { workoutInputSchema, type WorkoutInputParsed } from '@fitcoach/shared/workouts';
import type { z } from 'zod';
import { zodIssueMessage } from '../../../lib/form-errors';
import { formToWorkoutDraft, type WorkoutFormValues } from './workout-form-values';
import type { WorkoutsT } from './workouts-t';

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
const missingMessages = {
  exercise_id: 'validation.chooseExercise',
  sets: 'validation.sets',
  reps: 'validation.reps',
  weight: 'validation.weight',
  duration_seconds: 'validation.duration',
  rest_seconds: 'validation.rest',
  estimated_minutes: 'validation.minutes',
} as const;

const isMissingField = (field: string): field is keyof typeof missingMessages =>
  Object.hasOwn(missingMessages, field);

/**
 * The shared schema's own words (English, as the API's default) → the catalogue's, so the form
 * checks in the language on screen. A message not listed here shows as the schema wrote it.
 */
export const schemaMessages = {
  'Give the workout a title.': 'validation.schema.title',
  'Choose a goal.': 'validation.schema.goal',
  'Choose a level.': 'validation.schema.level',
  'At least 5 minutes.': 'validation.schema.minMinutes',
  'At most 10 tags.': 'validation.schema.maxTags',
  'Add at least one exercise.': 'validation.schema.noExercise',
  'At most 30 groups.': 'validation.schema.maxGroups',
  'A single group has one exercise.': 'validation.schema.singleSize',
  'A superset or circuit has at least two exercises.': 'validation.schema.linkedSize',
  'At most 10 exercises in a group.': 'validation.schema.maxGroupExercises',
  'At most 15 minutes of rest.': 'validation.schema.maxRest',
  'At least 1 set.': 'validation.schema.minSets',
  'At most 20 sets.': 'validation.schema.maxSets',
  'At least 1 rep.': 'validation.schema.minReps',
  'Weight cannot be negative.': 'validation.schema.negativeWeight',
  'At least 5 seconds.': 'validation.schema.minDuration',
  'At most an hour.': 'validation.schema.maxDuration',
} as const;

const isSchemaMessage = (message: string): message is keyof typeof schemaMessages =>
  Object.hasOwn(schemaMessages, message);

/**
 * The shared schema gives most fields its own words; the rest (an empty number, a bound without
 * a message) get Zod's defaults, which read like a developer's log. Those become sentences.
 */
export function friendlyMessage(t: WorkoutsT, issue: z.core.$ZodIssue): string {
  const field = String(issue.path.at(-1) ?? '');
  // The picker holds real exercises only, so any id problem here means none is chosen yet.
  if (field === 'exercise_id') return t('validation.chooseExercise');
  const isDefault = /^(Invalid input|Too big|Too small)/.test(issue.message);
  if (!isDefault) {
    // The shared schema's messages are catalogue keys: its English words pick this map's entry.
    const english = zodIssueMessage(issue, 'en');
    return isSchemaMessage(english) ? t(schemaMessages[english]) : zodIssueMessage(issue);
  }
  if (issue.code === 'invalid_type') {
    if (issue.expected === 'int') return t('validation.wholeNumber');
    return isMissingField(field) ? t(missingMessages[field]) : t('validation.fillIn');
  }
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum);
    return issue.origin === 'string'
      ? t('validation.maxChars', { max })
      : t('validation.max', { max });
  }
  if (issue.code === 'too_small') {
    const min = Number(issue.minimum);
    return issue.origin === 'string'
      ? t('validation.minChars', { min })
      : t('validation.min', { min });
  }
  return t('validation.check');
}

export type WorkoutFormCheck =
  { ok: true; input: WorkoutInputParsed } | { ok: false; errors: Record<string, string> };

/**
 * Checks the form with the API's own schema, plus what the API checks against the exercise
 * library (a rep exercise needs reps) and what the form promises (a timed one shows its
 * duration, so an empty one is a mistake rather than "use the default").
 */
export function checkWorkoutForm(t: WorkoutsT, values: WorkoutFormValues): WorkoutFormCheck {
  const parsed = workoutInputSchema.safeParse(formToWorkoutDraft(values));
  const issues: { path: string; message: string }[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: friendlyMessage(t, issue),
      }));
  values.groups.forEach((group, g) => {
    group.exercises.forEach((row, i) => {
      const path = `groups.${g}.exercises.${i}`;
      const empty = (v: number | string) => typeof v === 'string' && v.trim() === '';
      if (row.exercise?.kind === 'reps' && empty(row.reps)) {
        issues.push({ path: `${path}.reps`, message: t(missingMessages.reps) });
      }
      if (row.exercise?.kind === 'timed' && empty(row.duration_seconds)) {
        issues.push({
          path: `${path}.duration_seconds`,
          message: t(missingMessages.duration_seconds),
        });
      }
    });
  });
  if (issues.length > 0 || !parsed.success) {
    return { ok: false, errors: issuesToFormErrors(issues) };
  }
  return { ok: true, input: parsed.data };
}
