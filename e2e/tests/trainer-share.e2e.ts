import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, closeBrowser, newPage, screenshot, signInByApi } from '../support/browser';
import { BROWSER_TEST_LIMITS, type RunningServer } from '../support/server';
import { createStore, seedStore, startServerOn, type Store } from '../support/store';

// A store of its own: the share and its notification must not reach other files' members.
let store: Store;
let server: RunningServer;
const contexts: BrowserContext[] = [];
const MAYA = 'maya@example.com';
/** Maya's friend in the demo data. */
const JORDAN = 'jordan@example.com';
/** What `POST /api/trainer/chat` answers, as far as this test reads it. */
interface ChatReply {
  thread_id: number;
  citations: { slug: string }[];
}
const QUESTION = 'How much protein do I need per day to build muscle?';

beforeAll(async () => {
  store = await createStore();
  seedStore(store);
  server = await startServerOn(store, BROWSER_TEST_LIMITS);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await closeBrowser();
  await server?.stop();
  await store?.dispose();
});

async function open(viewport: 'phone' | 'desktop') {
  const opened = await newPage({ viewport, baseURL: server.baseUrl });
  contexts.push(opened.context);
  return opened.page;
}

describe('sharing a trainer conversation', () => {
  it('Maya shares a conversation; Jordan reads it from Shared with me and copies it', async () => {
    const owner = await open('desktop');
    await signInByApi(owner, MAYA);
    await owner.goto('/trainer');
    await owner.getByRole('heading', { name: 'Ask the trainer', level: 1 }).waitFor();
    const asked = await apiCall<ChatReply>(owner, 'POST', '/api/trainer/chat', {
      question: QUESTION,
    });
    expect(asked.citations.length).toBeGreaterThan(0);
    await owner.reload();

    // The conversation's menu has Share: the one share modal, a friend picked by search.
    const threads = owner.getByRole('navigation', { name: 'Conversations' });
    await threads.getByRole('button', { name: QUESTION, exact: true }).waitFor();
    await threads.getByRole('button', { name: `Options for “${QUESTION}”` }).click();
    await owner.getByRole('menuitem', { name: 'Share' }).click();
    const share = owner.getByRole('dialog', { name: /^Share/ });
    await share.getByRole('combobox', { name: 'Friend' }).click();
    await owner.getByRole('option', { name: /Jordan/ }).click();
    await share.getByRole('button', { name: 'Share' }).click();
    await owner.getByText(`Shared “${QUESTION}”.`).waitFor();
    await share.waitFor({ state: 'detached' });

    const friend = await open('phone');
    await signInByApi(friend, JORDAN);
    await friend.goto('/shared');
    const section = friend.getByRole('region', { name: 'Trainer conversations' });
    const card = section.getByRole('article', { name: QUESTION });
    await card.waitFor();
    expect(await card.textContent()).toContain('Maya Rivera shared this');
    expect(await card.textContent()).toContain('1 question');
    await screenshot(friend, 'trainer-thread-shared-with-me-phone');
    await card.getByRole('link', { name: QUESTION }).click();
    await friend.waitForURL(`**/trainer/threads/${asked.thread_id}`);

    // Read-only: the question, the cited reply, who shared it; no way to write in it.
    await friend.getByRole('heading', { name: QUESTION, level: 1 }).waitFor();
    await friend.getByText('Shared with you by Maya Rivera', { exact: false }).waitFor();
    const log = friend.getByRole('log', { name: 'Conversation' });
    await log.getByText(QUESTION).waitFor();
    await log.getByText(/1\.6 to 2\.2 grams of protein/).waitFor();
    await log.getByText('From the coaching notes').waitFor();
    expect(await friend.getByRole('textbox', { name: 'Your question' }).count()).toBe(0);
    await screenshot(friend, 'trainer-thread-read-only-phone');

    await friend.getByRole('button', { name: 'Copy to my conversations' }).click();
    await friend.getByText('Conversation copied').waitFor();
    await friend.waitForURL(/\/trainer\?thread=\d+$/);
    const copyId = Number(new URL(friend.url()).searchParams.get('thread'));
    expect(copyId).not.toBe(asked.thread_id);
    // The copy is Jordan's own conversation, open in the chat to go on with.
    await friend.getByRole('textbox', { name: 'Your question' }).waitFor();
    await friend
      .getByRole('log', { name: 'Conversation' })
      .getByText(/1\.6 to 2\.2 grams of protein/)
      .waitFor();
    const mine = await apiCall<{ items: { id: number; title: string }[] }>(
      friend,
      'GET',
      '/api/trainer/threads',
    );
    expect(mine.items).toContainEqual(
      expect.objectContaining({ id: copyId, title: `${QUESTION} (copy)` }),
    );
  });
});
