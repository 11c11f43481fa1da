import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, screenshot, uniqueEmail, type viewports } from '../support/browser';

afterAll(async () => {
  await closeBrowser();
});

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function signUpThroughEveryStep(viewport: keyof typeof viewports) {
  const { context, page } = await newPage({ viewport });
  await page.goto('/sign-up');

  // Step 1: account. Previous is hidden on the first step; Next shows; Submit does not.
  // The page's own chunks (its form's select boxes among them) load after the first page's:
  // waited for with the page's time-out, not expect.poll's one second (too short on a loaded
  // machine).
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  expect(await button(page, 'Previous').count()).toBe(0);
  expect(await button(page, 'Submit').count()).toBe(0);
  await button(page, 'Next').click();
  // Each step validates before Next.
  await page.getByText('Enter your name.').waitFor();
  await page.getByRole('textbox', { name: 'Name' }).fill('Riley Runner');
  await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail(`signup-${viewport}`));
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await button(page, 'Next').click();
  await page.getByText('Use at least 8 characters.').waitFor();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a sturdy passphrase');
  await screenshot(page, `sign-up-step-1-${viewport}`);
  await button(page, 'Next').click();

  // Step 2: body, with the metric/imperial round trip.
  await page.getByRole('radio', { name: 'Female' }).waitFor();
  expect(await button(page, 'Previous').isVisible()).toBe(true);
  await button(page, 'Next').click();
  await page.getByText('Choose a gender.').waitFor();
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel('Birth date').fill('1994-03-09');
  await page.getByRole('textbox', { name: 'Weight (kg)' }).fill('80');
  await page.getByRole('textbox', { name: 'Height (cm)' }).fill('180');

  await page.getByText('Imperial (lb, in)').click();
  const weightLb = page.getByRole('textbox', { name: 'Weight (lb)' });
  const heightIn = page.getByRole('textbox', { name: 'Height (in)' });
  await weightLb.waitFor();
  expect(await weightLb.inputValue()).toBe('176.37');
  expect(await heightIn.inputValue()).toBe('70.87');
  await screenshot(page, `sign-up-step-2-imperial-${viewport}`);

  await page.getByText('Metric (kg, cm)').click();
  const weightKg = page.getByRole('textbox', { name: 'Weight (kg)' });
  await weightKg.waitFor();
  expect(await weightKg.inputValue()).toBe('80');
  expect(await page.getByRole('textbox', { name: 'Height (cm)' }).inputValue()).toBe('180.01');
  await screenshot(page, `sign-up-step-2-${viewport}`);
  await button(page, 'Next').click();

  // Step 3: goals. Next is hidden on the last step, where Submit shows.
  await page.getByRole('combobox', { name: 'Workout goal' }).waitFor();
  expect(await button(page, 'Next').count()).toBe(0);
  expect(await button(page, 'Submit').isVisible()).toBe(true);
  await chooseOption(page, 'Workout goal', 'Sport');
  await button(page, 'Submit').click();
  await page.getByText('Choose your sport.').waitFor();
  await chooseOption(page, 'Sport', 'Volleyball');
  await chooseOption(page, 'Meal preference', 'Pescatarian');
  await screenshot(page, `sign-up-step-3-${viewport}`);
  await button(page, 'Submit').click();

  // Signed in and home.
  await page.getByRole('heading', { name: /Riley/ }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  await page.getByText('Volleyball').waitFor();
  await screenshot(page, `home-${viewport}`);
  await context.close();
}

describe('sign-up', () => {
  it('walks every step on a phone, validating each, with a unit round trip', async () => {
    await signUpThroughEveryStep('phone');
  });

  it('walks every step on a desktop', async () => {
    await signUpThroughEveryStep('desktop');
  });

  it('goes back to the first step when the email is taken', async () => {
    const { context, page } = await newPage({ viewport: 'desktop' });
    await page.goto('/sign-up');
    await page.getByRole('textbox', { name: 'Name' }).fill('Copy Cat');
    await page.getByRole('textbox', { name: 'Email' }).fill('maya@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a sturdy passphrase');
    await button(page, 'Next').click();
    await page.getByRole('radio', { name: 'Other' }).check();
    await page.getByLabel('Birth date').fill('1990-01-01');
    await page.getByRole('textbox', { name: 'Weight (kg)' }).fill('70');
    await page.getByRole('textbox', { name: 'Height (cm)' }).fill('170');
    await button(page, 'Next').click();
    await chooseOption(page, 'Workout goal', 'Cardio');
    await chooseOption(page, 'Meal preference', 'Vegan');
    await button(page, 'Submit').click();
    await page.getByText('An account with this email already exists.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Email' }).isVisible()).toBe(true);
    await context.close();
  });
});
