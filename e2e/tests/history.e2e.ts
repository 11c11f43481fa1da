import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, closeBrowser, newPage, screenshot, uniqueEmail } from '../support/browser';

afterAll(async () => {
  await closeBrowser();
});

/** A fresh member, so this file depends on no other test's data. */
async function signUpFreshMember(page: Page, name: string) {
  await page.goto('/sign-in');
  await apiCall(page, 'POST', '/api/auth/sign_up', {
    name,
    email: uniqueEmail('history'),
    password: 'a sturdy passphrase',
    gender: 'female',
    birth_date: '1992-04-12',
    measurement_type: 'metric',
    weight: 64,
    height: 170,
    workout_goal: 'weight_lifting',
    meal_preference: 'omnivore',
  });
}

/** The member's local date `days` ago, as the app sends it. */
function localDay(page: Page, days: number): Promise<string> {
  return page.evaluate((n) => {
    const d = new Date();
    d.setDate(d.getDate() - n);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }, days);
}

/** Clicks the n-th star of a rating, as a finger would (the radio inside is visually hidden). */
async function clickStar(scope: Locator, rating: string, n: number) {
  const radio = scope
    .getByRole('radiogroup', { name: rating })
    .getByRole('radio', { name: `${n} stars of 5` });
  const id = await radio.getAttribute('id');
  await scope.locator(`label[for="${id}"]`).click();
}

function starChecked(scope: Locator, rating: string, n: number): Promise<boolean> {
  return scope
    .getByRole('radiogroup', { name: rating })
    .getByRole('radio', { name: `${n} stars of 5` })
    .isChecked();
}

interface WorkoutDetail {
  id: number;
  title: string;
  groups: { exercises: { exercise_id: number; name: string; weight: number | null }[] }[];
}

/** Two sessions of a library workout with a weighted exercise, the second heavier. */
async function logTwoWeightedSessions(page: Page) {
  const library = await apiCall<{ items: { id: number }[] }>(
    page,
    'GET',
    '/api/workout?scope=library&limit=50',
  );
  for (const { id } of library.items) {
    const workout = await apiCall<WorkoutDetail>(page, 'GET', `/api/workout/${id}`);
    const weighted = workout.groups
      .flatMap((g) => g.exercises)
      .find((e) => e.weight !== null && e.weight > 0);
    if (!weighted) continue;
    for (const [daysAgo, weight] of [
      [3, 60],
      [1, 65],
    ] as const) {
      await apiCall(page, 'POST', `/api/workout/${id}/log`, {
        note: daysAgo === 1 ? 'Moved well.' : '',
        liked_or_disliked: 'liked',
        completedExercises: [
          { exercise_id: weighted.exercise_id, reps: [5, 5, 5], weights: [weight, weight, weight] },
        ],
        energy_level: 4,
        sleep_quality: 3,
        performed_on: await localDay(page, daysAgo),
      });
    }
    return { workout, exercise: weighted };
  }
  throw new Error('No library workout has a weighted exercise');
}

describe('completed workouts', () => {
  it('records a manual workout, lists logs with details, shows stats and deletes a log', async () => {
    const { context, page } = await newPage({ viewport: 'phone' });
    await signUpFreshMember(page, 'Hana History');

    // The charts library belongs to the history page only.
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/');
    await page.getByRole('heading', { name: /Hana/ }).waitFor();
    expect(scripts.some((url) => url.includes('/assets/history-'))).toBe(false);

    await page.goto('/history');
    await page.getByRole('heading', { name: 'No workouts logged yet' }).waitFor();
    await page.getByRole('link', { name: 'Browse workouts' }).waitFor();

    // Record a session done outside the app, rating it with the stars.
    await page.getByRole('button', { name: 'Record a workout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a workout' });
    await dialog.getByRole('textbox', { name: 'What did you do?' }).waitFor();
    await dialog.getByRole('button', { name: 'Save workout' }).click();
    await dialog.getByText('Say what you did.').waitFor();
    await dialog.getByRole('textbox', { name: 'What did you do?' }).fill('Trail run');
    await dialog.getByRole('textbox', { name: 'Duration (minutes)' }).fill('42');
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Hilly 8 km loop.');
    await clickStar(dialog, 'Energy level', 5);
    await clickStar(dialog, 'Sleep quality', 2);
    expect(await starChecked(dialog, 'Energy level', 5)).toBe(true);
    await dialog.getByText('Great').waitFor();
    await dialog.getByRole('button', { name: 'Save workout' }).click();

    const achievement = page.getByRole('dialog').filter({ hasText: 'First workout done!' });
    await achievement.waitFor();
    await achievement.getByRole('button', { name: 'Nice!' }).click();
    await achievement.waitFor({ state: 'hidden' });

    const trailRun = page.getByRole('article', { name: 'Trail run' });
    await trailRun.waitFor();
    await trailRun.getByText('Today').waitFor();
    await trailRun.getByText('42 min').waitFor();
    await trailRun.getByText('Manual').waitFor();
    await trailRun.getByText('Hilly 8 km loop.').waitFor();
    await trailRun.getByRole('img', { name: 'Energy 5 of 5' }).waitFor();
    await trailRun.getByRole('img', { name: 'Sleep 2 of 5' }).waitFor();

    // Two weighted sessions logged elsewhere show their exercises and sets.
    const { workout, exercise } = await logTwoWeightedSessions(page);
    await page.reload();
    const latest = page.getByRole('article', { name: workout.title }).first();
    await latest.waitFor();
    await latest.getByText(exercise.name).waitFor();
    await latest.getByText('3 sets of 5 × 65 kg').waitFor();
    await latest.getByText('975 kg').waitFor();
    await latest.getByText('From a workout').waitFor();
    await latest.getByText('Liked').waitFor();
    await screenshot(page, 'history-phone');

    // Personal stats: totals and the record just set.
    await page.getByRole('button', { name: 'Personal stats' }).click();
    const stats = page.getByRole('dialog', { name: 'Personal stats' });
    await stats.getByRole('heading', { name: 'Personal records' }).waitFor();
    const workouts = stats.getByText('Workouts', { exact: true }).locator('xpath=../..');
    expect(await workouts.textContent()).toContain('3');
    await stats.getByText(exercise.name, { exact: true }).waitFor();
    await stats.getByText('65 kg', { exact: true }).waitFor();
    await stats.getByText('First workout done!').waitFor();
    // The modal fills a phone screen and scrolls inside: a screen as tall as its content (and
    // the page behind it) shows all of it.
    const height = await stats.evaluate((el) =>
      Math.max(el.scrollHeight, document.documentElement.scrollHeight),
    );
    await page.setViewportSize({ width: 390, height });
    await screenshot(page, 'personal-stats-phone');
    await page.setViewportSize({ width: 390, height: 844 });
    await stats.getByRole('button', { name: 'Close' }).click();
    await stats.waitFor({ state: 'hidden' });

    // Deleting asks first, then the log leaves the history and the stats follow.
    await trailRun.getByRole('button', { name: /^Delete Trail run/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this workout?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await trailRun.isVisible()).toBe(true);
    await trailRun.getByRole('button', { name: /^Delete Trail run/ }).click();
    await confirm.getByRole('button', { name: 'Delete workout' }).click();
    await page.getByText('“Trail run” is no longer in your history.').waitFor();
    await trailRun.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Personal stats' }).click();
    await stats.getByRole('heading', { name: 'Personal records' }).waitFor();
    await expect
      .poll(async () =>
        stats.getByText('Workouts', { exact: true }).locator('xpath=../..').textContent(),
      )
      .toContain('2');
    await context.close();
  });

  it('draws volume, 1RM, frequency and energy charts, for all or one workout', async () => {
    const { context, page } = await newPage({ viewport: 'desktop', colorScheme: 'dark' });
    await signUpFreshMember(page, 'Chris Charts');
    await page.goto('/history');
    await page.getByRole('heading', { name: 'No workouts logged yet' }).waitFor();

    const { workout, exercise } = await logTwoWeightedSessions(page);
    await apiCall(page, 'POST', '/api/workout_log/manual', {
      title: 'Yoga class',
      performed_on: await localDay(page, 0),
      duration_minutes: 60,
      energy_level: 5,
      sleep_quality: 4,
    });
    await page.reload();

    const progress = page.getByRole('region', { name: 'Progress' });
    const chart = progress.getByRole('tabpanel').locator('svg.recharts-surface').first();
    await progress.getByRole('tab', { name: 'Volume', selected: true }).waitFor();
    await chart.waitFor();
    await progress.getByText('975 kg').first().waitFor();
    await screenshot(page, 'history-desktop-dark');

    await progress.getByRole('tab', { name: '1RM' }).click();
    await chart.waitFor();
    await progress.getByText(exercise.name).first().waitFor();
    await screenshot(page, 'history-charts-desktop');

    await progress.getByRole('tab', { name: 'Frequency' }).click();
    await chart.waitFor();
    await progress.getByText('3 sessions').first().waitFor();

    await progress.getByRole('tab', { name: 'Energy & sleep' }).click();
    await chart.waitFor();
    await progress.getByText('Average energy').waitFor();

    // One workout's charts: the manual session drops out of the frequency.
    await progress.getByRole('combobox', { name: 'Workout shown in the charts' }).click();
    await page.getByRole('option', { name: workout.title }).click();
    await progress.getByRole('tab', { name: 'Frequency' }).click();
    await progress.getByText('2 sessions').first().waitFor();
    await context.close();
  });
});
