import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, closeBrowser, newPage, screenshot, uniqueEmail } from '../support/browser';

// The virtual trainer form as a member uses it: each preset link, the spec's validation rule,
// and what each generating action makes, opened and used (engine `local`, the default).

const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await closeBrowser();
});

async function open(viewport: 'phone' | 'desktop' = 'desktop'): Promise<Page> {
  const opened = await newPage({ viewport });
  contexts.push(opened.context);
  return opened.page;
}

async function signUp(page: Page, name: string): Promise<{ id: number }> {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  const answer = await apiCall<{ user: { id: number } }>(page, 'POST', '/api/auth/sign_up', {
    name,
    email: uniqueEmail('trainer'),
    password: 'a sturdy passphrase',
    gender: 'female',
    birth_date: '1990-06-15',
    measurement_type: 'metric',
    weight: 62,
    height: 167,
    workout_goal: 'weight_lifting',
    meal_preference: 'vegetarian',
  });
  return answer.user;
}

const form = (page: Page) => page.getByRole('form', { name: 'Virtual trainer request' });

describe('virtual trainer form', () => {
  it('presets the action from the link and blocks a request with a missing field', async () => {
    const page = await open('phone');
    await signUp(page, 'Preset Tester');
    for (const [action, label] of [
      ['quick_workout', 'Quick workout'],
      ['diet', 'Diet'],
      ['workout', 'Program'],
    ] as const) {
      await page.goto(`/trainer/new?action=${action}`);
      await page.getByRole('heading', { name: 'Ask the virtual trainer' }).waitFor();
      expect(
        await form(page)
          .getByRole('radio', { name: new RegExp(`^${label}`) })
          .isChecked(),
      ).toBe(true);
    }

    // The six actions are one radio group: one Tab stop (the chosen action), arrows choose.
    const radio = (name: string) => form(page).getByRole('radio', { name, exact: true });
    const focused = (name: string) => radio(name).evaluate((el) => el === document.activeElement);
    await form(page).getByRole('radiogroup', { name: 'What would you like?' }).waitFor();
    await radio('Program').focus();
    await page.keyboard.press('ArrowRight');
    expect(await radio('Diet').isChecked()).toBe(true);
    expect(await focused('Diet')).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await radio('Program').isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused('Diet')).toBe(false);
    expect(
      await form(page)
        .getByRole('combobox', { name: /^Gender/ })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);

    // The workout action needs age, frequency, plan length, session length and goal: a cleared
    // field is marked, focused, and nothing is sent.
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/virtual_trainer')) sent += 1;
    });
    const weeks = form(page).getByRole('textbox', { name: 'Weeks' });
    await weeks.fill('');
    await form(page).getByRole('button', { name: 'Make my program' }).click();
    await form(page).getByText('Choose how many weeks the plan lasts (1 to 52).').waitFor();
    expect(await weeks.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toBe(0);
    await screenshot(page, 'trainer-form-invalid-phone');
  });

  it('makes a quick workout, opens it and logs it', async () => {
    const page = await open();
    await signUp(page, 'Quick Tester');
    await page.goto('/trainer/new?action=quick_workout');
    await form(page).getByRole('textbox', { name: 'Minutes a session' }).fill('30');
    await form(page).getByRole('button', { name: 'Make my workout' }).click();
    await page.waitForURL(/\/workouts\/\d+$/);
    await page.getByRole('button', { name: 'Log workout' }).waitFor();
    await screenshot(page, 'trainer-quick-workout-desktop');

    const reps = page.getByRole('textbox', { name: /set 1: reps/ }).first();
    await reps.fill('8');
    await page.getByRole('button', { name: 'Log workout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log workout' });
    await dialog.getByRole('button', { name: 'Save log' }).click();
    await dialog.waitFor({ state: 'detached' });
    const history = await apiCall<{ items: { workout_id: number }[] }>(
      page,
      'GET',
      '/api/workout_log',
    );
    const workoutId = Number(page.url().split('/').pop());
    expect(history.items.some((log) => log.workout_id === workoutId)).toBe(true);
  });

  it('makes a program and opens it in its calendar', async () => {
    const page = await open();
    await signUp(page, 'Program Tester');
    await page.goto('/trainer/new?action=workout');
    await form(page).getByRole('textbox', { name: 'Days a week' }).fill('3');
    await form(page).getByRole('textbox', { name: 'Weeks' }).fill('6');
    await form(page).getByRole('button', { name: 'Make my program' }).click();
    await page.waitForURL(/\/programs\/\d+$/);
    await page.getByText('Week 6').first().waitFor();
    await screenshot(page, 'trainer-program-desktop');
  });

  it("makes a day's diet under the meal preference and opens it", async () => {
    const page = await open('phone');
    await signUp(page, 'Diet Tester');
    await page.goto('/trainer/new?action=diet');
    await form(page).getByRole('button', { name: 'Make my diet' }).click();
    await page.waitForURL(/\/diets\/\d+$/);
    await page.getByRole('heading', { name: 'Breakfast' }).first().waitFor();
    const dietId = Number(page.url().split('/').pop());
    const diet = await apiCall<{ meal_preference: string }>(page, 'GET', `/api/diet/${dietId}`);
    expect(diet.meal_preference).toBe('vegetarian');
    await screenshot(page, 'trainer-diet-phone');
  });

  it('answers a question in place, citing what it used', async () => {
    const page = await open();
    await signUp(page, 'Question Tester');
    await page.goto('/trainer/new');
    await form(page)
      .getByRole('radio', { name: /^Ask a nutritionist/ })
      .check();
    await form(page)
      .getByRole('textbox', { name: 'Your question' })
      .fill('How much protein do I need to build muscle?');
    await form(page).getByRole('button', { name: 'Ask' }).click();
    await page.getByRole('heading', { name: "The trainer's answer" }).waitFor();
    await page.getByText('Based on').waitFor();
  });
});
