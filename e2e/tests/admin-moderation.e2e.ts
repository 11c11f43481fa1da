import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, closeBrowser, newPage, screenshot, signInByApi } from '../support/browser';

const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await closeBrowser();
});

async function open(options: Parameters<typeof newPage>[0] = {}) {
  const opened = await newPage(options);
  contexts.push(opened.context);
  return opened.page;
}

/** Screenshots show the page, not the toasts over it. */
async function closeToasts(page: Page) {
  for (const close of await page.locator('.mantine-Notification-closeButton').all()) {
    await close.click().catch(() => undefined);
  }
}

describe('moderation in the admin area', () => {
  it('a member reports a message; the admin removes it from #moderation; System names the engine', async () => {
    // Jordan sends Maya (friends in the demo data) something she will report.
    const text = `Quit the gym, loser ${Date.now().toString(36)}`;
    const jordanPage = await open();
    const jordan = await signInByApi(jordanPage, 'jordan@example.com');
    const maya = await open({ viewport: 'phone' });
    const me = await signInByApi(maya, 'maya@example.com');
    await apiCall(jordanPage, 'POST', `/api/chat/${me.id}/messages`, { body: text });

    // Maya reports it from its menu in the conversation (the phone's full-page chat).
    await maya.goto(`/chat/${jordan.id}`);
    const conversation = maya.getByRole('region', { name: `Messages with ${jordan.name}` });
    const bubble = conversation.getByRole('listitem').filter({ hasText: text });
    await bubble.getByRole('button', { name: 'Message options' }).click();
    await maya.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = maya.getByRole('dialog', { name: `Report ${jordan.name}’s message` });
    await dialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
    await dialog.getByRole('textbox', { name: 'Details' }).fill('He keeps sending these.');
    await screenshot(maya, 'report-message-phone');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await maya.getByText('Thanks for your report. An admin will look at it.').waitFor();
    // Once is enough: a second report of the same message is refused while the first is open.
    await bubble.getByRole('button', { name: 'Message options' }).click();
    await maya.getByRole('menuitem', { name: 'Report' }).click();
    await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/already reported this/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The admin finds it in the queue, named in the hash.
    const admin = await open();
    await signInByApi(admin, 'admin@example.com');
    await admin.goto('/admin#moderation');
    expect(await admin.getByRole('tab', { name: 'Moderation' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const card = admin.getByRole('listitem', {
      name: `Message by ${jordan.name}, reported for harassment`,
    });
    const ours = card.filter({ hasText: text });
    await ours.waitFor();
    await ours.getByText('“He keeps sending these.”').waitFor();
    await screenshot(admin, 'admin-moderation-desktop');

    // Removing it asks first; the queue then has it no more.
    await ours.getByRole('button', { name: 'Remove message' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Remove this message?' });
    await confirm.getByRole('textbox', { name: 'Note for the audit log' }).fill('Abuse');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await admin.getByText('Content removed.').waitFor();
    await ours.waitFor({ state: 'detached' });

    // Maya's open conversation shows it removed at once, and she hears back.
    await conversation.getByText('This message was removed by an admin.').waitFor();
    expect(await conversation.getByText(text).count()).toBe(0);
    await closeToasts(maya);
    await screenshot(maya, 'chat-removed-phone');
    const notifications = await apiCall<{ items: { kind: string; title: string }[] }>(
      maya,
      'GET',
      '/api/notifications',
    );
    expect(notifications.items.find((n) => n.kind === 'report_actioned')?.title).toBe(
      'An admin reviewed your report and took action. Thank you.',
    );

    // Handled, with who did it; the audit log has it too.
    await admin.getByText('Handled', { exact: true }).click();
    await admin
      .getByRole('listitem')
      .filter({ hasText: text })
      .getByText(/^Content removed by/)
      .waitFor();
    await admin.getByRole('tab', { name: 'Audit log' }).click();
    await admin.waitForURL((url) => url.hash === '#audit');
    await admin.getByRole('cell', { name: 'Reported content removed' }).first().waitFor();

    // The System tab says which database this is and how big it is.
    await admin.getByRole('tab', { name: 'System' }).click();
    await admin.waitForURL((url) => url.hash === '#system');
    const database = admin.getByRole('region', { name: 'Database' });
    await database
      .getByText(process.env.DATABASE_URL ? 'External PostgreSQL' : 'Embedded PostgreSQL')
      .waitFor();
    await database.getByText(/^Size: \d/).waitFor();
    await admin.getByRole('region', { name: 'Redis' }).getByText('Not configured').waitFor();
    await closeToasts(admin);
    await screenshot(admin, 'admin-system-desktop');
  });

  it('lays the tabs out on a phone, in the dark too', async () => {
    const phone = await open({ viewport: 'phone', colorScheme: 'dark' });
    await signInByApi(phone, 'admin@example.com');
    await phone.goto('/admin#moderation');
    await phone.getByRole('heading', { name: 'Moderation' }).waitFor();
    await phone.getByText('Handled', { exact: true }).click();
    await phone.getByRole('listitem').first().waitFor();
    await screenshot(phone, 'admin-moderation-phone-dark');
    await phone.goto('/admin#system');
    await phone.getByRole('region', { name: 'Database' }).waitFor();
    await screenshot(phone, 'admin-system-phone-dark');
    // Nothing is wider than the screen.
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // A member's profile is reported from the friends list's menu.
    const member = await open({ viewport: 'phone' });
    await signInByApi(member, 'maya@example.com');
    await member.goto('/friends');
    await member
      .getByRole('button', { name: /^More actions for / })
      .first()
      .click();
    await member.getByRole('menuitem', { name: 'Report' }).click();
    await member.getByRole('dialog', { name: /^Report .*’s profile$/ }).waitFor();
    await screenshot(member, 'report-profile-phone');
  });
});
