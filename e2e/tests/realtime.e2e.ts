import type { BrowserContext, Locator, Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, closeBrowser, newPage, screenshot, signInByApi } from '../support/browser';
import { BROWSER_TEST_LIMITS, type RunningServer } from '../support/server';
import {
  befriend,
  createStore,
  runSql,
  seedStore,
  startServerOn,
  type Store,
} from '../support/store';

// This file runs its own server, so it can restart it (a deploy) under connected browsers.
let store: Store;
let server: RunningServer;
const contexts: BrowserContext[] = [];

const SHARER = 'maya@example.com';
const RECIPIENT = 'jordan@example.com';

beforeAll(async () => {
  store = await createStore();
  seedStore(store);
  // The demo seed makes these two friends; the test does not rely on it (an accepted row each
  // way, the way the social feature records it).
  await befriend(store, SHARER, RECIPIENT);
  server = await startServerOn(store, BROWSER_TEST_LIMITS);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await closeBrowser();
  await server?.stop();
  await store?.dispose();
});

async function open(options: Parameters<typeof newPage>[0]) {
  const opened = await newPage({ ...options, baseURL: server.baseUrl });
  contexts.push(opened.context);
  return opened;
}

interface SocketLog {
  socket: WebSocket;
  /** Every server → client message, parsed; pings included. */
  received: { type?: string; reason?: string; reconnect?: boolean; identifier?: string }[];
  closed: boolean;
}

/** Records every WebSocket the page opens and what the server said on it. */
function watchSockets(page: Page): SocketLog[] {
  const logs: SocketLog[] = [];
  page.on('websocket', (socket) => {
    const log: SocketLog = { socket, received: [], closed: false };
    logs.push(log);
    socket.on('framereceived', ({ payload }) => {
      log.received.push(JSON.parse(String(payload)) as SocketLog['received'][number]);
    });
    socket.on('close', () => (log.closed = true));
  });
  return logs;
}

const isConfirm = (m: SocketLog['received'][number]) =>
  m.type === 'confirm_subscription' &&
  (JSON.parse(m.identifier ?? '{}') as { channel?: string }).channel === 'NotificationsChannel';

async function until(what: string, check: () => boolean, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** True when nothing covers the element at its centre (what a tap there would hit). */
async function topmostAtCentre(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (el === hit || el.contains(hit));
  });
}

function bell(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
}

async function unreadCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

/** The n-th workout of the library (0 first): each test shares its own, as a repeat share of
 * the same workout tells the friend nothing new. */
async function libraryWorkout(page: Page, n: number) {
  const list = await apiCall<{ items: { id: number; title: string }[] }>(
    page,
    'GET',
    `/api/workout?scope=all&limit=${n + 1}`,
  );
  return list.items[n]!;
}

describe('realtime notifications', () => {
  it('shows a workout a friend shares at once: bell count, toast, list, link', async () => {
    const recipient = await open({ viewport: 'phone', colorScheme: 'light' });
    const sharer = await open({ viewport: 'desktop' });
    const b = recipient.page;
    const a = sharer.page;
    const sockets = watchSockets(b);

    await signInByApi(b, RECIPIENT);
    await b.goto('/');
    await bell(b).waitFor();
    await until('B is subscribed', () => sockets.some((s) => s.received.some(isConfirm)));
    const before = await unreadCount(b);
    // A fresh store: nothing yet, and the list says what will show up there.
    expect(before).toBe(0);
    await bell(b).click();
    await b
      .getByRole('dialog')
      .getByText('No notifications yet. When a friend shares a workout with you, it shows up here.')
      .waitFor();
    expect(await b.getByRole('button', { name: 'Mark all as read' }).count()).toBe(0);
    await screenshot(b, 'notifications-empty-phone-light');
    // B keeps the list open while the share arrives.
    await b.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    // A shares a workout with B from the workout page's share modal.
    const maya = await signInByApi(a, SHARER);
    const workout = await libraryWorkout(a, 0);
    const friends = await apiCall<{ friends: { id: number; name: string }[] }>(
      a,
      'GET',
      '/api/friends',
    );
    const jordan = friends.friends.find((f) => f.name.startsWith('Jordan'))!;
    expect(jordan).toBeDefined();
    await a.goto(`/workouts/${workout.id}`);
    await a.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = a.getByRole('dialog', { name: /Share/ });
    await dialog.getByRole('combobox', { name: 'Friend' }).click();
    await a.getByRole('option', { name: jordan.name }).click();
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await a.getByText(`Shared “${workout.title}”.`).waitFor();

    // B, without reloading: the count goes up, a toast and the live region tell them.
    const title = `${maya.name} shared a workout with you`;
    await b
      .getByRole('button', { name: `Notifications, ${before + 1} unread` })
      .waitFor({ timeout: 10_000 });
    const toast = b.locator('.mantine-Notification-root', { hasText: title });
    await toast.waitFor();
    await toast.getByText(workout.title).waitFor();
    expect(
      await b.locator('[aria-live="polite"]', { hasText: `New notification: ${title}` }).count(),
    ).toBe(1);
    expect(await b.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
      true,
    );
    // The open list shows it too, and the toast leaves its header (title and button) in view.
    const openList = b.getByRole('dialog');
    await openList.getByRole('link', { name: new RegExp(title) }).waitFor();
    for (const part of [
      openList.getByText('Notifications', { exact: true }),
      openList.getByRole('button', { name: 'Mark all as read' }),
    ]) {
      expect(await topmostAtCentre(part)).toBe(true);
    }
    await screenshot(b, 'notifications-toast-over-list-phone-light');
    // Escape closes the list from within it (the toast's arrival may have taken the focus).
    await openList.focus();
    await b.keyboard.press('Escape');
    await openList.waitFor({ state: 'detached' });
    await screenshot(b, 'notifications-toast-phone-light');
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await toast.waitFor({ state: 'detached' });
    await screenshot(b, 'notifications-bell-phone-light');

    // The list: newest first, unread, with the actor; its link opens the workout.
    await bell(b).click();
    const popover = b.getByRole('dialog');
    const item = popover.getByRole('link', { name: new RegExp(title) });
    await item.waitFor();
    expect(await item.textContent()).toContain('Unread');
    expect(await item.textContent()).toContain(maya.name);
    expect(await item.textContent()).toContain('just now');
    await screenshot(b, 'notifications-popover-phone-light');
    await item.click();
    await b.waitForURL(`**/workouts/${workout.id}`);
    await b.getByRole('heading', { name: workout.title }).waitFor();

    // Mark all as read: the badge goes away.
    await bell(b).click();
    await b.getByRole('dialog').getByRole('button', { name: 'Mark all as read' }).click();
    await b
      .getByRole('banner')
      .getByRole('button', { name: 'Notifications', exact: true })
      .waitFor();
    // The button went away with the count; focus stays in the list, on its heading.
    await b.waitForFunction(() => document.activeElement?.textContent === 'Notifications', null, {
      timeout: 3_000,
    });
    expect(await b.locator('.mantine-Indicator-indicator').count()).toBe(0);
  });

  it('reconnects and resubscribes by itself after a server restart, refetching what it shows', async () => {
    const recipient = await open({ viewport: 'desktop', colorScheme: 'dark' });
    const sharer = await open({ viewport: 'desktop' });
    const b = recipient.page;
    const a = sharer.page;
    const sockets = watchSockets(b);
    const listFetches: number[] = [];
    b.on('request', (request) => {
      if (request.method() === 'GET' && request.url().includes('/api/notifications')) {
        listFetches.push(Date.now());
      }
    });

    await signInByApi(b, RECIPIENT);
    await b.goto('/');
    await bell(b).waitFor();
    await until('B is subscribed', () => sockets.some((s) => s.received.some(isConfirm)));
    const before = await unreadCount(b);
    await b.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const first = sockets[sockets.length - 1]!;

    // A deploy. While the server is down an announcement is stored: it is never pushed to B,
    // so only a refetch on reconnect can show it.
    const restartedAt = Date.now();
    await server.restart({
      whileStopped: () =>
        runSql(
          store,
          `insert into notifications (user_id, kind, title, body)
             values (null, 'announcement', 'Gym closed on Sunday', 'Stored while you were away.')`,
        ),
    });

    // The browser was told why the connection went away, and that it may come back.
    expect(first.received).toContainEqual(
      expect.objectContaining({ type: 'disconnect', reason: 'server_restart', reconnect: true }),
    );
    await until('the old socket closed', () => first.closed);

    // The client reopens by itself (stale after 6 s, then backoff) and resubscribes.
    await until(
      'B reconnected and resubscribed',
      () => sockets.some((s) => s !== first && s.received.some(isConfirm)),
      45_000,
    );
    const second = sockets.find((s) => s !== first && s.received.some(isConfirm))!;
    expect(second.received[0]).toMatchObject({ type: 'welcome' });
    await b
      .getByRole('button', { name: `Notifications, ${before + 1} unread` })
      .waitFor({ timeout: 10_000 });
    expect(listFetches.some((at) => at > restartedAt)).toBe(true);

    // And live again: a share from A arrives without a reload.
    await signInByApi(a, SHARER);
    const workout = await libraryWorkout(a, 1);
    const friends = await apiCall<{ friends: { id: number; name: string }[] }>(
      a,
      'GET',
      '/api/friends',
    );
    await apiCall(a, 'POST', '/api/workout/share_workout', {
      friend_id: friends.friends[0]!.id,
      workout_id: workout.id,
    });
    await b
      .getByRole('button', { name: `Notifications, ${before + 2} unread` })
      .waitFor({ timeout: 10_000 });
    const toast = b.locator('.mantine-Notification-root', { hasText: 'shared a workout with you' });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await toast.waitFor({ state: 'detached' });
    expect(await b.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
      true,
    );
    await screenshot(b, 'notifications-bell-desktop-dark');

    await bell(b).click();
    const popover = b.getByRole('dialog');
    await popover.getByText('Gym closed on Sunday').waitFor();
    await screenshot(b, 'notifications-popover-desktop-dark');
  }, 120_000);

  it('sends an admin announcement to every member live; members have no such button', async () => {
    const member = await open({ viewport: 'phone' });
    const admin = await open({ viewport: 'desktop' });
    const b = member.page;
    const sockets = watchSockets(b);
    await signInByApi(b, RECIPIENT);
    await b.goto('/');
    await until('B is subscribed', () => sockets.some((s) => s.received.some(isConfirm)));
    const before = await unreadCount(b);
    await bell(b).click();
    await b.getByRole('dialog').getByText('Notifications', { exact: true }).waitFor();
    expect(await b.getByRole('button', { name: 'Send an announcement' }).count()).toBe(0);
    await b.keyboard.press('Escape');

    await signInByApi(admin.page, 'admin@example.com');
    await admin.page.goto('/');
    await bell(admin.page).click();
    await admin.page.getByRole('button', { name: 'Send an announcement' }).click();
    const form = admin.page.getByRole('dialog', { name: 'Send an announcement' });
    // The shared schema speaks first: a title is needed.
    await form.getByRole('button', { name: 'Send to everyone' }).click();
    await form.getByText('Give the announcement a title.').waitFor();
    await form.getByRole('textbox', { name: 'Title' }).fill('New classes on Monday');
    await form.getByRole('textbox', { name: 'Message' }).fill('Mobility at 7 am, boxing at 6 pm.');
    await screenshot(admin.page, 'notifications-announcement-desktop');
    await form.getByRole('button', { name: 'Send to everyone' }).click();
    await admin.page.getByText('Announcement sent to every member.').waitFor();

    await b
      .getByRole('button', { name: `Notifications, ${before + 1} unread` })
      .waitFor({ timeout: 10_000 });
    const toast = b.locator('.mantine-Notification-root', { hasText: 'New classes on Monday' });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await toast.waitFor({ state: 'detached' });

    // Signing out closes the member's realtime connection for good.
    await b.getByRole('button', { name: /^Account menu for/ }).click();
    await b.getByRole('menuitem', { name: 'Sign out' }).click();
    await b.waitForURL('**/sign-in');
    await until('every socket of B closed', () => sockets.every((s) => s.closed));
    const count = sockets.length;
    await new Promise((r) => setTimeout(r, 1_000));
    expect(sockets.length).toBe(count);
  });
});
