import { describe, expect, it } from 'vitest';
import { exerciseSeeds } from '../../../db/seed/reference/exercises';
import { matchExerciseName, patternOf, stepsFor } from './exercise-steps';

const library = exerciseSeeds.map((e, i) => ({ id: i + 1, name: e.name }));

describe('exercise name matching', () => {
  it('matches exactly, ignoring case and punctuation', () => {
    expect(matchExerciseName('barbell back squat', library)).toMatchObject({
      found: true,
      name: 'Barbell back squat',
    });
    expect(matchExerciseName('  GOBLET-SQUAT ', library)).toMatchObject({
      found: true,
      name: 'Goblet squat',
    });
  });

  it('matches plurals and typos fuzzily', () => {
    expect(matchExerciseName('goblet squats', library)).toMatchObject({ name: 'Goblet squat' });
    expect(matchExerciseName('romanian deadlfit', library)).toMatchObject({
      found: true,
      name: 'Romanian deadlift',
    });
  });

  it('names the closest exercises when nothing matches', () => {
    const m = matchExerciseName('underwater squat juggling', library);
    expect(m.found).toBe(false);
    if (!m.found) {
      expect(m.closest.length).toBeGreaterThan(0);
      expect(m.closest.some((n) => /squat/i.test(n))).toBe(true);
    }
    expect(matchExerciseName('zzqx', library)).toEqual({ found: false, closest: [] });
  });
});

describe('steps, cues and mistakes', () => {
  it('classifies movements by pattern', () => {
    expect(patternOf('Romanian deadlift')).toBe('hinge');
    expect(patternOf('Barbell back squat')).toBe('squat');
    expect(patternOf('Bulgarian split squat')).toBe('lunge');
    expect(patternOf('Barbell bench press')).toBe('horizontal-push');
    expect(patternOf('Lat pulldown')).toBe('vertical-pull');
    expect(patternOf('Power clean')).toBe('olympic');
    expect(patternOf('Jumping jacks')).toBe('jump');
  });

  it('returns the library steps with the pattern cues', () => {
    const squat = exerciseSeeds.find((e) => e.name === 'Barbell back squat')!;
    const answer = stepsFor({
      id: 1,
      name: squat.name,
      steps: squat.steps,
      kind: 'reps',
      equipment: [],
    });
    expect(answer.steps).toEqual(squat.steps);
    expect(answer.cues.join(' ')).toMatch(/knees track over the toes/);
    expect(answer.mistakes.join(' ')).toMatch(/Knees caving/);
  });

  it('gives every library exercise steps, cues and mistakes', () => {
    for (const e of exerciseSeeds) {
      const a = stepsFor({
        id: 1,
        name: e.name,
        steps: e.steps,
        kind: e.kind,
        equipment: e.equipment,
      });
      expect(a.steps.length, e.name).toBeGreaterThan(0);
      expect(a.cues.length, e.name).toBeGreaterThan(0);
      expect(a.mistakes.length, e.name).toBeGreaterThan(0);
    }
  });
});
