import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, screenshot, viewports } from '../support/browser';

afterAll(async () => {
  await closeBrowser();
});

async function signIn(page: Page, email: string) {
  await page.goto('/sign-in');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('fitcoach-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Types into an exercise picker (the server searches) and picks the result named `name`. */
async function pickExercise(page: Page, row: Locator, search: string, name: string) {
  const picker = row.getByRole('combobox', { name: 'Exercise' });
  await picker.click();
  await picker.fill(search);
  const option = page
    .getByRole('option')
    .filter({ has: page.getByText(name, { exact: true }) })
    .first();
  await option.click();
  expect(await picker.inputValue()).toBe(name);
}

interface WorkoutJson {
  title: string;
  weight_unit: string;
  groups: {
    kind: string;
    exercises: {
      name: string;
      kind: string;
      sets: number;
      reps: number | null;
      weight: number | null;
      duration_seconds: number | null;
    }[];
  }[];
}

/** Full-page screenshots from the top, so the fixed header sits where a member sees it. */
async function screenshotFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

function fetchWorkout(page: Page, id: number) {
  return page.evaluate(async (workoutId) => {
    const response = await fetch(`/api/workout/${workoutId}`);
    return { status: response.status, body: (await response.json()) as unknown };
  }, id);
}

describe('workout builder', () => {
  it('creates, updates, checks and deletes a workout of the member', async () => {
    const { context, page } = await newPage({ viewport: 'phone' });
    await signIn(page, 'jordan@example.com');

    // Create mode: the create button, no workout selector, no update button.
    await page.goto('/builder');
    await page.getByRole('button', { name: 'Create workout' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Workout' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await page.getByRole('combobox', { name: 'Workout to edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Update workout' }).count()).toBe(0);

    const title = `Push and core ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('combobox', { name: 'Goal' }).click();
    await page.getByRole('option', { name: 'Weight lifting' }).click();

    // A single group: bench press, 3 × 8 at 135 lb (Jordan uses imperial units).
    const single = page.getByRole('region', { name: 'Group 1', exact: true });
    const bench = single.getByRole('group', { name: 'Exercise 1' });
    await pickExercise(page, bench, 'bench', 'Barbell bench press');
    await bench.getByRole('textbox', { name: 'Sets' }).fill('3');
    await bench.getByRole('textbox', { name: 'Reps' }).fill('8');
    await bench.getByRole('textbox', { name: 'Weight (lb)' }).fill('135');

    // A superset of a rep exercise and a timed one, which asks for a duration instead.
    await page.getByRole('button', { name: 'Add superset' }).click();
    const superset = page.getByRole('region', { name: 'Group 2', exact: true });
    const pushUp = superset.getByRole('group', { name: 'Exercise 1' });
    await pickExercise(page, pushUp, 'push-up', 'Push-up');
    await pushUp.getByRole('textbox', { name: 'Reps' }).fill('15');
    const plank = superset.getByRole('group', { name: 'Exercise 2' });
    await pickExercise(page, plank, 'plank', 'Plank');
    expect(await plank.getByRole('textbox', { name: 'Reps' }).count()).toBe(0);
    await plank.getByRole('textbox', { name: 'Duration (s)' }).fill('45');
    await screenshotFromTop(page, 'builder-create-phone');

    await page.getByRole('button', { name: 'Create workout' }).click();
    await page.waitForURL(/\/workouts\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(id).toBeGreaterThan(0);

    // Update mode: the selector and the update button, no create button.
    await page.setViewportSize(viewports.desktop);
    await page.goto(`/builder?tab=workout&action=update&workout_id=${id}`);
    const titleBox = page.getByRole('textbox', { name: 'Title' });
    await titleBox.waitFor();
    expect(await page.getByRole('combobox', { name: 'Workout to edit' }).inputValue()).toBe(title);
    expect(await page.getByRole('button', { name: 'Update workout' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Create workout' }).count()).toBe(0);
    expect(await titleBox.inputValue()).toBe(title);
    const loadedPlank = page
      .getByRole('region', { name: 'Group 2', exact: true })
      .getByRole('group', { name: 'Exercise 2' });
    expect(await loadedPlank.getByRole('textbox', { name: 'Duration (s)' }).inputValue()).toBe(
      '45',
    );

    const renamed = `${title} (heavy)`;
    await titleBox.fill(renamed);
    await page.getByRole('button', { name: 'Update workout' }).click();
    await page.getByText(`Your changes to “${renamed}” are saved.`).waitFor();
    // The selector follows the new title.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Workout to edit' }).inputValue())
      .toBe(renamed);
    await screenshotFromTop(page, 'builder-update-desktop');

    const saved = await fetchWorkout(page, id);
    expect(saved.status).toBe(200);
    const workout = saved.body as WorkoutJson;
    expect(workout.title).toBe(renamed);
    expect(workout.weight_unit).toBe('lb');
    expect(workout.groups.map((g) => g.kind)).toEqual(['single', 'superset']);
    expect(workout.groups[0]?.exercises[0]).toMatchObject({
      name: 'Barbell bench press',
      sets: 3,
      reps: 8,
      weight: 135,
    });
    expect(workout.groups[1]?.exercises[1]).toMatchObject({
      name: 'Plank',
      kind: 'timed',
      reps: null,
      duration_seconds: 45,
    });

    // The shared schema speaks before the API does: a missing title is named on its field.
    await titleBox.fill('');
    await page.getByRole('button', { name: 'Update workout' }).click();
    await page.getByText('Give the workout a title.').waitFor();
    expect(await titleBox.getAttribute('aria-invalid')).toBe('true');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshotFromTop(page, 'builder-desktop-dark');

    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'View workout' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Keep editing' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).search).toContain(`workout_id=${id}`);

    // Delete, confirmed in a modal, then the workout is gone.
    await page.getByRole('button', { name: 'Delete workout' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this workout?' });
    await confirm.getByRole('button', { name: 'Delete workout' }).click();
    await page.waitForURL(/\/workouts$/);
    expect((await fetchWorkout(page, id)).status).toBe(404);
    await context.close();
  });

  it('shows the whole repeat-week button on a phone in Spanish', async () => {
    const { context, page } = await newPage({ viewport: 'phone', locale: 'es-ES' });
    await page.goto('/sign-in');
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('sam@example.com');
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('fitcoach-demo');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/builder?tab=program');
    const repeat = page.getByRole('button', { name: 'Repetir la semana 1 en las semanas 2–4' });
    await repeat.waitFor();
    // Its label is read in full, not cut at the edge ("… en las seman").
    const cut = await repeat.evaluate((button) =>
      [button, ...Array.from(button.querySelectorAll('*'))].some(
        (el) =>
          el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > innerWidth,
      ),
    );
    expect(cut).toBe(false);
    await context.close();
  });
});
