import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  closeBrowser,
  newPage,
  screenshot,
  signInByApi,
  uniqueEmail,
} from '../support/browser';

afterAll(async () => {
  await closeBrowser();
});

const hashOf = (page: Page) => new URL(page.url()).hash;

/** Screenshots show the page, not the toasts over it. */
async function closeToasts(page: Page) {
  for (const close of await page.locator('.mantine-Notification-closeButton').all()) {
    await close.click().catch(() => undefined);
  }
}
const PASSWORD = 'a sturdy passphrase';

describe('the admin area', () => {
  it('opens a tab from the hash, changes a role, and a suspension signs the member out at once', async () => {
    // A fresh member of this run's own, signed in on their own browser.
    const member = await newPage();
    const email = uniqueEmail('suspended');
    await member.page.goto('/sign-in');
    await member.page.getByRole('button', { name: 'Sign in' }).waitFor();
    await apiCall(member.page, 'POST', '/api/auth/sign_up', {
      name: 'Casey Suspendable',
      email,
      password: PASSWORD,
      gender: 'other',
      birth_date: '1992-04-02',
      measurement_type: 'metric',
      weight: 70,
      height: 175,
      workout_goal: 'hiit',
      sport_type: null,
      meal_preference: 'omnivore',
    });
    await member.page.goto('/');
    await member.page.getByRole('heading', { name: /Casey/ }).waitFor();

    const admin = await newPage();
    await signInByApi(admin.page, 'admin@example.com');
    // The tab named in the hash opens on load.
    await admin.page.goto('/admin#audit');
    await admin.page.getByRole('heading', { name: 'Audit log' }).waitFor();
    expect(
      await admin.page.getByRole('tab', { name: 'Audit log' }).getAttribute('aria-selected'),
    ).toBe('true');

    // Showing a tab writes its hash; back and forward walk the tabs.
    await admin.page.getByRole('tab', { name: 'Users' }).click();
    await admin.page.waitForURL((url) => url.hash === '#users');
    await admin.page.goBack();
    await admin.page.waitForURL((url) => url.hash === '#audit');
    await admin.page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await admin.page.goForward();
    await admin.page.waitForURL((url) => url.hash === '#users');

    // Find the member and make them a coach.
    await admin.page.getByRole('searchbox', { name: 'Search members' }).fill(email);
    await admin.page.getByRole('button', { name: 'View Casey Suspendable' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Casey Suspendable' });
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await admin.page.getByRole('option', { name: 'Coach', exact: true }).click();
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await admin.page.getByText('Casey Suspendable is now: Coach.').waitFor();
    await closeToasts(admin.page);
    await screenshot(admin.page, 'admin-user-desktop');

    // Suspend them: their open page loses its session at once, without a reload.
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Suspend Casey Suspendable?' });
    await confirm.getByRole('button', { name: 'Suspend' }).click();
    await admin.page.getByText('Casey Suspendable is suspended.').waitFor();
    await member.page.waitForURL((url) => url.pathname === '/sign-in', { timeout: 10_000 });

    // Signing in again is refused with a clear message.
    await member.page.getByRole('textbox', { name: 'Email' }).fill(email);
    await member.page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await member.page.getByRole('button', { name: 'Sign in' }).click();
    await member.page.getByText(/This account is suspended/).waitFor();

    // Both actions are on record.
    await admin.page.keyboard.press('Escape');
    await admin.page.getByRole('tab', { name: 'Audit log' }).click();
    expect(hashOf(admin.page)).toBe('#audit');
    const rows = admin.page.getByRole('row').filter({ hasText: email });
    await rows.filter({ hasText: 'Suspended' }).first().waitFor();
    await rows.filter({ hasText: 'Role changed' }).first().waitFor();
    await closeToasts(admin.page);
    await screenshot(admin.page, 'admin-audit-desktop');
    await admin.page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(admin.page, 'admin-audit-desktop-dark');

    // Phone widths, light and dark.
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await admin.page.emulateMedia({ colorScheme: 'light' });
    await admin.page.getByRole('tab', { name: 'Users' }).click();
    await admin.page
      .getByRole('button', { name: /^View / })
      .first()
      .waitFor();
    await screenshot(admin.page, 'admin-users-phone');
    await admin.page.emulateMedia({ colorScheme: 'dark' });
    await admin.page.getByRole('searchbox', { name: 'Search members' }).fill(email);
    await admin.page.getByRole('button', { name: 'View Casey Suspendable' }).click();
    await admin.page
      .getByRole('dialog', { name: 'Casey Suspendable' })
      .getByText('Suspended')
      .first()
      .waitFor();
    await screenshot(admin.page, 'admin-user-phone-dark');

    await member.context.close();
    await admin.context.close();
  });
});
