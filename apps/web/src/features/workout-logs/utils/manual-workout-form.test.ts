import { beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, i18n, startI18n } from '../../../i18n/i18n';
import {
  initialManualWorkoutValues,
  toManualWorkoutInput,
  validateManualWorkout,
} from './manual-workout-form';

const today = '2026-11-21';

// English is bundled; Spanish loads on demand, so it is loaded once before the tests read it.
beforeAll(async () => {
  await startI18n('en');
  await changeLocale('es', { remember: false });
  await changeLocale('en', { remember: false });
});

const en = () => i18n.getFixedT('en', 'workout-logs');
const es = () => i18n.getFixedT('es', 'workout-logs');

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
    expect(validateManualWorkout(en(), values, today)).toEqual({});
  });

  const wrong = {
    title: '  ',
    performed_on: '2026-11-22',
    duration_minutes: 0,
    note: '',
    energy_level: 0,
    sleep_quality: 3,
  };

  it('explains each problem in words a person understands', () => {
    expect(validateManualWorkout(en(), wrong, today)).toEqual({
      title: 'Say what you did.',
      performed_on: 'That date is in the future.',
      duration_minutes: 'Enter whole minutes from 1 to 1440, or leave it empty.',
      energy_level: 'Rate your energy from 1 to 5.',
    });
  });

  it('explains them in Spanish too', () => {
    expect(validateManualWorkout(es(), wrong, today)).toEqual({
      title: 'Di qué hiciste.',
      performed_on: 'Esa fecha está en el futuro.',
      duration_minutes: 'Escribe minutos enteros de 1 a 1440, o déjalo vacío.',
      energy_level: 'Valora tu energía de 1 a 5.',
    });
  });

  it('tells a title that is too long from a missing one, and rates sleep', () => {
    const values = {
      ...initialManualWorkoutValues(today),
      title: 'x'.repeat(121),
      note: 'y'.repeat(2001),
      sleep_quality: 6,
    };
    expect(validateManualWorkout(en(), values, today)).toEqual({
      title: 'Use at most 120 characters.',
      note: 'Use at most 2000 characters.',
      sleep_quality: 'Rate your sleep from 1 to 5.',
    });
  });

  it('asks for a date when the field is cleared', () => {
    const values = { ...initialManualWorkoutValues(today), title: 'Yoga', performed_on: '' };
    expect(validateManualWorkout(en(), values, today).performed_on).toBe(
      'Pick the day you trained.',
    );
  });
});
