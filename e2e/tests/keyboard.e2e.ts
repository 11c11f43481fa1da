import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { AVATAR_PNG } from '../support/avatar-png';
import { apiCall, closeBrowser, newPage, screenshot, uniqueEmail } from '../support/browser';
import { createShortWorkout, latestLog, signUpFresh } from '../support/workouts';

// Every step here is a key press: Tab, Shift+Tab, Enter, Space, arrows, Escape and typing.
// No clicks and no fill(): a flow that only a mouse can finish fails here. The API is used only
// to set up data, never to do what the test is about.

afterAll(async () => {
  await closeBrowser();
});

const DEMO_PASSWORD = 'fitcoach-demo';

async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluateAll((els) => els.some((el) => el === document.activeElement));
}

/** What has the focus, for failure messages. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return 'nothing';
    const name =
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent?.trim().slice(0, 40) ??
      '';
    return `<${el.tagName.toLowerCase()} ${el.getAttribute('type') ?? ''}> ${name}`;
  });
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(
  page: Page,
  target: Locator,
  { max = 40, backwards = false }: { max?: number; backwards?: boolean } = {},
): Promise<void> {
  await target.first().waitFor({ state: 'attached' });
  for (let i = 0; i < max; i += 1) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  if (await hasFocus(target)) return;
  throw new Error(`${String(target)} not reached in ${max} presses; focus: ${await focused(page)}`);
}

async function expectFocus(target: Locator): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await hasFocus(target))) {
    if (Date.now() > deadline)
      throw new Error(`${String(target)} does not have the focus: ${await focused(target.page())}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Nothing covers the focused control (a fixed bar over it would hide it and its ring). */
async function expectUncovered(target: Locator): Promise<void> {
  const hit = await target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && (el === top || el.contains(top));
  });
  expect(hit, `${String(target)} is covered`).toBe(true);
}

/** Presses an arrow key (in a menu, a list) until `target` has the focus. */
/**
 * Waits until an open menu has the focus: it takes it once its opening transition has run, and
 * keys pressed before that (arrows, Escape) reach the page, not the menu (a loaded machine is
 * slow to get there).
 */
async function focusInMenu(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null), {
      timeout: 5_000,
      message: 'the focus moves into the open menu',
    })
    .toBe(true);
}

async function arrowTo(page: Page, key: string, target: Locator, max = 6): Promise<void> {
  await target.waitFor();
  await focusInMenu(page);
  for (let i = 0; i < max && !(await hasFocus(target)); i += 1) await page.keyboard.press(key);
  await expectFocus(target);
}

/**
 * Waits for the focus to move into `container` (a dialog takes it as it opens, a frame or two
 * after it shows), then tabs `presses` times forwards and back: it must never leave.
 */
async function expectFocusTrapped(page: Page, container: Locator, presses = 12): Promise<void> {
  await expect
    .poll(() => container.evaluate((el) => el.contains(document.activeElement)))
    .toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i += 1) {
      await page.keyboard.press(key);
      expect(
        await container.evaluate((el) => el.contains(document.activeElement)),
        `after ${i + 1} × ${key}: ${await focused(page)}`,
      ).toBe(true);
    }
  }
}

async function signInWithKeyboard(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
}

describe('keyboard: skip link', () => {
  it('is the first stop on the auth pages and the signed-in pages, and lands on the main content', async () => {
    const { context, page } = await newPage({ viewport: 'desktop' });
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    const main = page.getByRole('main');

    for (const route of ['/sign-in', '/sign-up']) {
      await page.goto(route);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.keyboard.press('Tab');
      await expectFocus(skip);
      // Shown while focused, on top of the page; hidden again once the focus moves on.
      const box = await skip.boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      await expectUncovered(skip);
      if (route === '/sign-in') await screenshot(page, 'keyboard-skip-link-sign-in');
      await page.keyboard.press('Enter');
      await expectFocus(main);
      expect(await skip.evaluate((el) => getComputedStyle(el).clipPath)).toBe('inset(50%)');
      // The next stop is the page's own first control, past the header's theme menu.
      await page.keyboard.press('Tab');
      expect(await main.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      expect(new URL(page.url()).hash).toBe('');
    }

    await signInWithKeyboard(page, 'jordan@example.com', DEMO_PASSWORD);
    for (const route of ['/', '/workouts', '/history']) {
      await page.goto(route);
      await main.getByRole('heading').first().waitFor();
      await page.keyboard.press('Tab');
      await expectFocus(skip);
      if (route === '/') await screenshot(page, 'keyboard-skip-link-home');
      await page.keyboard.press('Enter');
      await expectFocus(main);
      await page.keyboard.press('Tab');
      expect(await main.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    // The focus ring while tabbing through the navigation.
    await page.goto('/');
    await main.getByRole('heading').first().waitFor();
    await tabTo(page, page.getByRole('link', { name: 'Workouts' }));
    await screenshot(page, 'keyboard-focus-ring-navigation');
    // Following it moves the focus to the new page's heading: read out, and Tab goes on from
    // the page, not from the navigation.
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/workouts');
    await expectFocus(main.getByRole('heading', { level: 1 }));
    await page.keyboard.press('Tab');
    expect(await main.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await context.close();
  });
});

describe('keyboard: sign-up stepper', () => {
  it('walks all three steps, back and forth, with the keyboard alone', async () => {
    const { context, page } = await newPage({ viewport: 'desktop' });
    await page.goto('/sign-up');
    const name = page.getByRole('textbox', { name: 'Name' });
    await tabTo(page, name);
    await page.keyboard.type('Kim Keys');
    await page.keyboard.press('Tab');
    await page.keyboard.type(uniqueEmail('keyboard'));
    await page.keyboard.press('Tab');
    await page.keyboard.type('a sturdy passphrase');
    // Enter in a field of an early step is Next.
    await page.keyboard.press('Enter');

    // Step 2: the focus moves to its first field, the gender radios.
    const female = page.getByRole('radio', { name: 'Female' });
    await female.waitFor();
    await expectFocus(page.getByRole('radio', { name: 'Male' }));
    await page.keyboard.press('ArrowRight');
    expect(await female.isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await expectFocus(page.getByLabel('Birth date'));
    await page.keyboard.type('03091994');
    expect(await page.getByLabel('Birth date').inputValue()).toBe('1994-03-09');
    // Tab walks the date's own month, day and year parts before it leaves the field.
    await tabTo(page, page.getByRole('radio', { name: 'Metric (kg, cm)' }), { max: 4 });
    await page.keyboard.press('Tab');
    await page.keyboard.type('80');
    await page.keyboard.press('Tab');
    await page.keyboard.type('180');
    // Back to the unit switch: the arrows convert what is typed.
    await tabTo(page, page.getByRole('radio', { name: 'Metric (kg, cm)' }), { backwards: true });
    await page.keyboard.press('ArrowRight');
    await page.getByRole('textbox', { name: 'Weight (lb)' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Weight (lb)' }).inputValue()).toBe('176.37');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('textbox', { name: 'Weight (kg)' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Weight (kg)' }).inputValue()).toBe('80');

    // Previous keeps what step 1 holds; Next comes back here.
    await tabTo(page, page.getByRole('button', { name: 'Previous' }));
    await page.keyboard.press('Enter');
    await expectFocus(name);
    expect(await name.inputValue()).toBe('Kim Keys');
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expectFocus(page.getByRole('radio', { name: 'Female' }));
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    // Step 3: searchable selects, typed into and chosen with Enter.
    const goal = page.getByRole('combobox', { name: 'Workout goal' });
    await expectFocus(goal);
    await page.keyboard.type('Cardio');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await goal.inputValue()).toBe('Cardio');
    await tabTo(page, page.getByRole('combobox', { name: 'Meal preference' }));
    await page.keyboard.type('Vegan');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('combobox', { name: 'Meal preference' }).inputValue()).toBe(
      'Vegan',
    );
    await tabTo(page, page.getByRole('button', { name: 'Submit' }));
    await page.keyboard.press('Enter');

    // Signing up and loading the first page: slow on a loaded CI machine.
    await page.getByRole('heading', { name: /Kim/ }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});

describe('keyboard: workout page', () => {
  it('fills sets, runs the timer, rates and logs, with dialogs that trap and return focus', async () => {
    const { context, page } = await newPage({ viewport: 'desktop' });
    await signUpFresh(page);
    const workout = await createShortWorkout(page);
    await page.goto(`/workouts/${workout.id}`);
    await page.getByRole('heading', { name: 'Quick test session' }).waitFor();

    // Set rows: type the reps of set 1, tick set 2 with Space.
    await tabTo(page, page.getByRole('textbox', { name: /bench press, set 1: reps/i }));
    await page.keyboard.type('5');
    const set2 = page.getByRole('button', { name: /Mark .*bench press.*set 2 done/i });
    await tabTo(page, set2);
    await page.keyboard.press('Space');
    await page.getByLabel(/bench press complete/i).waitFor();
    expect(
      await page
        .getByRole('button', { name: /Clear .*bench press.*set 2/i })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await page.getByText('1 of 3 exercises complete').waitFor();

    // The timer: started with Enter; its completion is announced by a polite status region.
    const timer = page.getByRole('timer', { name: /plank/i });
    const status = timer.getByRole('status');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    expect(await status.textContent()).toBe('');
    await tabTo(page, timer.getByRole('button', { name: 'Start timer' }));
    await expectUncovered(timer.getByRole('button', { name: 'Start timer' }));
    await page.keyboard.press('Enter');
    await expectFocus(timer.getByRole('button', { name: 'Pause' }));
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('Timer Complete!');
    // The button pressed keeps the focus through the end of the countdown.
    await expectFocus(timer.getByRole('button', { name: 'Start timer' }));
    await screenshot(page, 'keyboard-timer-complete');
    // Reset after 3 s; the region is empty again and the timer can be restarted.
    await expect.poll(() => status.textContent(), { timeout: 6_000 }).toBe('');
    await tabTo(page, timer.getByRole('button', { name: 'Start timer' }), { max: 5 });

    // The how-to dialog traps the focus and gives it back to the button that opened it.
    // Back up the page to the first group's (forwards would go round the header and navigation).
    const howTo = page.getByRole('button', { name: 'How-to' }).first();
    await tabTo(page, howTo, { backwards: true, max: 60 });
    await page.keyboard.press('Enter');
    const howToDialog = page.getByRole('dialog', { name: /How to:/ });
    await howToDialog.getByRole('listitem').first().waitFor();
    await expectFocusTrapped(page, howToDialog);
    await page.keyboard.press('Escape');
    await howToDialog.waitFor({ state: 'detached' });
    await expectFocus(howTo);

    // Share: the same.
    const share = page.getByRole('button', { name: 'Share', exact: true });
    await tabTo(page, share, { backwards: true });
    await expectUncovered(share);
    await page.keyboard.press('Enter');
    const shareDialog = page.getByRole('dialog', { name: /Share/ });
    await shareDialog.waitFor();
    await expectFocusTrapped(page, shareDialog, 6);
    await page.keyboard.press('Escape');
    await shareDialog.waitFor({ state: 'detached' });
    await expectFocus(share);

    // A confirmation opened from a menu gives the focus back to the menu's button.
    const more = page.getByRole('button', { name: 'More actions' });
    await tabTo(page, more);
    // The menu itself: Escape closes it and leaves the focus on its button.
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await focusInMenu(page);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expectFocus(more);
    await page.keyboard.press('Enter');
    const deleteItem = page.getByRole('menuitem', { name: 'Delete workout' });
    await arrowTo(page, 'ArrowDown', deleteItem);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete this workout?' });
    await confirm.waitFor();
    await expectFocusTrapped(page, confirm, 4);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expectFocus(more);

    // The log dialog: opened, closed (focus back), opened again and filled in.
    const logButton = page.getByRole('button', { name: 'Log workout' });
    await tabTo(page, logButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Log workout' });
    await dialog.getByText('1 exercise, 2 sets done.').waitFor();
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocus(logButton);
    await page.keyboard.press('Enter');
    await dialog.getByText('1 exercise, 2 sets done.').waitFor();
    await tabTo(page, dialog.getByRole('textbox', { name: 'Note' }));
    await page.keyboard.type('All by keyboard.');
    // Liked it: the verdict is a radio group, moved with the arrows from "No opinion".
    await page.keyboard.press('Tab');
    await expectFocus(dialog.getByRole('radio', { name: 'No opinion' }));
    await page.keyboard.press('ArrowLeft');
    expect(await dialog.getByRole('radio', { name: 'Liked it' }).isChecked()).toBe(true);
    // Ratings: each a named radio group, rated with the arrows (no wrapping past 5).
    await page.keyboard.press('Tab');
    await expectFocus(dialog.getByRole('radio', { name: 'Energy level: 3 of 5' }));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('radio', { name: 'Energy level: 5 of 5' }).isChecked()).toBe(
      true,
    );
    await expectFocus(dialog.getByRole('radio', { name: 'Energy level: 5 of 5' }));
    await page.keyboard.press('Tab');
    await expectFocus(dialog.getByRole('radio', { name: 'Sleep quality: 3 of 5' }));
    await page.keyboard.press('ArrowLeft');
    expect(await dialog.getByRole('radio', { name: 'Sleep quality: 2 of 5' }).isChecked()).toBe(
      true,
    );
    expect(await dialog.getByRole('radiogroup', { name: 'Energy level' }).count()).toBe(1);
    expect(await dialog.getByRole('radiogroup', { name: 'Sleep quality' }).count()).toBe(1);
    await screenshot(page, 'keyboard-log-ratings');
    await tabTo(page, dialog.getByRole('button', { name: 'Save log' }));
    await page.keyboard.press('Enter');

    // The achievement dialog is announced: named by its header, described by its details, and
    // the focus on its button.
    const achievement = page.getByRole('dialog', { name: 'First workout done!' });
    await achievement.waitFor();
    const description = await achievement.evaluate((el) => {
      const id = el.getAttribute('aria-describedby');
      return id ? (document.getElementById(id)?.textContent ?? '') : '';
    });
    expect(description).toContain('Achievement unlocked');
    await expectFocus(achievement.getByRole('button', { name: 'Nice!' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/history$/);

    expect(await latestLog(page)).toMatchObject({
      note: 'All by keyboard.',
      energy_level: 5,
      sleep_quality: 2,
      liked_or_disliked: 'liked',
    });
    await context.close();
  });

  it('announces toasts: a copy from the menu says so in an alert with a named close button', async () => {
    const { context, page } = await newPage({ viewport: 'desktop' });
    await signUpFresh(page);
    const workout = await createShortWorkout(page);
    await page.goto(`/workouts/${workout.id}`);
    await page.getByRole('heading', { name: 'Quick test session' }).waitFor();
    await tabTo(page, page.getByRole('button', { name: 'More actions' }));
    await page.keyboard.press('Enter');
    const copy = page.getByRole('menuitem', { name: 'Copy to my workouts' });
    await arrowTo(page, 'ArrowDown', copy);
    await page.keyboard.press('Enter');
    const toast = page.getByRole('alert').filter({ hasText: 'Copied to your workouts' });
    await toast.waitFor();
    expect(await toast.getByRole('button', { name: 'Dismiss notification' }).count()).toBe(1);
    await context.close();
  });
});

describe('keyboard: guided mode', () => {
  it('walks the groups, skips one and logs, with the keyboard alone', async () => {
    const { context, page } = await newPage({ viewport: 'phone' });
    await signUpFresh(page);
    const workout = await createShortWorkout(page);
    await page.goto(`/workouts/${workout.id}`);
    await page.getByRole('heading', { name: 'Quick test session' }).waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Start guided workout' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/guided$/);
    const guided = page.getByRole('dialog', { name: /Guided workout/ });
    await guided.getByText('Group 1 of 3').waitFor();

    await tabTo(page, guided.getByRole('button', { name: /Mark .*set 1 done/ }));
    await page.keyboard.press('Space');
    await tabTo(page, guided.getByRole('button', { name: /Mark .*set 2 done/ }));
    await page.keyboard.press('Space');
    await tabTo(page, guided.getByRole('button', { name: 'Complete group' }));
    await page.keyboard.press('Enter');
    // The focus goes to the new group's line, so the next Tab is in the next group.
    await expectFocus(guided.getByText('Group 2 of 3'));
    await tabTo(page, guided.getByRole('button', { name: 'Skip group' }));
    await page.keyboard.press('Enter');
    await expectFocus(guided.getByText('Group 3 of 3'));
    await tabTo(page, guided.getByRole('button', { name: /Mark .*set 1 done/ }));
    await page.keyboard.press('Space');
    await tabTo(page, guided.getByRole('button', { name: 'Complete group' }));
    await page.keyboard.press('Enter');
    await guided.getByText('Workout finished!').waitFor();
    await expectFocusTrapped(page, guided, 6);

    await tabTo(page, guided.getByRole('button', { name: 'Log workout' }));
    await page.keyboard.press('Enter');
    const log = page.getByRole('dialog', { name: 'Log workout' });
    await log.getByText('2 exercises, 3 sets done.').waitFor();
    await tabTo(page, log.getByRole('button', { name: 'Save log' }));
    await page.keyboard.press('Enter');
    const achievement = page.getByRole('dialog', { name: 'First workout done!' });
    await expectFocus(achievement.getByRole('button', { name: 'Nice!' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Workout logged' }).waitFor();
    await tabTo(page, page.getByRole('link', { name: 'See your history' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/history$/);
    await context.close();
  });
});

describe('keyboard: notifications bell', () => {
  it('announces a new notification, opens the list, marks it read and follows it', async () => {
    const recipient = await newPage({ viewport: 'desktop' });
    const sharer = await newPage({ viewport: 'desktop' });
    const page = recipient.page;
    await signInWithKeyboard(page, 'jordan@example.com', DEMO_PASSWORD);
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();

    // A friend shares a fresh workout (set-up through the API: the test is about the bell).
    const a = sharer.page;
    await a.goto('/sign-in');
    await a.getByRole('button', { name: 'Sign in' }).waitFor();
    const maya = await apiCall<{ user: { name: string } }>(a, 'POST', '/api/auth/sign_in', {
      email: 'maya@example.com',
      password: DEMO_PASSWORD,
    });
    const shared = await createShortWorkout(a);
    const friends = await apiCall<{ friends: { id: number; name: string }[] }>(
      a,
      'GET',
      '/api/friends',
    );
    const jordan = friends.friends.find((f) => f.name.startsWith('Jordan'))!;
    await apiCall(a, 'POST', '/api/workout/share_workout', {
      friend_id: jordan.id,
      workout_id: shared.id,
    });

    // Announced twice over: the toast is a status, and the bell's own polite live region.
    const title = `${maya.user.name} shared a workout with you`;
    const toast = page.getByRole('status').filter({ hasText: title });
    await toast.waitFor({ timeout: 10_000 });
    await page.locator('[aria-live="polite"]', { hasText: `New notification: ${title}` }).waitFor();
    await bell.and(page.getByRole('button', { name: /unread/ })).waitFor();

    // Open the list from the keyboard: the focus moves into it and stays there.
    await tabTo(page, bell);
    await page.keyboard.press('Enter');
    const list = page.getByRole('dialog').filter({ has: page.getByText('Notifications list') });
    const popover = page.getByRole('dialog');
    await popover
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .waitFor();
    expect(await popover.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expectFocusTrapped(page, popover, 4);
    // Escape closes it and gives the focus back to the bell.
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    await expectFocus(bell);

    // Mark all as read, with Enter: the count goes, the focus stays in the list.
    await page.keyboard.press('Enter');
    await tabTo(page, popover.getByRole('button', { name: 'Mark all as read' }));
    await page.keyboard.press('Enter');
    await page.getByRole('banner').getByRole('button', { name: 'Notifications' }).waitFor();
    await expectFocus(popover.getByText('Notifications', { exact: true }));
    await screenshot(page, 'keyboard-notifications-open');

    // Follow the notification to the shared workout.
    await tabTo(page, popover.getByRole('link', { name: new RegExp(title) }).first());
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/workouts/${shared.id}$`));
    expect(await list.count()).toBe(0);
    await recipient.context.close();
    await sharer.context.close();
  });
});

describe('keyboard: a dialog opened from the notifications list', () => {
  it('gives the focus back to the bell when the announcement dialog closes', async () => {
    const { context, page } = await newPage({ viewport: 'desktop' });
    await signInWithKeyboard(page, 'admin@example.com', DEMO_PASSWORD);
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await tabTo(page, bell);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Send an announcement' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send an announcement' });
    await dialog.waitFor();
    await expectFocus(dialog.getByRole('textbox').first());
    await expectFocusTrapped(page, dialog, 6);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocus(bell);
    await context.close();
  });
});

describe('keyboard: profile photo', () => {
  it('uploads and removes a photo, the focus kept on the photo buttons throughout', async () => {
    const { context, page } = await newPage({ viewport: 'desktop' });
    await signUpFresh(page);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Photo' }).waitFor();
    const dir = mkdtempSync(path.join(tmpdir(), 'fitcoach-keyboard-'));
    const file = path.join(dir, 'kim.png');
    writeFileSync(file, AVATAR_PNG);

    // Enter on the button opens the system's file picker; choosing there is the picker's part.
    // The wait starts before the Tab presses: Playwright turns on the browser's file-chooser
    // interception asynchronously, and an Enter sent right after could beat it (the picker then
    // opens unseen; this flaked under CI load).
    const chooser = page.waitForEvent('filechooser');
    await tabTo(page, page.getByRole('button', { name: 'Upload photo' }));
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(file);
    await page.getByText('Your new photo is saved.').waitFor();
    // The button was disabled while uploading; the focus comes back to it, not to the page.
    await expectFocus(page.getByRole('button', { name: 'Change photo' }));

    // The confirmation: Escape gives the focus back to Remove; confirming, Remove goes and the
    // focus goes to the upload button.
    const remove = page.getByRole('button', { name: 'Remove', exact: true });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Remove your photo?' });
    await dialog.waitFor();
    await expectFocusTrapped(page, dialog, 4);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocus(remove);
    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: 'Remove photo' }));
    await page.keyboard.press('Enter');
    await page.getByText('Your initials are shown instead.', { exact: true }).waitFor();
    await expectFocus(page.getByRole('button', { name: 'Upload photo' }));
    rmSync(dir, { recursive: true, force: true });
    await context.close();
  });
});

describe('keyboard: deleting from the history', () => {
  it('moves the focus to the next entry once the deleted one is gone, then to the heading', async () => {
    const { context, page } = await newPage({ viewport: 'desktop' });
    await signUpFresh(page);
    for (const [title, day] of [
      ['Morning run', '2026-01-03'],
      ['Evening swim', '2026-01-02'],
    ] as const) {
      await apiCall(page, 'POST', '/api/workout_log/manual', { title, performed_on: day });
    }
    await page.goto('/history');
    const deleteRun = page.getByRole('button', { name: /^Delete Morning run/ });
    await tabTo(page, deleteRun);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await tabTo(page, dialog.getByRole('button', { name: 'Delete workout' }));
    await page.keyboard.press('Enter');
    await deleteRun.waitFor({ state: 'detached' });
    // The next card's first control, not the page's body.
    const swimCard = page.getByRole('listitem').filter({ hasText: 'Evening swim' });
    expect(await swimCard.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await tabTo(page, page.getByRole('button', { name: /^Delete Evening swim/ }));
    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: 'Delete workout' }));
    await page.keyboard.press('Enter');
    await swimCard.waitFor({ state: 'detached' });
    // The list gave way to the empty state: the page's heading, and the toast still says so.
    await expectFocus(page.getByRole('main').getByRole('heading', { level: 1 }));
    await page.getByText('“Evening swim” is no longer in your history.').waitFor();
    await context.close();
  });
});
