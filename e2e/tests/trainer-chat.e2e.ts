import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, closeBrowser, newPage, screenshot, signInByApi } from '../support/browser';

afterAll(async () => {
  await closeBrowser();
});

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });

describe('trainer chat', () => {
  it('asks, shows Thinking... then the cited reply, keeps the thread, and fails plainly', async () => {
    const { context, page } = await newPage({ viewport: 'desktop' });
    await signInByApi(page, 'maya@example.com');
    await page.goto('/trainer');
    await page.getByRole('heading', { name: 'Ask the trainer', level: 1 }).waitFor();
    await page.getByText('Try asking').waitFor();

    // Nothing typed: the spec's alert, and nothing is sent.
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .getByRole('alert')
      .getByText(
        "You didn't ask anything. Ask me anything health/nutrition related and I'm happy to help.",
      )
      .waitFor();

    // Hold the reply back a moment so the Thinking... bubble is there to see.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/trainer/chat', async (route) => {
      await held;
      await route.continue();
    });
    await page
      .getByRole('textbox', { name: 'Your question' })
      .fill('How much protein do I need per day to build muscle?');
    await page.getByRole('button', { name: 'Send' }).click();
    await conversation(page).getByText('Thinking...').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    release();
    await conversation(page)
      .getByText(/1\.6 to 2\.2 grams of protein/)
      .waitFor();
    await conversation(page).getByText('How much protein to build muscle').waitFor();
    await expect.poll(() => conversation(page).getByText('Thinking...').count()).toBe(0);
    await page.unroute('**/api/trainer/chat');

    // The conversation is kept and listed, titled from the question.
    const threads = page.getByRole('navigation', { name: 'Conversations' });
    await threads
      .getByRole('button', {
        name: 'How much protein do I need per day to build muscle?',
        exact: true,
      })
      .waitFor();
    await screenshot(page, 'trainer-desktop-light');

    // A failed call: the trainer bubble says so.
    await page.route('**/api/trainer/chat', (route) => route.abort());
    await page.getByRole('textbox', { name: 'Your question' }).fill('Is creatine safe?');
    await page.keyboard.press('Enter');
    await conversation(page).getByText('Sorry, something went wrong.').waitFor();
    await page.unroute('**/api/trainer/chat');
    await context.close();
  });

  it('shows the trainer details, and the failure text when they do not load', async () => {
    const { context, page } = await newPage({ viewport: 'desktop', colorScheme: 'dark' });
    await signInByApi(page, 'maya@example.com');
    await page.goto('/trainer');
    await page.getByText('Try asking').waitFor();

    await page.getByRole('button', { name: 'About this trainer' }).click();
    const dialog = page.getByRole('dialog', { name: 'About the trainer' });
    await dialog.getByText('Specialty').waitFor();
    await dialog.getByText('Questions to ask').waitFor();
    await screenshot(page, 'trainer-details-desktop-dark');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => dialog.count()).toBe(0);

    // Another trainer, whose details have not been loaded, and the request fails.
    await page.route('**/api/trainer_persona/*', (route) => route.abort());
    await page.getByRole('combobox', { name: 'Trainer' }).click();
    await page.getByRole('option').nth(2).click();
    await page.getByRole('button', { name: 'About this trainer' }).click();
    await dialog.getByText('Unable to load trainer details.').waitFor();
    await context.close();
  });

  it('works on a phone: conversations in a select, remembered facts on the profile', async () => {
    const { context, page } = await newPage({ viewport: 'phone', colorScheme: 'dark' });
    await signInByApi(page, 'sam@example.com');
    await page.goto('/trainer');
    await page.getByText('Try asking').waitFor();
    await page
      .getByRole('textbox', { name: 'Your question' })
      .fill('I have a bad knee. How should I progress my squat?');
    await page.getByRole('button', { name: 'Send' }).click();
    await conversation(page)
      .getByText(/You told me: "I have a bad knee"/)
      .waitFor();
    expect(
      await page.getByRole('combobox', { name: 'Conversation', exact: true }).inputValue(),
    ).toBe('I have a bad knee. How should I progress my squat?');
    await screenshot(page, 'trainer-phone-dark');

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'What the trainer remembers' }).waitFor();
    await page.getByText('I have a bad knee', { exact: true }).waitFor();
    await screenshot(page, 'trainer-memory-phone-dark');
    await page.getByRole('button', { name: 'Delete “I have a bad knee”' }).click();
    await page.getByRole('button', { name: 'Forget it' }).click();
    await page.getByText(/Nothing yet\. Tell the trainer/).waitFor();
    await context.close();
  });

  it('fits its header button on a phone in Spanish, the label whole', async () => {
    // The browser speaks Spanish and the member chose no language: the page follows the browser.
    const { context, page } = await newPage({ viewport: 'phone', locale: 'es-ES' });
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    await apiCall(page, 'POST', '/api/auth/sign_in', {
      email: 'jordan@example.com',
      password: 'fitcoach-demo',
    });
    await page.goto('/trainer');
    const open = page.getByRole('link', { name: 'Crear un entrenamiento, programa o dieta' });
    await open.waitFor();
    // The label was one line wider than a phone and cut off ("…programa o d").
    const label = open.locator('.mantine-Button-label');
    const { scroll, client } = await label.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
    expect((await open.boundingBox())!.x + (await open.boundingBox())!.width).toBeLessThanOrEqual(
      390,
    );
    await screenshot(page, 'trainer-phone-es');
    await context.close();
  });

  it('asks the trainer how to do an exercise from the workout page', async () => {
    const { context, page } = await newPage({ viewport: 'phone' });
    await signInByApi(page, 'maya@example.com');
    const library = await apiCall<{ items: { id: number }[] }>(
      page,
      'GET',
      '/api/workout?scope=library&limit=1',
    );
    await page.goto(`/workouts/${library.items[0]!.id}`);
    const ask = page.getByRole('button', { name: /^Ask the trainer how to do / }).first();
    await ask.waitFor();
    await ask.click();
    const dialog = page.getByRole('dialog', { name: /^How to do / });
    await dialog.getByRole('heading', { name: 'Steps' }).waitFor();
    await dialog.getByRole('heading', { name: 'Common mistakes' }).waitFor();
    await screenshot(page, 'trainer-ask-phone-light');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    await page.route('**/api/trainer/ask', (route) => route.abort());
    await ask.click();
    await dialog.getByText('There was an error, try asking again.').waitFor();
    await context.close();
  });
});
