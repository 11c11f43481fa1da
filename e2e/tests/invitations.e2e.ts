import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  closeBrowser,
  newPage,
  screenshot,
  uniqueEmail,
  signInByApi,
} from '../support/browser';

afterAll(async () => {
  await closeBrowser();
});

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('invitations by email (no SMTP: the outbox)', () => {
  it('a member invites, an admin reads the mail at /admin#mail, the invitee signs up as a friend', async () => {
    // The member sends the invitation through the API (the Friends page renders the modal).
    const inviter = await newPage();
    const jordan = await signInByApi(inviter.page, 'jordan@example.com');
    const email = uniqueEmail('invitee');
    const sent = await apiCall<{ outcome: string }>(
      inviter.page,
      'POST',
      '/api/profile/invite_friend',
      { name: 'Robin Invitee', email },
    );
    expect(sent.outcome).toBe('invited');

    // The admin finds the mail in the outbox and reads its text.
    const admin = await newPage({ viewport: 'phone' });
    await signInByApi(admin.page, 'admin@example.com');
    await admin.page.goto('/');
    await admin.page.getByRole('button', { name: /Account menu/i }).click();
    await admin.page.getByRole('menuitem', { name: 'Admin' }).click();
    await admin.page.getByRole('tab', { name: 'Mail outbox' }).click();
    await admin.page.getByRole('heading', { name: 'Mail outbox' }).waitFor();
    expect(new URL(admin.page.url()).hash).toBe('#mail');
    const row = admin.page.getByRole('row').filter({ hasText: email });
    await row.getByText('Kept (no SMTP)').waitFor();
    await row.getByRole('button', { name: `Show the mail to ${email}` }).click();
    const body = admin.page.locator('pre').filter({ hasText: '/sign-up?invite=' });
    await body.waitFor();
    // Shown as text: the HTML alternative is never rendered.
    const text = await body.innerText();
    await screenshot(admin.page, 'admin-mail-phone');
    const link = /https?:\/\/\S+\/sign-up\?invite=[A-Za-z0-9_-]+/.exec(text)?.[0];
    expect(link).toBeDefined();
    expect(text).toContain(jordan.name);

    // A member who is not an admin is sent away from the page, and refused by the API.
    await inviter.page.goto('/admin/mail');
    await inviter.page.waitForURL((url) => url.pathname === '/');
    const refused = await inviter.page.evaluate(
      async () => (await fetch('/api/admin/mail')).status,
    );
    expect(refused).toBe(403);

    // A new visitor opens the link: told who invited them, name and email prefilled.
    const visitor = await newPage();
    const url = new URL(link!);
    await visitor.page.goto(url.pathname + url.search);
    await visitor.page.getByText(`${jordan.name} invited you to FitCoach`).waitFor();
    expect(await visitor.page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(
      'Robin Invitee',
    );
    expect(await visitor.page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);
    await screenshot(visitor.page, 'sign-up-invited-desktop');
    await visitor.page
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill('a sturdy passphrase');
    await button(visitor.page, 'Next').click();
    await visitor.page.getByRole('radio', { name: 'Female' }).check();
    await visitor.page.getByLabel('Birth date').fill('1992-05-01');
    await visitor.page.getByRole('textbox', { name: 'Weight (kg)' }).fill('62');
    await visitor.page.getByRole('textbox', { name: 'Height (cm)' }).fill('170');
    await button(visitor.page, 'Next').click();
    await chooseOption(visitor.page, 'Workout goal', 'HIIT');
    await chooseOption(visitor.page, 'Meal preference', 'Pescatarian');
    await button(visitor.page, 'Submit').click();
    await visitor.page.getByRole('heading', { name: /Robin/ }).waitFor();

    // Both are friends.
    const theirs = await apiCall<{ friends: { id: number }[] }>(
      visitor.page,
      'GET',
      '/api/friends',
    );
    expect(theirs.friends.map((f) => f.id)).toContain(jordan.id);
    const mine = await apiCall<{ friends: { name: string }[] }>(
      inviter.page,
      'GET',
      '/api/friends',
    );
    expect(mine.friends.map((f) => f.name)).toContain('Robin Invitee');

    // The link was single-use: opened again, it says so and still offers a plain sign-up.
    const late = await newPage();
    await late.page.goto(url.pathname + url.search);
    await late.page.getByText('This invitation has already been used.', { exact: false }).waitFor();
    await late.page.getByRole('textbox', { name: 'Name' }).waitFor();
    expect(await late.page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('');

    for (const p of [inviter, admin, visitor, late]) await p.context.close();
  }, 120_000);
});
