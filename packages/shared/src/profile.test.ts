import { describe, expect, it } from 'vitest';
import {
  ageOn,
  nameSchema,
  signUpAccountSchema,
  signUpBodySchema,
  signUpGoalsSchema,
  signUpSchema,
} from './profile';

const valid = {
  name: 'Ana',
  email: ' Ana@Example.COM ',
  password: 'long enough',
  gender: 'female',
  birth_date: '1990-05-01',
  measurement_type: 'metric',
  weight: 60,
  height: 165,
  workout_goal: 'cardio',
  meal_preference: 'vegan',
};

function paths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  return (result.error?.issues ?? []).map((i) => i.path.join('.'));
}

describe('sign-up schemas', () => {
  it('accepts a complete sign-up and normalises the email', () => {
    const parsed = signUpSchema.parse(valid);
    expect(parsed.email).toBe('ana@example.com');
  });

  it('validates each step on its own', () => {
    expect(
      paths(signUpAccountSchema.safeParse({ name: '', email: 'x', password: 'short' })),
    ).toEqual(['name', 'email', 'password']);
    expect(paths(signUpBodySchema.safeParse({ measurement_type: 'metric' }))).toEqual(
      expect.arrayContaining(['gender', 'birth_date', 'weight', 'height']),
    );
    expect(paths(signUpGoalsSchema.safeParse({}))).toEqual(
      expect.arrayContaining(['workout_goal', 'meal_preference']),
    );
  });

  it('reports the missing sport together with the other missing fields', () => {
    expect(paths(signUpGoalsSchema.safeParse({ workout_goal: 'sport' }))).toEqual(
      expect.arrayContaining(['meal_preference', 'sport_type']),
    );
    expect(paths(signUpBodySchema.safeParse({ measurement_type: 'metric', weight: 900 }))).toEqual(
      expect.arrayContaining(['gender', 'weight', 'height']),
    );
  });

  it('needs a sport only for the sport goals', () => {
    expect(paths(signUpSchema.safeParse({ ...valid, workout_goal: 'sport' }))).toEqual([
      'sport_type',
    ]);
    expect(paths(signUpSchema.safeParse({ ...valid, workout_goal: 'sport_specific' }))).toEqual([
      'sport_type',
    ]);
    expect(
      signUpSchema.safeParse({ ...valid, workout_goal: 'sport', sport_type: 'tennis' }).success,
    ).toBe(true);
  });

  it('checks weight and height ranges in the chosen units', () => {
    expect(paths(signUpSchema.safeParse({ ...valid, weight: 500 }))).toEqual(['weight']);
    // 500 lb is a plausible weight; 500 kg is not.
    expect(
      signUpSchema.safeParse({ ...valid, measurement_type: 'imperial', weight: 500, height: 70 })
        .success,
    ).toBe(true);
    expect(
      paths(
        signUpSchema.safeParse({
          ...valid,
          measurement_type: 'imperial',
          weight: 150,
          height: 170,
        }),
      ),
    ).toEqual(['height']);
  });

  it('refuses impossible dates and ages outside 13–120', () => {
    expect(paths(signUpSchema.safeParse({ ...valid, birth_date: '1990-02-31' }))).toEqual([
      'birth_date',
    ]);
    expect(paths(signUpSchema.safeParse({ ...valid, birth_date: 'yesterday' }))).toEqual([
      'birth_date',
    ]);
    const thisYear = new Date().getUTCFullYear();
    expect(
      paths(signUpSchema.safeParse({ ...valid, birth_date: `${thisYear - 5}-01-01` })),
    ).toEqual(['birth_date']);
  });

  it('computes age by birthday', () => {
    expect(ageOn('2000-06-15', new Date('2026-06-14T12:00:00Z'))).toBe(25);
    expect(ageOn('2000-06-15', new Date('2026-06-15T12:00:00Z'))).toBe(26);
  });
});

describe('nameSchema', () => {
  it('keeps a name on one line: line breaks and control characters are refused', () => {
    expect(nameSchema.safeParse('  Ana María  ').data).toBe('Ana María');
    for (const name of ['Ana\nBcc', 'Ana\tLee', 'Bell\u0007', 'C1\u0085', 'Del\u007f']) {
      expect(nameSchema.safeParse(name).success).toBe(false);
    }
  });
});
