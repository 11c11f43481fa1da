import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, closeBrowser, newPage, screenshot } from '../support/browser';
import { repoRoot } from '../support/server';
import { createShortWorkout, latestLog, signUpFresh } from '../support/workouts';

const artifacts = path.join(repoRoot, 'e2e', '.artifacts', 'screenshots');

afterAll(async () => {
  await closeBrowser();
});

/** A star is a visually hidden radio with a visible label: tap the label, as a finger would. */
async function tapStar(scope: Locator, name: string) {
  const id = await scope.getByRole('radio', { name }).getAttribute('id');
  await scope.locator(`label[for="${id}"]`).click();
}

describe('workout page', () => {
  it('fills sets until an exercise turns green, runs a timer to completion, and logs with an achievement', async () => {
    const { context, page } = await newPage({ viewport: 'phone' });
    // Count synthesised alarm beeps: the timer must sound when it completes.
    await page.addInitScript(() => {
      // Wrapped, then called with the right `this` below.
      // eslint-disable-next-line @typescript-eslint/unbound-method
      const original = AudioContext.prototype.createOscillator;
      (window as unknown as { beeps: number }).beeps = 0;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        (window as unknown as { beeps: number }).beeps += 1;
        return original.call(this);
      };
    });
    await signUpFresh(page);
    const workout = await createShortWorkout(page);
    await page.goto(`/workouts/${workout.id}`);
    await page.getByRole('heading', { name: 'Quick test session' }).waitFor();

    // Reps above 0 on every row turns the exercise green ("Complete").
    await page
      .getByRole('textbox', { name: /Barbell bench press, set 1: reps|bench press, set 1: reps/i })
      .fill('5');
    expect(await page.getByLabel(/complete$/).count()).toBe(0);
    await page.getByRole('button', { name: /Mark .*bench press.*set 2 done/i }).click();
    await page.getByLabel(/bench press complete/i).waitFor();
    await page.getByText('1 of 3 exercises complete').waitFor();

    // The timer counts down the 5 s, shows 'Timer Complete!' with the alarm, then resets after 3 s.
    const timer = page.getByRole('timer', { name: /plank/i });
    await timer.getByRole('button', { name: 'Start timer' }).click();
    await timer.getByText('Timer Complete!').waitFor({ timeout: 10_000 });
    expect(
      await page.evaluate(() => (window as unknown as { beeps: number }).beeps),
    ).toBeGreaterThan(0);
    await screenshot(page, 'workout-timer-complete-phone');
    await timer.getByText('0:05').waitFor({ timeout: 6_000 });
    expect(await timer.getByText('Timer Complete!').count()).toBe(0);

    // Entries survive a reload (kept on the device until logged).
    await page.reload();
    await page.getByText('1 of 3 exercises complete').waitFor();
    await screenshot(page, 'workout-phone');

    // Log it with the 5-star ratings; the first log earns an achievement.
    await page.getByRole('button', { name: 'Log workout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log workout' });
    await dialog.getByText('1 exercise, 2 sets done.').waitFor();
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Short and sweet.');
    await dialog.locator('label', { hasText: 'Liked it' }).click();
    await tapStar(dialog, 'Energy level: 5 of 5');
    await tapStar(dialog, 'Sleep quality: 2 of 5');
    expect(await dialog.getByRole('radio', { name: 'Energy level: 5 of 5' }).isChecked()).toBe(
      true,
    );
    await screenshot(page, 'log-workout-phone');
    await dialog.getByRole('button', { name: 'Save log' }).click();
    const achievement = page.getByRole('dialog').filter({ hasText: 'First workout done!' });
    await achievement.waitFor();
    expect(await achievement.locator('img').getAttribute('src')).toBe(
      '/achievements/first-workout.svg',
    );
    await screenshot(page, 'achievement-phone');
    await achievement.getByRole('button', { name: 'Nice!' }).click();
    await page.waitForURL(/\/history$/);

    expect(await latestLog(page)).toMatchObject({
      note: 'Short and sweet.',
      energy_level: 5,
      sleep_quality: 2,
      liked_or_disliked: 'liked',
    });
    await context.close();
  });

  it('likes a group and opens the how-to and video demo', async () => {
    const { context, page } = await newPage({ viewport: 'desktop', colorScheme: 'dark' });
    await signUpFresh(page, 'imperial');
    const library = await apiCall<{ items: { id: number }[] }>(
      page,
      'GET',
      '/api/workout?scope=library&q=5%C3%975',
    );
    const id =
      library.items[0]?.id ??
      (await apiCall<{ items: { id: number }[] }>(page, 'GET', '/api/workout?scope=library'))
        .items[0]!.id;
    await page.goto(`/workouts/${id}`);
    await page.getByRole('button', { name: 'Like group 1' }).click();
    await page.getByRole('button', { name: 'Unlike group 1' }).waitFor();
    await page.getByRole('button', { name: 'How-to' }).first().click();
    await page
      .getByRole('dialog', { name: /How to:/ })
      .getByRole('listitem')
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Video demo' }).first().click();
    await page.getByText('No demo video for this exercise yet').waitFor();
    await page.keyboard.press('Escape');
    // Weights are in the member's units.
    expect(await page.getByText(/Weight \(lb\)/).count()).toBeGreaterThan(0);
    await screenshot(page, 'workout-desktop-dark');
    await context.close();
  });
});

describe('guided workout', () => {
  it('walks the groups with one skip and leads into the pre-filled log', async () => {
    const { context, page } = await newPage({ viewport: 'phone' });
    await signUpFresh(page);
    const workout = await createShortWorkout(page);
    await page.goto(`/workouts/${workout.id}`);
    await page.getByRole('button', { name: 'Start guided workout' }).click();
    await page.waitForURL(/\/guided$/);
    await page.getByText('Group 1 of 3').waitFor();

    await page.getByRole('button', { name: /Mark .*set 1 done/ }).click();
    await page.getByRole('button', { name: /Mark .*set 2 done/ }).click();
    await screenshot(page, 'guided-phone');
    await page.getByRole('button', { name: 'Complete group' }).click();
    await page.getByText('Group 2 of 3').waitFor();

    // Reload mid-way: the server-side session resumes at the same group.
    await page.reload();
    await page.getByText('Group 2 of 3').waitFor();
    await page.getByRole('button', { name: 'Skip group' }).click();

    await page.getByText('Group 3 of 3').waitFor();
    await page.getByRole('button', { name: /Mark .*set 1 done/ }).click();
    await page.getByRole('button', { name: 'Complete group' }).click();
    await page.getByText('Workout finished!').waitFor();
    await page.getByText('2 groups completed, 1 skipped').waitFor();
    await page.getByRole('button', { name: 'Log workout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log workout' });
    await dialog.getByText('2 exercises, 3 sets done.').waitFor();
    await dialog.getByRole('button', { name: 'Save log' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'First workout done!' })
      .getByRole('button', { name: 'Nice!' })
      .click();
    // The finished screen, not the first group again: what went into the log, and the ways out.
    await page.getByRole('heading', { name: 'Workout logged' }).waitFor();
    await page.getByText('2 groups completed, 1 skipped. It is in your history.').waitFor();
    expect(await page.getByText(/^Group \d+ of \d+$/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Complete group' }).count()).toBe(0);
    expect(
      await page.getByRole('list', { name: 'What you logged' }).getByRole('listitem').count(),
    ).toBe(2);
    await screenshot(page, 'guided-logged-phone');
    await page.getByRole('link', { name: 'See your history' }).click();
    await page.waitForURL(/\/history$/);

    const latest = await latestLog(page);
    expect(latest!.source).toBe('guided');
    expect(latest!.exercises.map((e) => e.sets.length)).toEqual([2, 1]);
    await context.close();
  });

  it('leaves the finished screen’s ways out uncovered on a phone when nothing was earned', async () => {
    const { context, page } = await newPage({ viewport: 'phone' });
    await signUpFresh(page);
    // Ten exercises: the finished screen's list puts its last link at the bottom of a phone's
    // screen, where a toast shows.
    const exerciseIds: number[] = [];
    const queries = ['bench press', 'curl', 'squat', 'deadlift', 'row', 'shoulder press'];
    for (const q of [...queries, 'lunge', 'pull', 'calf', 'raise']) {
      const found = await apiCall<{ items: { id: number; kind: string }[] }>(
        page,
        'GET',
        `/api/exercise?q=${encodeURIComponent(q)}&limit=20`,
      );
      const id = found.items.find((e) => e.kind === 'reps' && !exerciseIds.includes(e.id))!.id;
      exerciseIds.push(id);
    }
    const workout = await apiCall<{ id: number }>(page, 'POST', '/api/workout', {
      title: 'Long test session',
      goal: 'weight_lifting',
      groups: exerciseIds.map((id) => ({
        kind: 'single',
        rest_seconds: 0,
        exercises: [{ exercise_id: id, sets: 1, reps: 5, weight: 10, rest_seconds: 0 }],
      })),
    });
    // A first, heavier log already made: the guided one earns nothing (no first workout, no
    // record, no volume milestone), so no achievement modal comes before the finished screen.
    await apiCall(page, 'POST', `/api/workout/${workout.id}/log`, {
      completedExercises: exerciseIds.map((id) => ({
        exercise_id: id,
        reps: [10],
        weights: [40],
      })),
      energy_level: 3,
      sleep_quality: 3,
    });
    await page.goto(`/workouts/${workout.id}/guided`);
    for (const n of exerciseIds.keys()) {
      await page.getByText(`Group ${n + 1} of ${exerciseIds.length}`).waitFor();
      await page.getByRole('button', { name: /Mark .*set 1 done/ }).click();
      await page.getByRole('button', { name: 'Complete group' }).click();
    }
    await page.getByRole('button', { name: 'Log workout' }).click();
    await page
      .getByRole('dialog', { name: 'Log workout' })
      .getByRole('button', { name: 'Save log' })
      .click();
    await page.getByRole('heading', { name: 'Workout logged' }).waitFor();
    await page.getByRole('dialog', { name: 'Log workout' }).waitFor({ state: 'detached' });

    await page.screenshot({ path: path.join(artifacts, 'guided-logged-again-phone.png') });

    // The screen as it opens: Home sits in the bottom strip of the phone's screen.
    const home = await page.getByRole('link', { name: 'Home' }).boundingBox();
    const height = await page.evaluate(() => window.innerHeight);
    const homeCentre = home!.y + home!.height / 2;
    expect(homeCentre).toBeGreaterThan(height - 100);
    expect(homeCentre).toBeLessThan(height);
    for (const name of ['See your history', 'Back to the workout', 'Home']) {
      const link = page.getByRole('link', { name });
      // What a finger on the link's centre would touch: the link, not something over it.
      const touched = await link.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && el.contains(hit);
      });
      expect(touched, name).toBe(true);
    }
    await context.close();
  });
});
