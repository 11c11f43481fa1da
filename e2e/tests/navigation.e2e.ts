import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage } from '../support/browser';

afterAll(async () => {
  await closeBrowser();
});

async function signIn(page: Page) {
  await page.goto('/sign-in');
  await page.getByRole('textbox', { name: 'Email' }).fill('jordan@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('fitcoach-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /Jordan/ }).waitFor();
}

const profileChunk = '**/assets/profile-*.js';

describe('page navigation', () => {
  it('shows the progress bar when a navigation takes over 500 ms', async () => {
    const { context, page } = await newPage();
    await signIn(page);
    const bar = page.locator('.mantine-Progress-root[data-mounted]');
    expect(await bar.count()).toBe(0);

    await page.route(profileChunk, async (route) => {
      await new Promise((r) => setTimeout(r, 2_000));
      await route.continue();
    });
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await bar.waitFor({ state: 'attached' });
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    await bar.waitFor({ state: 'detached' });
    await context.close();
  });

  it('reloads the page in full when a navigation fails on the network', async () => {
    const { context, page } = await newPage();
    await signIn(page);
    await page.evaluate(() => {
      (window as unknown as { beforeReload: boolean }).beforeReload = true;
    });
    let aborted = false;
    await page.route(profileChunk, async (route) => {
      if (!aborted) {
        aborted = true;
        await route.abort('internetdisconnected');
        return;
      }
      await route.continue();
    });
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    expect(aborted).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/profile');
    // A full reload starts a new window: the marker set before is gone.
    expect(
      await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload),
    ).toBe(undefined);
    await context.close();
  });
});
