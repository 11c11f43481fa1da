import { describe, expect, it } from 'vitest';
import { exerciseKindLabel, formatDuration } from './exercise-format';

describe('formatDuration', () => {
  it('reads seconds, whole minutes and both', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(90)).toBe('1 min 30 s');
    expect(formatDuration(600)).toBe('10 min');
  });

  it('never shows fractions or negative time', () => {
    expect(formatDuration(29.6)).toBe('30 s');
    expect(formatDuration(-5)).toBe('0 s');
  });
});

describe('exerciseKindLabel', () => {
  it('names rep exercises and timed ones with their default duration', () => {
    expect(exerciseKindLabel({ kind: 'reps', default_duration_seconds: null })).toBe('Reps');
    expect(exerciseKindLabel({ kind: 'timed', default_duration_seconds: 30 })).toBe('Timed · 30 s');
    expect(exerciseKindLabel({ kind: 'timed', default_duration_seconds: null })).toBe('Timed');
  });
});
