import { describe, expect, it } from 'vitest';
import { virtualTrainerRequestSchema } from './virtual-trainer';

const pathsOf = (input: unknown) => {
  const parsed = virtualTrainerRequestSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.')).sort();
};

describe('virtual trainer request (spec section 5)', () => {
  it('always requires gender', () => {
    expect(pathsOf({ trainer_action: 'quick_exercise', exercise_name: 'Squat' })).toEqual([
      'gender',
    ]);
  });

  it('requires age, frequency, plan length, session length and goal for the workout action', () => {
    expect(pathsOf({ trainer_action: 'workout', gender: 'female' })).toEqual([
      'age',
      'workout_frequency',
      'workout_goal',
      'workout_length',
      'workout_plan_length',
    ]);
    expect(
      pathsOf({
        trainer_action: 'workout',
        gender: 'female',
        age: 30,
        workout_frequency: 3,
        workout_plan_length: 8,
        workout_length: 45,
        workout_goal: 'hiit',
      }),
    ).toEqual([]);
  });

  it('asks for the sport of a sport goal', () => {
    const base = {
      trainer_action: 'quick_workout',
      gender: 'male',
      workout_length: 30,
      workout_goal: 'sport_specific',
    };
    expect(pathsOf(base)).toEqual(['sport_type']);
    expect(pathsOf({ ...base, sport_type: 'soccer' })).toEqual([]);
  });

  it('needs a question to answer and an exercise to explain', () => {
    expect(pathsOf({ trainer_action: 'trainer', gender: 'other', question: '   ' })).toEqual([
      'question',
    ]);
    expect(pathsOf({ trainer_action: 'quick_exercise', gender: 'other' })).toEqual([
      'exercise_name',
    ]);
    // Zero-width characters survive trim(): a question of nothing visible is no question.
    expect(
      pathsOf({ trainer_action: 'nutritionist', gender: 'other', question: '\u200b\u2060' }),
    ).toEqual(['question']);
  });

  it('refuses values out of range and unknown actions', () => {
    expect(
      pathsOf({
        trainer_action: 'quick_workout',
        gender: 'male',
        workout_length: 5,
        workout_goal: 'cardio',
      }),
    ).toEqual(['workout_length']);
    expect(pathsOf({ trainer_action: 'dance', gender: 'male' })).toEqual(['trainer_action']);
  });
});
