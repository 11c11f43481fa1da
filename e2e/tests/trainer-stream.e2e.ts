import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startOpenAiTestServer,
  type OpenAiTestServer,
} from '../../apps/server/src/test/openai-test-server';
import { closeBrowser, newPage, screenshot, signInByApi } from '../support/browser';
import { BROWSER_TEST_LIMITS, startServer, type RunningServer } from '../support/server';

// The trainer chat with AI_PROVIDER=openai: the built server asks the OpenAI-compatible server
// running in this test process (the one the server's own tests use), which streams each reply
// in pieces and stops where the test says, so what the page shows mid-reply can be checked
// without racing a clock.
let model: OpenAiTestServer;
let server: RunningServer;

beforeAll(async () => {
  model = await startOpenAiTestServer();
  server = await startServer({
    ...BROWSER_TEST_LIMITS,
    AI_PROVIDER: 'openai',
    OPENAI_BASE_URL: model.baseURL,
    OPENAI_MODEL: 'test-model',
    // One scripted reply per question: a retry would take the next question's.
    OPENAI_MAX_RETRIES: '0',
  });
});
afterAll(async () => {
  await closeBrowser();
  await server?.stop();
  await model?.close();
});

/** A promise the test resolves when it is done looking: where the model waits. */
function gate() {
  let open: () => void = () => {};
  const until = new Promise<void>((resolve) => (open = resolve));
  return { until, open };
}

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
/**
 * Asks `question` with the model streaming `chunks`: first nothing (the page must say
 * 'Thinking...'), then the first `partial` chunks (the page must show them and not the rest),
 * then the rest. Answers the full reply.
 */
async function askAndWatchItStream(
  page: Page,
  question: string,
  chunks: string[],
  partial: number,
): Promise<string> {
  const start = gate();
  const middle = gate();
  const asked = model.requests.length;
  model.reply({
    kind: 'text',
    content: '',
    chunks,
    holds: [
      { before: 0, until: start.until },
      { before: partial, until: middle.until },
    ],
  });
  const full = chunks.join('');
  const shown = chunks.slice(0, partial).join('').trim();
  const log = conversation(page);

  await page.getByRole('textbox', { name: 'Your question' }).fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  await log.getByText(question, { exact: true }).last().waitFor();
  // The model has the question and has said nothing yet: the page is thinking.
  await expect.poll(() => model.requests.length).toBe(asked + 1);
  await log.getByText('Thinking...', { exact: true }).waitFor();
  expect(await log.getByText(shown, { exact: true }).count()).toBe(0);

  start.open();
  // Some tokens, while the model holds the rest back (the HTTP reply cannot have come yet:
  // the server answers once the model has finished).
  await log.getByText(shown, { exact: true }).waitFor();
  expect(await log.getByText('Thinking...').count()).toBe(0);
  expect(await log.getByText(full.trim(), { exact: true }).count()).toBe(0);

  middle.open();
  await log.getByText(full.trim(), { exact: true }).waitFor();
  await expect.poll(() => log.getByText(shown, { exact: true }).count()).toBe(0);
  return full.trim();
}

describe('trainer chat streamed from the model', () => {
  it('shows Thinking..., then a partial reply, then the whole one: a new thread’s first reply and a follow-up', async () => {
    const { context, page } = await newPage({ baseURL: server.baseUrl, viewport: 'desktop' });
    await signInByApi(page, 'sam@example.com');
    await page.goto('/trainer');
    await page.getByText('Try asking').waitFor();

    // A brand-new conversation: it has no thread id until the reply is under way.
    const first = await askAndWatchItStream(
      page,
      'How much protein should I eat a day?',
      ['Aim ', 'for ', 'about ', '1.6 g ', 'of protein ', 'per kg ', 'of body weight.'],
      3,
    );
    const threads = page.getByRole('navigation', { name: 'Conversations' });
    await threads
      .getByRole('button', { name: 'How much protein should I eat a day?', exact: true })
      .waitFor();

    // A follow-up in the same thread.
    const second = await askAndWatchItStream(
      page,
      'Should I split it across meals?',
      ['Yes: ', 'spread ', 'it ', 'over ', 'three ', 'or four ', 'meals.'],
      4,
    );
    await screenshot(page, 'trainer-streamed-openai');

    // It went to the model as a follow-up (the first exchange as history) and was kept in the
    // same thread, which is still the only one.
    const history = model.requests.at(-1)!.body.messages.map((m) => m.content);
    expect(history).toContain('How much protein should I eat a day?');
    expect(history).toContain(first);
    expect(
      await threads
        .getByRole('button', { name: 'How much protein should I eat a day?', exact: true })
        .count(),
    ).toBe(1);
    expect(await threads.getByRole('button', { name: /split it across meals/ }).count()).toBe(0);
    await page.reload();
    await threads
      .getByRole('button', { name: 'How much protein should I eat a day?', exact: true })
      .click();
    await conversation(page).getByText(second, { exact: true }).waitFor();
    await conversation(page).getByText(first, { exact: true }).waitFor();
    await context.close();
  });
});
