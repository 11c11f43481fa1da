import {
  manualWorkoutInputSchema,
  RATING_INITIAL,
  type ManualWorkoutInput,
} from '@fitcoach/shared/workout-logs';
import { zodErrors } from '../../../lib/form-errors';

/** What the manual-workout form holds; NumberInput gives '' for an empty field. */
export interface ManualWorkoutFormValues {
  title: string;
  performed_on: string;
  duration_minutes: number | string;
  note: string;
  energy_level: number;
  sleep_quality: number;
}

export function initialManualWorkoutValues(today: string): ManualWorkoutFormValues {
  return {
    title: '',
    performed_on: today,
    duration_minutes: '',
    note: '',
    energy_level: RATING_INITIAL,
    sleep_quality: RATING_INITIAL,
  };
}

export function toManualWorkoutInput(values: ManualWorkoutFormValues): ManualWorkoutInput {
  return {
    title: values.title,
    performed_on: values.performed_on,
    duration_minutes: typeof values.duration_minutes === 'number' ? values.duration_minutes : null,
    note: values.note,
    energy_level: values.energy_level,
    sleep_quality: values.sleep_quality,
  };
}

/**
 * The contract's checks, plus "not after today" in the member's own calendar: the server
 * allows a day and a half of slack for time zones, which would let a local tomorrow through.
 */
export function validateManualWorkout(
  values: ManualWorkoutFormValues,
  today: string,
): Record<string, string> {
  const parsed = manualWorkoutInputSchema.safeParse(toManualWorkoutInput(values));
  const errors = parsed.success ? {} : zodErrors(parsed.error);
  if (!errors.performed_on && values.performed_on > today) {
    errors.performed_on = 'That date is in the future.';
  }
  if (!values.performed_on) errors.performed_on = 'Pick the day you trained.';
  // Zod's own wording for these ("Too small: expected…") is not for people.
  if (errors.duration_minutes) {
    errors.duration_minutes = 'Enter whole minutes from 1 to 1440, or leave it empty.';
  }
  if (errors.title && values.title.trim().length > 0) errors.title = 'Use at most 120 characters.';
  if (errors.note) errors.note = 'Use at most 2000 characters.';
  return errors;
}
