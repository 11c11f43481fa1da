import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  closeBrowser,
  newPage,
  screenshot,
  signInByApi,
  uniqueEmail,
} from '../support/browser';
import { BROWSER_TEST_LIMITS, type RunningServer } from '../support/server';
import { createStore, runSql, seedStore, startServerOn, type Store } from '../support/store';

let store: Store;
let server: RunningServer;
const contexts: BrowserContext[] = [];
const MAYA = 'maya@example.com';
/** Maya's friend in the demo data. */
const JORDAN = 'jordan@example.com';
const NOTE = 'Eased today (about 25 % less volume) because your energy was low last session.';

beforeAll(async () => {
  store = await createStore();
  seedStore(store);
  // A program as the trainer saves one (the generation route is the virtual trainer's): three
  // weeks of library workouts on Monday, Wednesday, Friday and today, starting this Monday.
  await runSql(
    store,
    `with p as (
       insert into programs (owner_id, title, description, goal, weeks, starts_on)
       select id, '3-week HIIT program', 'Three weeks of intervals, a little harder each week.',
              'hiit', 3, date_trunc('week', current_date)::date
       from users where email = '${MAYA}' returning id
     ), days as (
       select distinct d from unnest(array[1, 3, 5, extract(isodow from current_date)::int]) d
     ), slots as (
       select w, d, row_number() over (order by w, d) as n from generate_series(1, 3) w, days
     ), library as (
       select id, row_number() over (order by id) as n from workouts where owner_id is null
     )
     insert into program_entries (program_id, week, weekday, workout_id, note)
     select p.id, s.w, s.d, l.id,
            case when s.w = 1 and s.d = extract(isodow from current_date) then '${NOTE}' else '' end
     from p, slots s join library l on l.n = s.n`,
  );
  // Maya follows it from its start: today's session comes from the programs a member follows.
  await runSql(
    store,
    `insert into program_follows (user_id, program_id, starts_on)
     select owner_id, id, starts_on from programs where title = '3-week HIIT program'`,
  );
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

describe('programs', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`lists programs, opens the calendar with today highlighted and starts today's session (${viewport})`, async () => {
      const page = await open(viewport);
      await signInByApi(page, MAYA);

      await page.goto('/');
      const today = page.getByRole('region', { name: "Today's session" });
      await today.waitFor();
      await today.getByText(NOTE).waitFor();
      await screenshot(page, `programs-home-${viewport}`);

      await page.goto('/programs');
      await page.getByRole('heading', { name: 'Programs', level: 1 }).waitFor();
      await screenshot(page, `programs-list-${viewport}`);
      await page.getByRole('link', { name: '3-week HIIT program' }).click();
      await page.getByRole('heading', { name: 'Week 1' }).waitFor();
      const current = page.locator('[aria-current="date"]');
      expect(await current.count()).toBe(1);
      expect(await current.getByText('Today', { exact: true }).count()).toBe(1);
      await current.getByText(NOTE).waitFor();
      await screenshot(page, `programs-calendar-${viewport}`);

      await page.goto('/');
      const start = page.getByRole('link', { name: 'Start workout' });
      const href = await start.getAttribute('href');
      expect(href).toMatch(/^\/workouts\/\d+$/);
      await start.click();
      await page.waitForURL(`**${href}`);
    });
  }

  it('shares the program with a friend, who opens it read-only from Shared with me and copies it', async () => {
    const owner = await open('desktop');
    await signInByApi(owner, MAYA);
    await owner.goto('/programs');
    await owner.getByRole('link', { name: '3-week HIIT program' }).click();
    await owner.getByRole('heading', { name: 'Week 1' }).waitFor();
    const sourceUrl = owner.url();

    // The one share modal: a friend picked in the enhanced select; status 200 → the notice.
    await owner.getByRole('button', { name: 'Share', exact: true }).click();
    const share = owner.getByRole('dialog', { name: /^Share/ });
    await share.getByRole('combobox', { name: 'Friend' }).click();
    await owner.getByRole('option', { name: /Jordan/ }).click();
    await share.getByRole('button', { name: 'Share' }).click();
    await owner.getByText('Shared “3-week HIIT program”.').waitFor();
    await share.waitFor({ state: 'detached' });

    const friend = await open('phone');
    await signInByApi(friend, JORDAN);
    await friend.goto('/shared');
    const card = friend.getByRole('article', { name: '3-week HIIT program' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Maya Rivera shared this');
    await screenshot(friend, 'programs-shared-with-me-phone');
    await card.getByRole('link', { name: '3-week HIIT program' }).click();
    await friend.getByRole('heading', { name: 'Week 1' }).waitFor();

    // Read-only: no share button, and the days name Maya's workouts without opening them.
    await friend.getByText('Shared with you by Maya Rivera', { exact: false }).waitFor();
    expect(await friend.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);
    expect(await friend.locator('main a[href^="/workouts/"]').count()).toBe(0);

    await friend.getByRole('button', { name: 'Copy to my programs' }).click();
    await friend.getByRole('heading', { name: '3-week HIIT program (copy)', level: 1 }).waitFor();
    expect(friend.url()).toMatch(/\/programs\/\d+$/);
    expect(friend.url()).not.toBe(sourceUrl);
    // The copy is Jordan's: its days open Jordan's own copies of the workouts.
    const day = friend.locator('main a[href^="/workouts/"]').first();
    const title = (await day.textContent())!;
    await day.click();
    await friend.getByRole('heading', { name: title, level: 1 }).waitFor();
    await screenshot(friend, 'programs-copied-phone');
  });

  it('shows a member without programs the way to ask the trainer for one', async () => {
    const page = await open('desktop');
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await apiCall(page, 'POST', '/api/auth/sign_up', {
      name: 'Nova Empty',
      email: uniqueEmail('programs'),
      password: 'a sturdy passphrase',
      gender: 'female',
      birth_date: '1991-02-03',
      measurement_type: 'metric',
      weight: 60,
      height: 165,
      workout_goal: 'hiit',
      meal_preference: 'omnivore',
    });
    await page.goto('/programs');
    await page.getByText('No programs yet').waitFor();
    expect(await page.getByRole('link', { name: 'Plan a program' }).getAttribute('href')).toBe(
      '/trainer/new?action=workout',
    );
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: "Today's session" }).count()).toBe(0);
  });
});
