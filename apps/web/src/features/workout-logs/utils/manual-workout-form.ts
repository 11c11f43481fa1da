import type { TFunction } from 'i18next';
import {
  manualWorkoutInputSchema,
  RATING_INITIAL,
  RATING_MAX,
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
 * The contract says which fields are wrong; the words come from the catalogue, in the
 * member's language (the contract's own messages are English, and Zod's are not for people).
 */
export function validateManualWorkout(
  t: TFunction<'workout-logs'>,
  values: ManualWorkoutFormValues,
  today: string,
): Record<string, string> {
  const parsed = manualWorkoutInputSchema.safeParse(toManualWorkoutInput(values));
  const wrong = parsed.success ? {} : zodErrors(parsed.error);
  const errors: Record<string, string> = {};
  if (wrong.title) {
    errors.title =
      values.title.trim().length > 0 ? t('manual.errors.titleTooLong') : t('manual.errors.title');
  }
  if (!values.performed_on) errors.performed_on = t('manual.errors.date');
  else if (values.performed_on > today) errors.performed_on = t('manual.errors.future');
  else if (wrong.performed_on) errors.performed_on = t('manual.errors.dateFormat');
  if (wrong.duration_minutes) errors.duration_minutes = t('manual.errors.duration');
  if (wrong.note) errors.note = t('manual.errors.note');
  if (wrong.energy_level) errors.energy_level = t('manual.errors.energy', { max: RATING_MAX });
  if (wrong.sleep_quality) errors.sleep_quality = t('manual.errors.sleep', { max: RATING_MAX });
  return errors;
}
