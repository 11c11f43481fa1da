import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlanLocal } from '../../apps/server/src/coach/providers/local/diet-planner';
import { foodSeeds } from '../../apps/server/src/db/seed/reference/foods';
import { closeBrowser, newPage, screenshot, signInByApi } from '../support/browser';
import { BROWSER_TEST_LIMITS, type RunningServer } from '../support/server';
import {
  befriend,
  createStore,
  runSql,
  seedStore,
  startServerOn,
  type Store,
} from '../support/store';

// Its own server: the diet is written straight into the database before it starts (the
// trainer form that generates diets is another part of this issue), planned by the same local
// engine from the same food table (seeded in this order, so ids follow it).
let store: Store;
let server: RunningServer;
const contexts: BrowserContext[] = [];

const OWNER = 'sam@example.com';
const FRIEND = 'jordan@example.com';
const TITLE = 'Omnivore day, e2e';

beforeAll(async () => {
  store = await createStore();
  seedStore(store);
  await befriend(store, OWNER, FRIEND);
  const foods = foodSeeds.map((f, i) => ({ ...f, id: i + 1 }));
  const plan = generatePlanLocal(foods, {
    gender: 'female',
    age: 31,
    weight_kg: 63,
    height_cm: 168,
    workout_frequency: 4,
    workout_length: 45,
    goal: 'hiit',
    meal_preference: 'omnivore',
    seed: 5,
  });
  const json = JSON.stringify(plan).replace(/'/g, "''");
  await runSql(
    store,
    `with d as (
       insert into diets (owner_id, title, meal_preference, goal, plan)
       select id, '${TITLE}', 'omnivore', 'hiit', '${json}'::jsonb from users where email = '${OWNER}'
       returning id, plan)
     insert into diet_versions (diet_id, version, plan, summary) select id, 1, plan, 'First version.' from d`,
  );
  server = await startServerOn(store, BROWSER_TEST_LIMITS);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await closeBrowser();
  await server?.stop();
  await store?.dispose();
});

/** WCAG 2.1 A and AA violations on screen now, as rule ids (empty when none). */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

async function open(viewport: 'phone' | 'desktop') {
  const opened = await newPage({ viewport, baseURL: server.baseUrl });
  contexts.push(opened.context);
  return opened.page;
}

describe('diets', () => {
  it('shows the day, changes it in plain words with a diff, explains a refusal, shares and restores', async () => {
    const page = await open('desktop');
    await signInByApi(page, OWNER);
    await page.goto('/diets');
    await page.getByRole('heading', { name: 'Diets', level: 1 }).waitFor();
    await page.getByRole('link', { name: TITLE }).click();
    await page.getByRole('heading', { name: 'Breakfast' }).waitFor();
    for (const meal of ['Lunch', 'Dinner', 'Snacks']) {
      await page.getByRole('heading', { name: meal }).waitFor();
    }
    await page
      .getByRole('table', { name: 'Breakfast' })
      .getByRole('columnheader', { name: 'Household measure' })
      .waitFor();
    await screenshot(page, 'diet-desktop');
    expect(await violations(page)).toEqual([]);

    // A change in plain words: the diff shows, the version moves on.
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change this diet' });
    await dialog
      .getByRole('textbox', { name: 'What should change?' })
      .fill('no dairy and 1800 kcal');
    await dialog.getByRole('button', { name: 'Apply change' }).click();
    await dialog.getByText('What changed').waitFor();
    expect(await dialog.getByRole('status').textContent()).toContain('no dairy');
    expect(await dialog.textContent()).toContain('→ 1,800');
    await screenshot(page, 'diet-edit-diff');
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Make another change' }).click();
    await dialog.getByRole('textbox', { name: 'What should change?' }).fill('paint it blue');
    await dialog.getByRole('button', { name: 'Apply change' }).click();
    const refusal = dialog.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('I could not understand “paint it blue”');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Version 2', { exact: true }).first().waitFor();

    // Share with a friend picked in the enhanced select: status 200 → the success notice.
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: /^Share/ });
    await share.getByRole('combobox', { name: 'Friend' }).click();
    await page.getByRole('option', { name: /Jordan/ }).click();
    await share.getByRole('button', { name: 'Share' }).click();
    await page.getByText(/^Shared “/).waitFor();

    // Restore version 1, after confirming.
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page
      .getByRole('dialog', { name: 'Restore version 1?' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await page.getByText('Restored version 1.').first().waitFor();
    await page.getByText('Version 3', { exact: true }).first().waitFor();

    // The friend sees it on a phone, read-only.
    const phone = await open('phone');
    await signInByApi(phone, FRIEND);
    await phone.goto('/diets');
    await phone.getByText('Shared by Sam', { exact: false }).waitFor();
    await screenshot(phone, 'diets-phone');
    await phone
      .getByRole('link', { name: /Omnivore/ })
      .first()
      .click();
    await phone.getByRole('heading', { name: 'Breakfast' }).waitFor();
    // On a phone each food is a row of its own (no table wider than the screen), its measure
    // multiplied out ("1½ cups", not "1.5 × 1 cup").
    const breakfast = phone.getByRole('list', { name: 'Breakfast' });
    await breakfast.waitFor();
    expect(await breakfast.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await phone.getByRole('table').count()).toBe(0);
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    expect(await phone.getByRole('main').textContent()).not.toMatch(/\d × \d/);
    expect(await phone.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await screenshot(phone, 'diet-phone');
    expect(await violations(phone)).toEqual([]);
  });

  it('an empty list links to the trainer form with the diet action preset', async () => {
    const page = await open('phone');
    await signInByApi(page, 'coach@example.com');
    await page.goto('/diets');
    const ask = page.getByRole('link', { name: 'Ask the trainer for a diet' });
    await ask.waitFor();
    expect(await ask.getAttribute('href')).toBe('/trainer/new?action=diet');
    await screenshot(page, 'diets-empty-phone');
  });
});
