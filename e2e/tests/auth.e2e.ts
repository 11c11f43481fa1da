import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, screenshot } from '../support/browser';

afterAll(async () => {
  await closeBrowser();
});

describe('sign-in and sign-out', () => {
  it('refuses a wrong password without saying which field was wrong, then signs in', async () => {
    const { context, page } = await newPage({ viewport: 'phone' });
    await page.goto('/');
    // A visitor is sent to sign-in and comes back afterwards.
    await page.waitForURL(/\/sign-in/);
    await screenshot(page, 'sign-in-phone');

    await page.getByRole('textbox', { name: 'Email' }).fill('jordan@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'That email and password do not match our records.',
    );

    // Hold the answer a moment to see the spinner the spec asks for.
    await page.route('**/api/auth/sign_in', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('fitcoach-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Signing in…' }).waitFor();
    await page.getByLabel('Signing in').waitFor();
    await page.getByRole('heading', { name: /Jordan/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('signs out from the account menu and protects pages afterwards', async () => {
    const { context, page } = await newPage({ viewport: 'desktop' });
    await page.goto('/sign-in?next=/profile');
    await page.getByRole('textbox', { name: 'Email' }).fill('sam@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('fitcoach-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in$/);
    await page.goto('/profile');
    await page.waitForURL(/\/sign-in\?next=%2Fprofile/);
    await context.close();
  });

  it('refuses a POST without the CSRF header', async () => {
    const { context, page } = await newPage();
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const result = await page.evaluate(async () => {
      const res = await fetch('/api/auth/sign_in', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'maya@example.com', password: 'fitcoach-demo' }),
      });
      return { status: res.status, body: (await res.json()) as { error: string } };
    });
    expect(result.status).toBe(403);
    expect(result.body.error).toBe('invalid_csrf_token');
    await context.close();
  });

  it('shows a 404 page for an unknown address', async () => {
    const { context, page } = await newPage({ viewport: 'phone' });
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });
});
