import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, closeBrowser, newPage, uniqueEmail } from '../support/browser';

afterAll(async () => {
  await closeBrowser();
});

const PASSWORD = 'a sturdy passphrase';

async function signUp(page: Page, email: string) {
  await page.goto('/sign-in');
  await apiCall(page, 'POST', '/api/auth/sign_up', {
    name: 'Gale Games',
    email,
    password: PASSWORD,
    gender: 'female',
    birth_date: '1996-02-03',
    measurement_type: 'metric',
    weight: 62,
    height: 171,
    workout_goal: 'sport',
    sport_type: 'basketball',
    meal_preference: 'omnivore',
  });
}

/** The member's local date `days` ago, as the app sends it. */
function localDay(page: Page, days: number): Promise<string> {
  return page.evaluate((n) => {
    const d = new Date();
    d.setDate(d.getDate() - n);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }, days);
}

describe('personal game stats', () => {
  it('records a game in the modal, lists and charts it, edits it and deletes it', async () => {
    const { context, page } = await newPage();
    const email = uniqueEmail('games');
    await signUp(page, email);
    // One game already there, so the chart has a line once the second is recorded.
    await apiCall(page, 'POST', '/api/game_stats', {
      vs_name: 'Northside Owls',
      game_date: await localDay(page, 6),
      sport: 'basketball',
      points: 11,
      rebounds: 4,
      assists: 2,
    });

    await page.goto('/history');
    const games = page.getByRole('region', { name: 'Games' });
    await games.getByText('vs Northside Owls').waitFor();
    await games.getByRole('button', { name: 'Record a game' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a game' });
    await dialog.getByRole('button', { name: 'Save game' }).click();
    await dialog.getByText('Enter who you played against.').waitFor();

    await dialog.getByRole('textbox', { name: 'Opponent' }).fill('Eastside Eagles');
    await dialog.getByLabel('Date').fill(await localDay(page, 1));
    const points = dialog.getByRole('textbox', { name: 'Points' });
    await points.fill('0');
    await points.press('ArrowDown');
    expect(await points.inputValue()).toBe('0');
    await points.fill('21');
    await dialog.getByRole('textbox', { name: 'Rebounds' }).fill('8');
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Strong finish.');
    await dialog.getByRole('button', { name: 'Save game' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await games.getByText('vs Eastside Eagles').waitFor();
    await games.getByText('2 games').waitFor();
    await games
      .getByRole('img', { name: /Basketball: Points, Rebounds, Assists in your last 2 games/ })
      .waitFor();
    expect(await games.locator('.recharts-line').count()).toBeGreaterThan(0);
    // A game is training load: it shows on its day in the history too.
    await page.getByRole('article', { name: 'Game vs Eastside Eagles' }).first().waitFor();
    await shoot(page, 'game-stats-desktop-light');

    await games.getByRole('button', { name: 'Edit game vs Eastside Eagles' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit game' });
    await edit.getByRole('textbox', { name: 'Opponent' }).fill('Eastside Hawks');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await games.getByText('vs Eastside Hawks').waitFor();

    await games.getByRole('button', { name: 'Delete game vs Eastside Hawks' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this game?' });
    await confirm.getByRole('button', { name: 'Delete game' }).click();
    await page.getByText('Game deleted').waitFor();
    await games.getByText('vs Eastside Hawks').waitFor({ state: 'detached' });
    await games.getByText('1 game', { exact: true }).waitFor();
    await context.close();

    // The other sizes and themes, to look at (not on every run: they cost a browser each).
    if (process.env.GAME_SCREENSHOTS) {
      for (const [viewport, colorScheme] of [
        ['phone', 'light'],
        ['phone', 'dark'],
        ['desktop', 'dark'],
      ] as const) {
        const other = await newPage({ viewport, colorScheme });
        await other.page.goto('/sign-in');
        await apiCall(other.page, 'POST', '/api/auth/sign_in', { email, password: PASSWORD });
        await apiCall(other.page, 'POST', '/api/game_stats', {
          vs_name: `Rivals ${viewport} ${colorScheme}`,
          game_date: await localDay(other.page, 2),
          sport: 'basketball',
          points: 17,
          rebounds: 6,
          assists: 5,
        });
        await other.page.goto('/history');
        await other.page
          .getByRole('region', { name: 'Games' })
          .getByRole('img', { name: /^Basketball:/ })
          .waitFor();
        await shoot(other.page, `game-stats-${viewport}-${colorScheme}`);
        await other.context.close();
      }
    }
  });
});

/** The Games section and the modal, each on its own, in e2e/.artifacts/screenshots. */
async function shoot(page: Page, name: string) {
  const dir = path.join(import.meta.dirname, '..', '.artifacts', 'screenshots');
  mkdirSync(dir, { recursive: true });
  const games = page.getByRole('region', { name: 'Games' });
  await games.screenshot({ path: path.join(dir, `${name}-section.png`) });
  await games.getByRole('button', { name: 'Edit game vs' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Edit game' });
  await dialog.waitFor();
  await page.screenshot({ path: path.join(dir, `${name}-modal.png`) });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
