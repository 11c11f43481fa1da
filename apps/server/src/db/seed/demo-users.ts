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

/** A demo member's completed workout, `daysAgo` days before the seed first ran. */
export interface DemoLog {
  key: string;
  email: string;
  workoutSlug: string;
  daysAgo: number;
  durationMinutes: number;
  note: string;
}

/**
 * What makes the friends features look alive to a newcomer: Jordan and Sam are friends too (so
 * the three members are all friends), a short chat between Maya and Jordan (the last message
 * unread), workouts they shared, and completed workouts in each other's feed with kudos and a
 * comment. Each item has a key: it is written once, so a member who removed a demo friend, or
 * deleted a comment, does not get it back on the next start.
 */
export const demoSocial = {
  friendships: demoFriendships.concat([['jordan@example.com', 'sam@example.com']]),
  chats: [
    {
      key: 'chat:maya-jordan',
      messages: [
        { from: 'maya@example.com', body: 'Leg day tomorrow at 7?', read: true },
        {
          from: 'jordan@example.com',
          body: 'I’m in. Sharing the workout with you now.',
          read: true,
        },
        { from: 'maya@example.com', body: 'Got it, thanks! Bring chalk.', read: true },
        { from: 'jordan@example.com', body: 'Nice pull day today, by the way 💪', read: false },
      ],
    },
  ],
  shares: [
    {
      key: 'share:jordan-maya:leg-day',
      from: 'jordan@example.com',
      to: 'maya@example.com',
      workoutSlug: 'leg-day-hypertrophy',
    },
    {
      key: 'share:maya-sam:push-day',
      from: 'maya@example.com',
      to: 'sam@example.com',
      workoutSlug: 'push-day-hypertrophy',
    },
  ],
  logs: [
    {
      key: 'log:jordan:strength',
      email: 'jordan@example.com',
      workoutSlug: 'barbell-strength-5x5',
      daysAgo: 3,
      durationMinutes: 55,
      note: '',
    },
    {
      key: 'log:maya:pull',
      email: 'maya@example.com',
      workoutSlug: 'pull-day-hypertrophy',
      daysAgo: 1,
      durationMinutes: 48,
      note: '',
    },
    {
      key: 'log:sam:push',
      email: 'sam@example.com',
      workoutSlug: 'push-day-hypertrophy',
      daysAgo: 2,
      durationMinutes: 40,
      note: '',
    },
  ] satisfies DemoLog[],
  kudos: [
    { key: 'kudos:jordan->maya:pull', from: 'jordan@example.com', log: 'log:maya:pull' },
    { key: 'kudos:maya->jordan:strength', from: 'maya@example.com', log: 'log:jordan:strength' },
    { key: 'kudos:sam->maya:pull', from: 'sam@example.com', log: 'log:maya:pull' },
  ],
  comments: [
    {
      key: 'comment:jordan->maya:pull',
      from: 'jordan@example.com',
      log: 'log:maya:pull',
      body: 'Strong pulls! Same time next week?',
    },
  ],
};
