import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, closeBrowser, newPage, screenshot, signInByApi } from '../support/browser';
import { BROWSER_TEST_LIMITS, type RunningServer } from '../support/server';
import { befriend, createStore, seedStore, startServerOn, type Store } from '../support/store';

// Its own server: the friendship rows are written straight into the database before it starts
// (no friends API yet in this part of the work), the way the demo seed writes them.
let store: Store;
let server: RunningServer;
const contexts: BrowserContext[] = [];

const READER = 'sam@example.com';
const ATHLETE = 'jordan@example.com';

beforeAll(async () => {
  store = await createStore();
  seedStore(store);
  await befriend(store, READER, ATHLETE);
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

describe('activity feed', () => {
  it('shows a friend’s workout, takes kudos and a comment, respects “only me”, and saves a shared copy', async () => {
    const reader = await open('desktop');
    const athlete = await open('phone');
    await signInByApi(reader, READER);
    const jordan = await signInByApi(athlete, ATHLETE);
    const title = `Hill sprints ${Date.now().toString(36)}`;
    await apiCall(athlete, 'POST', '/api/workout_log/manual', {
      title,
      performed_on: new Date().toISOString().slice(0, 10),
      duration_minutes: 25,
    });
    // The athlete waits on the home page: kudos and comments arrive live.
    await athlete.goto('/');
    await athlete.getByRole('heading', { name: 'Activity' }).waitFor();

    await reader.goto('/');
    const entry = reader.getByRole('article', { name: 'Workout by Jordan Lee' }).filter({
      hasText: title,
    });
    await entry.waitFor();
    expect(await entry.textContent()).toContain(`Jordan Lee completed ${title}`);

    const kudos = entry.getByRole('button', { name: /kudos$/ });
    expect(await kudos.getAttribute('aria-pressed')).toBe('false');
    await kudos.click();
    await entry.getByRole('button', { name: '1 kudos' }).waitFor();
    expect(await kudos.getAttribute('aria-pressed')).toBe('true');

    await entry.getByRole('textbox', { name: 'Add a comment' }).fill('Fast legs!');
    await entry.getByRole('button', { name: 'Comment', exact: true }).click();
    await entry.getByText('Fast legs!').waitFor();
    await entry.getByRole('button', { name: '1 comment' }).waitFor();
    await screenshot(reader, 'feed-desktop');

    // The athlete is told, and their own entry shows the kudos and the comment without a reload.
    await athlete.getByText('Sam Okafor gave you kudos').first().waitFor();
    await athlete.getByText('Sam Okafor commented on your workout').first().waitFor();
    const own = athlete.getByRole('article', { name: 'Your workout' }).filter({ hasText: title });
    await own.getByText('Fast legs!').waitFor();
    await own.getByRole('button', { name: '1 kudos' }).waitFor();
    await screenshot(athlete, 'feed-phone');

    // "Only me": the reader no longer sees it.
    await athlete.goto('/profile');
    await athlete.getByText('Only me', { exact: true }).click();
    await athlete.getByText('Only you see your workouts now.').waitFor();
    await reader.reload();
    await reader.getByRole('heading', { name: 'Activity' }).waitFor();
    await reader.getByRole('article').first().waitFor();
    expect(await reader.getByText(title).count()).toBe(0);

    // Shared with me: the athlete shares a workout; the reader saves a copy and lands on it.
    const library = await apiCall<{ items: { id: number; title: string }[] }>(
      athlete,
      'GET',
      '/api/workout?scope=library&limit=1',
    );
    const shared = library.items[0]!;
    await apiCall(athlete, 'POST', '/api/workout/share_workout', {
      friend_id: (await apiCall<{ user: { id: number } }>(reader, 'GET', '/api/auth/me')).user.id,
      workout_id: shared.id,
    });
    expect(jordan.name).toBe('Jordan Lee');
    await reader.goto('/shared');
    const card = reader.getByRole('article', { name: shared.title });
    await card.waitFor();
    expect(await card.textContent()).toContain('Jordan Lee shared this');
    await card.getByRole('button', { name: 'Save a copy' }).click();
    await reader.waitForURL(/\/workouts\/\d+$/);
    await reader.getByRole('heading', { name: `${shared.title} (copy)` }).waitFor();
  });
});
