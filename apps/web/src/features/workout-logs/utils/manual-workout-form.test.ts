import { describe, expect, it } from 'vitest';
import {
  initialManualWorkoutValues,
  toManualWorkoutInput,
  validateManualWorkout,
} from './manual-workout-form';

const today = '2026-11-21';

describe('manual workout form', () => {
  it('starts today with both ratings at 3', () => {
    expect(initialManualWorkoutValues(today)).toMatchObject({
      performed_on: today,
      energy_level: 3,
      sleep_quality: 3,
      duration_minutes: '',
    });
  });

  it('sends an empty duration as null', () => {
    const values = { ...initialManualWorkoutValues(today), title: 'Swim' };
    expect(toManualWorkoutInput(values).duration_minutes).toBeNull();
    expect(toManualWorkoutInput({ ...values, duration_minutes: 30 }).duration_minutes).toBe(30);
  });

  it('accepts a complete entry', () => {
    const values = { ...initialManualWorkoutValues(today), title: 'Trail run', note: 'Hilly' };
    expect(validateManualWorkout(values, today)).toEqual({});
  });

  it('explains each problem in words a person understands', () => {
    const errors = validateManualWorkout(
      {
        title: '  ',
        performed_on: '2026-11-22',
        duration_minutes: 0,
        note: '',
        energy_level: 0,
        sleep_quality: 3,
      },
      today,
    );
    expect(errors).toEqual({
      title: 'Say what you did.',
      performed_on: 'That date is in the future.',
      duration_minutes: 'Enter whole minutes from 1 to 1440, or leave it empty.',
      energy_level: 'Rate your energy from 1 to 5.',
    });
  });

  it('asks for a date when the field is cleared', () => {
    const values = { ...initialManualWorkoutValues(today), title: 'Yoga', performed_on: '' };
    expect(validateManualWorkout(values, today).performed_on).toBe('Pick the day you trained.');
  });
});
