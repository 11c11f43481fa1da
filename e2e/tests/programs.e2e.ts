import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlanLocal } from '../../apps/server/src/coach/providers/local/diet-planner';
import { foodSeeds } from '../../apps/server/src/db/seed/reference/foods';
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
/** Jordan's own diet, for the builder's day modal (diets come from the trainer, not the seed). */
const DIET = 'Jordan’s training-day diet';

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
  // Planned by the local engine from the food table (seeded in this order, so ids follow it).
  const plan = generatePlanLocal(
    foodSeeds.map((f, i) => ({ ...f, id: i + 1 })),
    {
      gender: 'male',
      age: 34,
      weight_kg: 80,
      height_cm: 180,
      workout_frequency: 4,
      workout_length: 60,
      goal: 'weight_lifting',
      meal_preference: 'omnivore',
      seed: 3,
    },
  );
  await runSql(
    store,
    `insert into diets (owner_id, title, meal_preference, goal, plan)
     select id, '${DIET.replace(/'/g, "''")}', 'omnivore', 'weight_lifting',
            '${JSON.stringify(plan).replace(/'/g, "''")}'::jsonb
     from users where email = '${JORDAN}'`,
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

const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

/** In the day modal: types into the enhanced select box and picks the option titled `title`. */
async function pick(page: Page, label: 'Workout' | 'Diet', search: string, title: string) {
  const dialog = page.getByRole('dialog');
  const box = dialog.getByRole('combobox', { name: label });
  await box.fill(search);
  await page.getByRole('option', { name: title, exact: true }).first().click();
  expect(await box.inputValue()).toBe(title);
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

  it('shows a member without programs the library’s and the way to ask the trainer for one', async () => {
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
    // The demo coach's library program is there for everyone (with no library, the list's
    // empty state links to the trainer instead: programs-list.test.tsx).
    await page.goto('/programs');
    await page.getByRole('link', { name: 'Four-week strength and conditioning' }).waitFor();
    expect(await page.getByRole('link', { name: 'Ask for a program' }).getAttribute('href')).toBe(
      '/trainer/new?action=workout',
    );
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: "Today's session" }).count()).toBe(0);
  });

  it('builds a program on the calendar with the day modal, starts it and shows today’s session', async () => {
    const page = await open('desktop');
    await signInByApi(page, JORDAN);
    await page.goto('/builder?tab=program');
    expect(await page.getByRole('tab', { name: 'Program' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const title = `Built in the browser ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Title' }).fill(title);

    // Today's weekday in week 1 (the program starts today), and a neighbour to move a session to.
    const today = new Date().getDay() || 7;
    const neighbour = today < 7 ? today + 1 : today - 1;
    const [todayName, neighbourName] = [WEEKDAY_NAMES[today - 1]!, WEEKDAY_NAMES[neighbour - 1]!];
    const dayButton = (week: number, name: string) =>
      page.getByRole('button', { name: new RegExp(`^Week ${week}, ${name}: `) });

    await dayButton(1, todayName).click();
    const dialog = page.getByRole('dialog', { name: `Week 1, ${todayName}` });
    await dialog.waitFor();
    // By keyboard: the picker's list, open while it has the focus, covers the button.
    const stageIt = async () => {
      await dialog.getByRole('button', { name: 'Add to this day' }).focus();
      await page.keyboard.press('Enter');
    };
    const staged = dialog.getByRole('listitem');

    // Staging refuses an empty pick and the same workout twice on one day.
    await stageIt();
    await dialog.getByText('Pick one first.').waitFor();
    await pick(page, 'Workout', 'barbell strength', 'Barbell strength 5×5');
    await stageIt();
    await pick(page, 'Workout', 'barbell strength', 'Barbell strength 5×5');
    await stageIt();
    await dialog.getByText('This is already on this day.').waitFor();
    await pick(page, 'Workout', 'push day', 'Push day: chest, shoulders and triceps');
    await stageIt();
    await pick(page, 'Workout', 'hiit circuit', '20-minute HIIT circuit');
    await stageIt();
    // The segmented control's radios are hidden behind their labels: a member clicks the label.
    await dialog.locator('label', { hasText: /^Diet$/ }).click();
    await pick(page, 'Diet', 'training-day', DIET);
    await stageIt();
    await expect.poll(() => staged.count()).toBe(4);

    // Remove one, and move one to the next day with the keyboard (the move-to select).
    await dialog.getByRole('button', { name: 'Remove “20-minute HIIT circuit”' }).click();
    const moveTo = dialog.getByRole('combobox', {
      name: 'Move “Push day: chest, shoulders and triceps” to',
    });
    await moveTo.focus();
    await page.keyboard.press(today < 7 ? 'ArrowDown' : 'ArrowUp');
    await expect
      .poll(() => staged.allTextContents())
      .toEqual([expect.stringContaining('Barbell strength 5×5'), expect.stringContaining(DIET)]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await dayButton(1, neighbourName).filter({ hasText: 'Edit' }).waitFor();
    expect(await dayButton(1, neighbourName).getAttribute('aria-label')).toContain('1 item');

    // Week 1 onto weeks 2–4, then save.
    await page.getByRole('button', { name: 'Repeat week 1 for weeks 2–4' }).click();
    expect(await dayButton(4, todayName).getAttribute('aria-label')).toContain('2 items');
    // From the top, so the fixed header sits where a member sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'program-builder-calendar-desktop');
    await page.getByRole('button', { name: 'Create program' }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = await apiCall<{
      entries: {
        week: number;
        weekday: number;
        workout: { title: string } | null;
        diet: { title: string } | null;
      }[];
    }>(page, 'GET', `/api/program/${id}`);
    const on = (week: number, weekday: number) =>
      saved.entries
        .filter((e) => e.week === week && e.weekday === weekday)
        .map((e) => e.workout?.title ?? e.diet?.title);
    for (const week of [1, 4]) {
      expect(on(week, today)).toEqual(['Barbell strength 5×5', DIET]);
      expect(on(week, neighbour)).toEqual(['Push day: chest, shoulders and triceps']);
    }
    expect(saved.entries).toHaveLength(12);

    // Start it today: today's session is on the home page.
    await page.getByRole('button', { name: 'Start program' }).click();
    await page.getByText('Following', { exact: true }).waitFor();
    await page.goto('/');
    const session = page.getByRole('region', { name: "Today's session" });
    await session.getByText(`${title} · week 1`).waitFor();
    await session.getByText('Barbell strength 5×5').waitFor();
  });
});
