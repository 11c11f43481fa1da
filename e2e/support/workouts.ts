import type { Page } from 'playwright-core';
import { apiCall, uniqueEmail } from './browser';

/** A fresh member, signed up through the API from the page (so every run starts clean). */
export async function signUpFresh(page: Page, measurement: 'metric' | 'imperial' = 'metric') {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  const email = uniqueEmail('workout');
  await page.evaluate(
    async ({ email, measurement }) => {
      const me = (await (await fetch('/api/auth/me')).json()) as { csrf_token: string };
      const res = await fetch('/api/auth/sign_up', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf_token },
        body: JSON.stringify({
          name: 'Tess Tester',
          email,
          password: 'a sturdy passphrase',
          gender: 'female',
          birth_date: '1993-04-04',
          measurement_type: measurement,
          weight: measurement === 'metric' ? 64 : 141,
          height: measurement === 'metric' ? 168 : 66,
          workout_goal: 'weight_lifting',
          meal_preference: 'omnivore',
        }),
      });
      if (res.status !== 201) throw new Error(`sign-up failed: ${res.status}`);
    },
    { email, measurement },
  );
}

/**
 * "Quick test session" of three single groups, no rests: bench press 2 × 5, a 5 s plank,
 * curls 1 × 12. Owned by the member signed in on the page.
 */
export async function createShortWorkout(page: Page) {
  const find = async (q: string, kind: string) => {
    const page1 = await apiCall<{ items: { id: number; kind: string }[] }>(
      page,
      'GET',
      `/api/exercise?q=${q}&limit=10`,
    );
    return page1.items.find((e) => e.kind === kind)!.id;
  };
  const bench = await find('bench press', 'reps');
  const plank = await find('plank', 'timed');
  const curl = await find('curl', 'reps');
  return apiCall<{ id: number }>(page, 'POST', '/api/workout', {
    title: 'Quick test session',
    goal: 'weight_lifting',
    groups: [
      {
        kind: 'single',
        rest_seconds: 0,
        exercises: [{ exercise_id: bench, sets: 2, reps: 5, weight: 40, rest_seconds: 0 }],
      },
      {
        kind: 'single',
        rest_seconds: 0,
        exercises: [{ exercise_id: plank, sets: 1, duration_seconds: 5, rest_seconds: 0 }],
      },
      {
        kind: 'single',
        rest_seconds: 0,
        exercises: [{ exercise_id: curl, sets: 1, reps: 12, weight: 10, rest_seconds: 0 }],
      },
    ],
  });
}

/** The member's latest log, as the history API answers it. */
export async function latestLog(page: Page) {
  const history = await apiCall<{
    items: {
      note: string;
      energy_level: number;
      sleep_quality: number;
      liked_or_disliked: string;
      source: string;
      exercises: { sets: unknown[] }[];
    }[];
  }>(page, 'GET', '/api/workout_log');
  return history.items[0];
}
