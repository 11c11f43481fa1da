import { equipmentLabels, muscleGroupLabels } from '@fitcoach/shared/exercises';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, i18n, startI18n } from '../../i18n/i18n';
import english from '../../locales/en/exercises.json';
import { exerciseKindLabel, formatDuration } from './exercise-format';

// English is bundled; Spanish loads on demand, so it is loaded once before the tests read it.
beforeAll(async () => {
  await startI18n('en');
  await changeLocale('es', { remember: false });
  await changeLocale('en', { remember: false });
});

const en = () => i18n.getFixedT('en', 'exercises');
const es = () => i18n.getFixedT('es', 'exercises');

describe('formatDuration', () => {
  it('reads seconds, whole minutes and both', () => {
    expect(formatDuration(en(), 'en', 0)).toBe('0 s');
    expect(formatDuration(en(), 'en', 45)).toBe('45 s');
    expect(formatDuration(en(), 'en', 60)).toBe('1 min');
    expect(formatDuration(en(), 'en', 90)).toBe('1 min 30 s');
    expect(formatDuration(en(), 'en', 600)).toBe('10 min');
  });

  it('never shows fractions or negative time', () => {
    expect(formatDuration(en(), 'en', 29.6)).toBe('30 s');
    expect(formatDuration(en(), 'en', -5)).toBe('0 s');
  });
});

describe('exerciseKindLabel', () => {
  it('names rep exercises and timed ones with their default duration', () => {
    const reps = { kind: 'reps', default_duration_seconds: null } as const;
    const timed = { kind: 'timed', default_duration_seconds: 30 } as const;
    const open = { kind: 'timed', default_duration_seconds: null } as const;
    expect(exerciseKindLabel(en(), 'en', reps)).toBe('Reps');
    expect(exerciseKindLabel(en(), 'en', timed)).toBe('Timed · 30 s');
    expect(exerciseKindLabel(en(), 'en', open)).toBe('Timed');
    expect(exerciseKindLabel(es(), 'es', reps)).toBe('Repeticiones');
    expect(exerciseKindLabel(es(), 'es', { ...timed, default_duration_seconds: 90 })).toBe(
      'Por tiempo · 1 min 30 s',
    );
  });
});

describe('muscle and equipment names', () => {
  it('read in English exactly as the shared contract names them', () => {
    expect(english.muscle).toEqual(muscleGroupLabels);
    expect(english.equipment).toEqual(equipmentLabels);
  });
});
