import type { NewUserRow } from '../schema/accounts';

/** Shared password of the demo accounts; listed in the README. Turn demo data off with SEED_DEMO=false. */
export const DEMO_PASSWORD = 'fitcoach-demo';

export type DemoUser = Omit<NewUserRow, 'passwordHash'>;

export const demoUsers: DemoUser[] = [
  {
    name: 'Avery Admin',
    email: 'admin@example.com',
    role: 'admin',
    gender: 'other',
    birthDate: '1988-04-12',
    measurementType: 'metric',
    weightKg: 72,
    heightCm: 175,
    workoutGoal: 'weight_lifting',
    sportType: null,
    mealPreference: 'omnivore',
  },
  {
    name: 'Casey Coach',
    email: 'coach@example.com',
    role: 'coach',
    gender: 'female',
    birthDate: '1985-09-30',
    measurementType: 'metric',
    weightKg: 63,
    heightCm: 168,
    workoutGoal: 'crossfit',
    sportType: null,
    mealPreference: 'mediterranean',
  },
  {
    name: 'Maya Rivera',
    email: 'maya@example.com',
    role: 'member',
    gender: 'female',
    birthDate: '1996-02-18',
    measurementType: 'metric',
    weightKg: 61.5,
    heightCm: 165,
    workoutGoal: 'hiit',
    sportType: null,
    mealPreference: 'vegetarian',
  },
  {
    name: 'Jordan Lee',
    email: 'jordan@example.com',
    role: 'member',
    gender: 'male',
    birthDate: '2001-07-05',
    measurementType: 'imperial',
    weightKg: 83.91,
    heightCm: 188,
    workoutGoal: 'sport_specific',
    sportType: 'basketball',
    mealPreference: 'omnivore',
  },
  {
    name: 'Sam Okafor',
    email: 'sam@example.com',
    role: 'member',
    gender: 'male',
    birthDate: '1992-11-23',
    measurementType: 'metric',
    weightKg: 88,
    heightCm: 181,
    workoutGoal: 'boxing',
    sportType: null,
    mealPreference: 'pescatarian',
  },
];

/**
 * Demo members who are friends (an accepted row each way), so that sharing a workout can be
 * tried at once: Maya with Jordan, and Maya with Sam.
 */
export const demoFriendships: [string, string][] = [
  ['maya@example.com', 'jordan@example.com'],
  ['maya@example.com', 'sam@example.com'],
];
