import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, screenshot } from '../support/browser';

afterAll(async () => {
  await closeBrowser();
});

describe('profile', () => {
  it('edits the profile with the unit switch and keeps the change after a reload', async () => {
    const { context, page } = await newPage({ viewport: 'phone', colorScheme: 'dark' });
    await page.goto('/sign-in');
    await page.getByRole('textbox', { name: 'Email' }).fill('maya@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('fitcoach-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: /Maya/ }).waitFor();

    // Phones get the navigation in a drawer.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();

    const weight = page.getByRole('textbox', { name: 'Weight (kg)' });
    expect(await weight.inputValue()).toBe('61.5');
    await page.getByText('Imperial (lb, in)').click();
    expect(await page.getByRole('textbox', { name: 'Weight (lb)' }).inputValue()).toBe('135.58');
    await page.getByRole('textbox', { name: 'Name' }).fill('Maya R. Rivera');
    await screenshot(page, 'profile-phone-dark');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your changes are saved.').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Maya R. Rivera');
    expect(await page.getByRole('textbox', { name: 'Weight (lb)' }).inputValue()).toBe('135.58');

    // Put the demo member back as she was, through the same form.
    await page.getByRole('textbox', { name: 'Name' }).fill('Maya Rivera');
    await page.getByText('Metric (kg, cm)').click();
    expect(await page.getByRole('textbox', { name: 'Weight (kg)' }).inputValue()).toBe('61.5');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your changes are saved.').waitFor();
    await context.close();
  });

  it('shows field errors from the server and keeps what was typed', async () => {
    const { context, page } = await newPage({ viewport: 'desktop' });
    await page.goto('/sign-in?next=/profile');
    await page.getByRole('textbox', { name: 'Email' }).fill('sam@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('fitcoach-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill('maya@example.com');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('An account with this email already exists.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(
      'maya@example.com',
    );
    await screenshot(page, 'profile-desktop');
    await context.close();
  });
});
