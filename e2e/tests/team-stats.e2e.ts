import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, closeBrowser, newPage, screenshot, uniqueEmail } from '../support/browser';
import { repoRoot } from '../support/server';

const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await closeBrowser();
});

async function open(options: Parameters<typeof newPage>[0] = {}) {
  const opened = await newPage(options);
  contexts.push(opened.context);
  return opened.page;
}

/** A fresh member with a name nobody else has, signed up (and in) through the API. */
async function signUpNamed(page: Page, name: string): Promise<number> {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  const answer = await apiCall<{ user: { id: number } }>(page, 'POST', '/api/auth/sign_up', {
    name,
    email: uniqueEmail('team-stats'),
    password: 'a sturdy passphrase',
    gender: 'male',
    birth_date: '1994-05-05',
    measurement_type: 'metric',
    weight: 80,
    height: 185,
    workout_goal: 'sport',
    sport_type: 'basketball',
    meal_preference: 'omnivore',
  });
  return answer.user.id;
}

/** A dialog as it is seen: the viewport only (a full-page shot of a modal cuts it apart). */
async function dialogShot(page: Page, name: string) {
  const dir = path.join(repoRoot, 'e2e', '.artifacts', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** A cell of the sheet: the player's count by its long name. */
const cell = (dialog: ReturnType<Page['getByRole']>, player: string, field: string) =>
  dialog.getByRole('textbox', { name: `${player}: ${field}` });

async function enter(input: ReturnType<Page['getByRole']>, value: string) {
  await input.fill(value);
}

describe('team game stats', () => {
  it('two scorers score one game live, see each other’s changes, submit it, and read it back', async () => {
    const suffix = Date.now().toString(36);
    const pat = `Pat Guard ${suffix}`;
    const quinn = `Quinn Center ${suffix}`;
    const opponent = `Eagles ${suffix}`;

    const patPage = await open();
    const patId = await signUpNamed(patPage, pat);
    const quinnPage = await open();
    const quinnId = await signUpNamed(quinnPage, quinn);
    const scorer = await open();
    const scorerId = await signUpNamed(scorer, `Sam Scorer ${suffix}`);
    const owner = await open();
    await signUpNamed(owner, `Olivia Coach ${suffix}`);

    const team = await apiCall<{ id: number }>(owner, 'POST', '/api/team', {
      name: `Hawks ${suffix}`,
      sport: 'basketball',
      season: '2025–26',
    });
    for (const body of [
      { user_id: patId, role: 'player', jersey_number: 3, alias_name: 'Pat' },
      { user_id: quinnId, role: 'player', jersey_number: 12, alias_name: 'Q' },
      { user_id: scorerId, role: 'scorer' },
    ]) {
      await apiCall(owner, 'POST', '/api/team/users', { team_id: team.id, ...body });
    }

    // The owner starts a game: the total follows the counts as they are typed.
    await owner.goto(`/teams/${team.id}`);
    const games = owner.getByRole('region', { name: 'Games' });
    await games.getByText('No games yet').waitFor();
    await games.getByRole('button', { name: 'New game' }).click();
    const sheet = owner.getByRole('dialog', { name: 'New game' });
    await sheet.getByText(/Your first change starts the game live/).waitFor();
    await sheet.getByRole('textbox', { name: 'Opponent' }).fill(opponent);
    await enter(cell(sheet, pat, 'Two-point field goals attempted'), '3');
    await enter(cell(sheet, pat, 'Two-point field goals made'), '2');
    await enter(cell(sheet, pat, 'Three-point field goals attempted'), '1');
    await enter(cell(sheet, pat, 'Three-point field goals made'), '1');
    await enter(cell(sheet, pat, 'Free throws attempted'), '2');
    await enter(cell(sheet, pat, 'Free throws made'), '1');
    const patRow = sheet.getByRole('row', { name: new RegExp(pat) });
    await patRow.getByText('8', { exact: true }).waitFor();
    await sheet.getByText(/All changes saved/).waitFor();

    // The scorer joins the live game from the team page and sees the owner's row.
    await scorer.goto(`/teams/${team.id}`);
    const card = scorer.getByRole('article', { name: `vs ${opponent}` });
    await card.getByText('Live', { exact: true }).waitFor();
    await card.getByRole('button', { name: /^Continue scoring/ }).click();
    const scorerSheet = scorer.getByRole('dialog', { name: 'Scoring the game' });
    await expect
      .poll(() => cell(scorerSheet, pat, 'Two-point field goals made').inputValue())
      .toBe('2');

    // Both at once, on different players: each sees the other's change, nothing lost.
    await Promise.all([
      (async () => {
        await enter(cell(scorerSheet, quinn, 'Defensive rebounds'), '4');
        await enter(cell(scorerSheet, quinn, 'Three-point field goals attempted'), '2');
        await enter(cell(scorerSheet, quinn, 'Three-point field goals made'), '2');
      })(),
      (async () => {
        await enter(cell(sheet, pat, 'Assists'), '5');
        await enter(cell(sheet, pat, 'Free throws attempted'), '4');
        await enter(cell(sheet, pat, 'Free throws made'), '3');
      })(),
    ]);
    const quinnRowOwner = sheet.getByRole('row', { name: new RegExp(quinn) });
    await quinnRowOwner.getByText('6', { exact: true }).waitFor();
    await expect.poll(() => cell(sheet, quinn, 'Defensive rebounds').inputValue()).toBe('4');
    const patRowScorer = scorerSheet.getByRole('row', { name: new RegExp(pat) });
    await patRowScorer.getByText('10', { exact: true }).waitFor();
    await expect.poll(() => cell(scorerSheet, pat, 'Assists').inputValue()).toBe('5');
    await dialogShot(scorer, 'team-stats-live-sheet-desktop');

    // Made above attempted is said on the cell and stops Submit.
    await enter(cell(sheet, pat, 'Free throws made'), '5');
    await sheet.getByText('Made (5) cannot be more than attempted (4).').waitFor();
    await sheet.getByRole('button', { name: 'Submit' }).click();
    await sheet
      .getByText('Correct the rows marked in red: made cannot be more than attempted.')
      .waitFor();
    await enter(cell(sheet, pat, 'Free throws made'), '3');

    // A player follows the live box score, read-only.
    await patPage.goto(`/teams/${team.id}`);
    const patCard = patPage.getByRole('article', { name: `vs ${opponent}` });
    expect(await patPage.getByRole('button', { name: 'New game' }).count()).toBe(0);
    await patCard.getByRole('button', { name: /^Live box score/ }).click();
    const box = patPage.getByRole('dialog', { name: /Box score/ });
    await box.getByText('16 points').waitFor();
    await dialogShot(patPage, 'team-stats-live-box-score-desktop');

    // Submit: the spec's message; the scorer's sheet turns read-only.
    await sheet.getByRole('button', { name: 'Submit' }).click();
    await owner.getByText('Stats saved successfully!').waitFor();
    await sheet.waitFor({ state: 'hidden' });
    await scorerSheet.getByText('Another scorer submitted this game: it is final now.').waitFor();
    expect(await scorerSheet.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await box.getByText('Final', { exact: true }).waitFor();

    // The details view is read-only with Submit hidden; closing it resets the sheet.
    const finalCard = games.getByRole('article', { name: `vs ${opponent}` });
    await finalCard.getByText('16 points').waitFor();
    await finalCard.getByRole('button', { name: /^Details/ }).click();
    const details = owner.getByRole('dialog', { name: 'Game details' });
    await details.getByText('This game is final: its sheet is read-only.').waitFor();
    expect(await details.getByRole('textbox', { name: 'Opponent' }).inputValue()).toBe(opponent);
    expect(await details.getByRole('textbox', { name: 'Opponent' }).isDisabled()).toBe(true);
    expect(await cell(details, pat, 'Assists').inputValue()).toBe('5');
    expect(await cell(details, pat, 'Assists').isDisabled()).toBe(true);
    expect(await details.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await dialogShot(owner, 'team-stats-details-desktop');
    await details.getByRole('button', { name: 'Close', exact: true }).last().click();
    await details.waitFor({ state: 'hidden' });
    await games.getByRole('button', { name: 'New game' }).click();
    const fresh = owner.getByRole('dialog', { name: 'New game' });
    expect(await fresh.getByRole('textbox', { name: 'Opponent' }).inputValue()).toBe('');
    expect(await fresh.getByRole('textbox', { name: 'Opponent' }).isEnabled()).toBe(true);
    expect(await cell(fresh, pat, 'Assists').inputValue()).toBe('0');
    expect(await cell(fresh, pat, 'Assists').isEnabled()).toBe(true);
    await fresh.getByRole('button', { name: 'Submit' }).waitFor();
    await fresh.getByRole('button', { name: 'Close', exact: true }).last().click();
    await fresh.waitFor({ state: 'hidden' });

    // The season: totals with the percentages, and the box score.
    const season = games.getByRole('table', { name: /Season totals/ });
    // Pat: FG 3/4 (75.0 %), 3P 1/1, FT 3/4; 10 points.
    await season.getByRole('row', { name: new RegExp(`${pat} 1 10 10`) }).waitFor();
    await season.getByText('75.0%').first().waitFor();

    // Two earlier games (the spec's call, as a sheet submitted at once): Pat's season is drawn.
    for (const [daysAgo, made] of [
      [14, 4],
      [7, 6],
    ] as const) {
      const date = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
      await apiCall(owner, 'POST', '/api/team/stats', {
        team_id: team.id,
        stats: [
          {
            vs_name: `Owls ${daysAgo}`,
            game_date: date,
            player_id: patId,
            two_point_fg_attempted: made + 3,
            two_point_fg_made: made,
            defensive_rebounds: 2,
            assists: 3,
            total_points: 999,
          },
        ],
      });
    }
    await games
      .getByRole('img', { name: `${pat}'s points, rebounds and assists in 3 games` })
      .waitFor();
    await season.getByRole('row', { name: new RegExp(`${pat} 3 30 10`) }).waitFor();
    await screenshot(owner, 'team-stats-team-desktop');

    // Phone: the page and the box score, in both schemes.
    for (const colorScheme of ['light', 'dark'] as const) {
      const phone = await open({ viewport: 'phone', colorScheme });
      await phone.goto('/sign-in');
      await phone.getByRole('button', { name: 'Sign in' }).waitFor();
      await phone.context().addCookies(await owner.context().cookies());
      await phone.goto(`/teams/${team.id}`);
      await phone.getByRole('region', { name: 'Games' }).getByRole('table').waitFor();
      await screenshot(phone, `team-stats-team-phone-${colorScheme}`);
      await phone
        .getByRole('article', { name: `vs ${opponent}` })
        .getByRole('button', { name: /^Details/ })
        .click();
      await phone.getByRole('dialog', { name: 'Game details' }).getByRole('table').waitFor();
      await dialogShot(phone, `team-stats-details-phone-${colorScheme}`);
    }
  });
});
