import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, closeBrowser, newPage, screenshot, uniqueEmail } from '../support/browser';
import { repoRoot } from '../support/server';

afterAll(async () => {
  await closeBrowser();
});

async function signIn(page: Page, email: string, next: string): Promise<void> {
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('fitcoach-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Picks a tag in the filter's searchable select, typing part of it first. */
async function chooseTag(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Tag' }).click();
  await page.getByRole('combobox', { name: 'Tag' }).fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

/** Chooses a scope of the workout list (its radios are drawn as a segmented control). */
async function chooseScope(page: Page, name: string): Promise<void> {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();
  await expect.poll(() => page.getByRole('radio', { name }).isChecked()).toBe(true);
}

/** The posted body of the next tag filter form submission, once it is answered. */
async function nextFilterPost(page: Page, list: 'exercise' | 'workout') {
  const response = await page.waitForResponse(
    (r) => r.url().endsWith(`/api/${list}/filter`) && r.request().method() === 'POST',
  );
  expect(response.status()).toBe(200);
  return response.request().postDataJSON() as { tag_id: number | ''; q?: string };
}

/** The text of every card of the list on screen (a card is a link around a heading). */
async function cardTexts(page: Page): Promise<string[]> {
  const cards = page
    .getByRole('main')
    .getByRole('link')
    .filter({ has: page.getByRole('heading', { level: 2 }) });
  await cards.first().waitFor();
  // The list dims while a new filter loads; read it once it has settled.
  await page.getByRole('main').locator('[aria-busy="false"]').first().waitFor();
  return cards.allTextContents();
}

describe('exercise library', () => {
  it('filters by tag, clears the filter, searches and opens an exercise', async () => {
    const { context, page } = await newPage({ viewport: 'phone' });
    await signIn(page, 'maya@example.com', '/exercises');
    await page.getByRole('heading', { name: 'Exercises', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Ab wheel rollout' }).waitFor();
    await page.getByRole('button', { name: 'Load more exercises' }).waitFor();
    await screenshot(page, 'exercises-phone');

    // The spec's tag filter form: the chosen tag is posted as tag_id.
    const posted = nextFilterPost(page, 'exercise');
    await chooseTag(page, 'Boxing');
    const body = await posted;
    expect(typeof body.tag_id).toBe('number');
    await page.waitForURL(new RegExp(`tag_id=${body.tag_id}`));
    await page.getByRole('link', { name: 'Ab wheel rollout' }).waitFor({ state: 'detached' });
    const boxing = await cardTexts(page);
    expect(boxing.length).toBeGreaterThan(3);
    for (const text of boxing) expect(text).toContain('Boxing');
    await page.getByRole('link', { name: 'Jab-cross', exact: true }).waitFor();
    await screenshot(page, 'exercises-boxing-phone');

    // Clearing posts an empty tag_id and brings the whole library back.
    const cleared = nextFilterPost(page, 'exercise');
    await page.getByRole('button', { name: 'Clear filter' }).click();
    expect(await cleared).toEqual({ tag_id: '', q: '' });
    await page.getByRole('link', { name: 'Ab wheel rollout' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: 'Load more exercises' }).waitFor();
    expect((await cardTexts(page)).some((text) => !text.includes('Boxing'))).toBe(true);

    // Search text, kept in the URL through a reload.
    await page.getByRole('searchbox', { name: 'Search exercises' }).fill('squat');
    await page.waitForURL(/q=squat/);
    await page.getByRole('link', { name: 'Ab wheel rollout' }).waitFor({ state: 'detached' });
    for (const text of await cardTexts(page)) expect(text.toLowerCase()).toContain('squat');
    await page.reload();
    await page.getByRole('link', { name: 'Barbell back squat' }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search exercises' }).inputValue()).toBe(
      'squat',
    );

    // The exercise page: numbered steps, the demo video modal, and back to the same search.
    await page.getByRole('link', { name: 'Barbell back squat' }).click();
    await page.getByRole('heading', { name: 'Barbell back squat', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'How to do it' }).waitFor();
    const steps = page.getByRole('list').first().getByRole('listitem');
    expect(await steps.count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'exercise-phone');
    await page.getByRole('button', { name: 'Video demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Barbell back squat: video demo' });
    await dialog.getByText('No demo video for this exercise yet').waitFor();
    await screenshot(page, 'exercise-video-phone');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Back to exercises' }).click();
    await page.waitForURL(/\/exercises\?q=squat$/);
    expect(await page.getByRole('searchbox', { name: 'Search exercises' }).inputValue()).toBe(
      'squat',
    );
    await context.close();
  });

  it('shows an empty state that clears the filter, and a 404 for an unknown exercise', async () => {
    const { context, page } = await newPage({ viewport: 'desktop', colorScheme: 'dark' });
    await signIn(page, 'sam@example.com', '/exercises?q=no-such-move-anywhere');
    await page
      .getByRole('heading', { name: 'No exercise matches “no-such-move-anywhere”' })
      .waitFor();
    await screenshot(page, 'exercises-empty-desktop-dark');
    // The empty state's button clears the form too, not only the list.
    const cleared = nextFilterPost(page, 'exercise');
    await page.getByRole('main').getByRole('button', { name: 'Clear filter' }).last().click();
    expect(await cleared).toEqual({ tag_id: '', q: '' });
    await page.getByRole('link', { name: 'Ab wheel rollout' }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search exercises' }).inputValue()).toBe('');
    await screenshot(page, 'exercises-desktop-dark');

    await page.goto('/exercises/999999');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });
});

describe('workout list', () => {
  it('filters by tag, switches scope and opens a workout', async () => {
    const { context, page } = await newPage({ viewport: 'desktop' });
    await signIn(page, 'maya@example.com', '/workouts');
    await page.getByRole('heading', { name: 'Workouts', level: 1 }).waitFor();
    await page.getByRole('link', { name: '20-minute HIIT circuit' }).waitFor();
    await screenshot(page, 'workouts-desktop');

    const posted = nextFilterPost(page, 'workout');
    await chooseTag(page, 'Boxing');
    const body = await posted;
    expect(typeof body.tag_id).toBe('number');
    await page.waitForURL(new RegExp(`tag_id=${body.tag_id}`));
    await page.getByRole('link', { name: '20-minute HIIT circuit' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Boxing fundamentals' }).waitFor();
    for (const text of await cardTexts(page)) expect(text).toContain('Boxing');

    // FitCoach's own workouts only, still tagged Boxing.
    await chooseScope(page, 'Library');
    await page.waitForURL(/scope=library/);
    expect(page.url()).toContain(`tag_id=${body.tag_id}`);
    const library = await cardTexts(page);
    expect(library.length).toBeGreaterThan(0);
    for (const text of library) {
      expect(text).toContain('Boxing');
      expect(text).toContain('By FitCoach');
    }
    await screenshot(page, 'workouts-library-desktop');

    await page.getByRole('link', { name: 'Boxing fundamentals' }).click();
    await page.waitForURL(/\/workouts\/\d+$/);
    await context.close();
  });

  it('tells a new member they have no workouts yet and leads to the builder', async () => {
    const { context, page } = await newPage({ viewport: 'phone', colorScheme: 'dark' });
    await page.goto('/sign-in');
    const email = uniqueEmail('library');
    // A brand-new member, so no other test's workouts appear under "Mine".
    const status = await page.evaluate(async (address) => {
      const me = (await (await fetch('/api/auth/me')).json()) as { csrf_token: string };
      const res = await fetch('/api/auth/sign_up', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf_token },
        body: JSON.stringify({
          name: 'Lib Rarian',
          email: address,
          password: 'fitcoach-demo',
          gender: 'other',
          birth_date: '1990-05-05',
          measurement_type: 'metric',
          weight: 70,
          height: 175,
          workout_goal: 'boxing',
          meal_preference: 'omnivore',
        }),
      });
      return res.status;
    }, email);
    expect(status).toBeLessThan(300);

    await page.goto('/workouts');
    await page.getByRole('link', { name: '20-minute HIIT circuit' }).waitFor();
    await screenshot(page, 'workouts-phone-dark');
    await chooseScope(page, 'Mine');
    await page.getByRole('heading', { name: 'You have not written a workout yet' }).waitFor();
    await screenshot(page, 'workouts-mine-phone-dark');
    const create = page.getByRole('main').getByRole('link', { name: 'New workout' }).last();
    expect(await create.getAttribute('href')).toBe('/builder?tab=workout&action=create');

    await chooseScope(page, 'Shared with me');
    await page.getByRole('heading', { name: 'Nothing shared with you yet' }).waitFor();
    await page.getByRole('button', { name: 'Browse the library' }).click();
    await page.waitForURL(/scope=library/);
    await page.getByRole('link', { name: '20-minute HIIT circuit' }).waitFor();
    await context.close();
  });
});

describe('the README', () => {
  it('promises only the library that is there: its exercises, and demo videos only if any', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'maya@example.com', '/exercises');
    await page.getByRole('heading', { name: 'Exercises', level: 1 }).waitFor();
    const exercises: { has_video: boolean }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const next: { items: { has_video: boolean }[]; next_cursor: string | null } = await apiCall(
        page,
        'GET',
        `/api/exercise?limit=100${query}`,
      );
      exercises.push(...next.items);
      cursor = next.next_cursor;
    } while (cursor);
    await context.close();

    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    expect(readme).toContain(`**Library**: ${exercises.length} exercises`);
    if (exercises.some((e) => e.has_video)) return;
    // No exercise has a demo video: every sentence that mentions demo videos says there are none
    // yet (members' own videos, for video analysis, are another thing).
    const sentences = readme
      .replace(/\s+/g, ' ')
      .split(/(?<=[.;])\s|\s-\s/)
      .filter((sentence) => /\bdemo videos?\b|\bvideo demos?\b/i.test(sentence));
    expect(sentences.length).toBeGreaterThan(0);
    for (const sentence of sentences) expect(sentence).toMatch(/\b(no|none|not)\b.*\byet\b/i);
  });
});
