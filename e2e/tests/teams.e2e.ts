import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, closeBrowser, newPage, screenshot, uniqueEmail } from '../support/browser';

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
async function signUpNamed(page: Page, name: string) {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await apiCall(page, 'POST', '/api/auth/sign_up', {
    name,
    email: uniqueEmail('teams'),
    password: 'a sturdy passphrase',
    gender: 'female',
    birth_date: '1993-04-04',
    measurement_type: 'metric',
    weight: 64,
    height: 168,
    workout_goal: 'weight_lifting',
    meal_preference: 'omnivore',
  });
}

describe('teams', () => {
  it('an owner creates a team, adds a player (the rules shown first), gives a workout, and removes the player', async () => {
    const suffix = Date.now().toString(36);
    const playerName = `Pat Player ${suffix}`;
    const teamName = `Hawks ${suffix}`;
    const player = await open({ viewport: 'phone' });
    await signUpNamed(player, playerName);

    const owner = await open();
    await signUpNamed(owner, `Olivia Owner ${suffix}`);
    await owner.goto('/teams');
    await owner.getByText('You are not on a team yet').waitFor();
    await owner.getByRole('button', { name: 'Create team' }).first().click();
    const create = owner.getByRole('dialog', { name: 'Create a team' });
    await create.getByRole('textbox', { name: 'Team name' }).fill(teamName);
    await create.getByRole('combobox', { name: 'Sport' }).click();
    await owner.getByRole('option', { name: 'Basketball' }).click();
    await create.getByRole('textbox', { name: 'Season' }).fill('2025–26');
    await create.getByRole('button', { name: 'Create team' }).click();
    await owner.getByRole('heading', { name: teamName, level: 1 }).waitFor();
    expect(owner.url()).toMatch(/\/teams\/\d+$/);

    // Add user: the spec's rules are said before anything is sent.
    await owner.getByRole('button', { name: 'Add user' }).click();
    const add = owner.getByRole('dialog', { name: 'Add user' });
    await add.getByRole('button', { name: 'Add to team' }).click();
    await add.getByText('Choose a member to add.').waitFor();
    await add.getByText("Enter the player's alias name.").waitFor();
    await add.getByText("Enter the player's jersey number (0 or more).").waitFor();
    await add.getByRole('combobox', { name: 'Member' }).fill(playerName);
    await owner.getByRole('option', { name: playerName }).click();
    await add.getByRole('textbox', { name: 'Jersey number' }).fill('23');
    await add.getByRole('textbox', { name: 'Alias name' }).fill('Patty');
    await screenshot(owner, 'teams-add-user-desktop');
    await add.getByRole('button', { name: 'Add to team' }).click();
    await add.waitFor({ state: 'hidden' });
    const row = owner.getByRole('row', { name: new RegExp(`${playerName} Patty 23 Player`) });
    await row.waitFor();

    // A workout for the team, picked with the select box.
    await owner.getByRole('combobox', { name: 'Add workouts' }).click();
    const option = owner.getByRole('option').first();
    const title = ((await option.textContent()) ?? '').trim();
    await option.click();
    await owner.keyboard.press('Escape');
    await owner.getByRole('button', { name: 'Add', exact: true }).click();
    const workouts = owner.getByRole('region', { name: 'Team workouts' });
    await workouts.getByRole('link', { name: title }).waitFor();
    await workouts.getByText('Nobody has logged it yet').waitFor();
    await screenshot(owner, 'teams-team-desktop');

    // The player sees the team and its workout.
    await player.goto('/teams');
    await player.getByRole('link', { name: `Open ${teamName}` }).click();
    await player
      .getByRole('region', { name: 'Team workouts' })
      .getByRole('link', { name: title })
      .waitFor();
    expect(await player.getByRole('button', { name: 'Add user' }).count()).toBe(0);
    await screenshot(player, 'teams-team-phone');

    // Removed after a confirmation.
    await owner.getByRole('button', { name: `Remove ${playerName} from the team` }).click();
    const confirm = owner.getByRole('dialog', { name: 'Remove from the team?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await row.waitFor({ state: 'detached' });
    await player.reload();
    await player.getByRole('heading', { name: 'Team not available' }).waitFor();
  });
});
