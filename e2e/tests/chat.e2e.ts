import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, closeBrowser, newPage, signInByApi } from '../support/browser';
import { BROWSER_TEST_LIMITS, type RunningServer } from '../support/server';
import {
  befriend,
  createStore,
  runSql,
  seedStore,
  startServerOn,
  type Store,
} from '../support/store';

// Its own server: a short unread-notification delay, so the closed-chat case is quick.
let store: Store;
let server: RunningServer;
const contexts: BrowserContext[] = [];

const MAYA = 'maya@example.com';
const JORDAN = 'jordan@example.com';

beforeAll(async () => {
  store = await createStore();
  seedStore(store);
  // Friends the way the social feature records it (an accepted row each way); the test does not
  // rely on the demo seed for it.
  await befriend(store, MAYA, JORDAN);
  // The demo seed gives Maya and Jordan a short chat: this test starts from an empty one, with
  // nothing unread or notified.
  await runSql(store, 'delete from chat_messages; delete from notifications');
  server = await startServerOn(store, { ...BROWSER_TEST_LIMITS, CHAT_NOTIFY_DELAY_MS: '1500' });
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

function messages(page: Page, name: string) {
  return page.getByRole('region', { name: `Messages with ${name}` });
}

/** Resolves when the page's ChatChannel subscription to a conversation is confirmed. */
function chatConfirmed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const frame = JSON.parse(String(payload)) as { type?: string; identifier?: string };
        if (frame.type !== 'confirm_subscription') return;
        const identifier = JSON.parse(frame.identifier ?? '{}') as { friend_id?: number };
        if (frame.identifier?.includes('ChatChannel') && identifier.friend_id) resolve();
      });
    });
  });
}

async function unread(page: Page): Promise<number> {
  return (await apiCall<{ total: number }>(page, 'GET', '/api/chat/unread')).total;
}

describe('chat between two friends', () => {
  it('types, sends live, marks read and shows Seen; notifies a closed chat', async () => {
    const { page: a } = await open({ viewport: 'desktop' });
    const { page: b } = await open({ viewport: 'phone' });
    const maya = await signInByApi(a, MAYA);
    const jordan = await signInByApi(b, JORDAN);

    const confirmed = chatConfirmed(b);
    await a.goto(`/chat/${jordan.id}`);
    await b.goto(`/chat/${maya.id}`);
    // One heading (not a second in a modal); polled as long as a page load may take with the
    // other browser shard running beside this one.
    await expect
      .poll(() => a.getByRole('heading', { name: `Chat with ${jordan.name}` }).count(), {
        timeout: 30_000,
      })
      .toBe(1);
    await b.getByRole('heading', { name: `Chat with ${maya.name}` }).waitFor();
    await a.getByText(`Say hello to ${jordan.name}`, { exact: false }).waitFor();
    // Jordan hears the conversation before Maya types (typing is relayed, not replayed).
    await confirmed;

    const input = a.getByRole('textbox', { name: 'Message' });
    await input.click();
    const body = 'Leg day at 6? <b>bring</b> water https://example.org/plan';
    await input.pressSequentially(body);
    await b.getByText(`${maya.name} is typing…`).waitFor();
    // The counter counts what was typed.
    await a.getByText(`${body.length} / 4000`).waitFor();

    await input.press('Enter');
    const heard = messages(b, maya.name).locator('li p', { hasText: 'Leg day at 6?' });
    await heard.waitFor();
    // Markup stays text; the link is a link that opens apart from the app.
    expect(await heard.textContent()).toBe(body);
    const link = messages(b, maya.name).getByRole('link', { name: 'https://example.org/plan' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await messages(b, maya.name).locator('b').count()).toBe(0);
    // The typing indicator gives way to the message.
    await expect
      .poll(() => b.getByText(`${maya.name} is typing…`).count(), { timeout: 10_000 })
      .toBe(0);

    // Jordan's open chat read it: Maya sees "Seen" under it.
    await messages(a, jordan.name).getByText('Seen', { exact: true }).waitFor();
    expect(await input.inputValue()).toBe('');
    expect(await unread(b)).toBe(0);

    // Jordan leaves the chat; Maya writes again: unread, and Jordan is notified.
    await b.goto('/');
    await input.fill('Are you there?');
    await input.press('Enter');
    await messages(a, jordan.name).getByText('Are you there?').waitFor();
    await expect.poll(() => unread(b), { timeout: 10_000 }).toBe(1);
    const bell = b.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await expect
      .poll(async () => (await bell.getAttribute('aria-label')) ?? '', { timeout: 15_000 })
      .toMatch(/1 unread/);
    await bell.click();
    await b
      .getByRole('list', { name: 'Notifications list' })
      .getByRole('link', { name: new RegExp(`New message from ${maya.name}`) })
      .click();
    // The notification's link opens the chat, which reads the message.
    await b.getByRole('heading', { name: `Chat with ${maya.name}` }).waitFor();
    await messages(b, maya.name).getByText('Are you there?').waitFor();
    await expect.poll(() => unread(b), { timeout: 10_000 }).toBe(0);
  });

  it('refuses a chat with a member who is not a friend', async () => {
    const { page: stranger } = await open({ viewport: 'desktop' });
    await stranger.goto('/sign-in');
    await stranger.getByRole('button', { name: 'Sign in' }).waitFor();
    const signedUp = await apiCall<{ user: { id: number } }>(
      stranger,
      'POST',
      '/api/auth/sign_up',
      {
        name: 'Sam Stranger',
        email: 'sam.stranger@example.org',
        password: 'correct horse battery',
        gender: 'female',
        birth_date: '1995-06-15',
        measurement_type: 'metric',
        weight: 64.5,
        height: 170,
        workout_goal: 'hiit',
        sport_type: null,
        meal_preference: 'vegetarian',
      },
    );
    const { page } = await open({ viewport: 'desktop' });
    await signInByApi(page, MAYA);
    await page.goto(`/chat/${signedUp.user.id}`);
    await page.getByText('You can only message friends.').first().waitFor();
    expect(await page.getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(true);
  });
});
