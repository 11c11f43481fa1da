import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, screenshot } from '../support/browser';
import { BROWSER_TEST_LIMITS, type RunningServer } from '../support/server';
import { createStore, runSql, seedStore, startServerOn, type Store } from '../support/store';

// This file runs its own server: it changes the demo member's language, which the other files'
// members must not inherit, and it stores a notification with a date it can read back.
let store: Store;
let server: RunningServer;

const MEMBER = 'maya@example.com';
const DEMO_PASSWORD = 'fitcoach-demo';

beforeAll(async () => {
  store = await createStore();
  seedStore(store);
  // A notification from a past year: the bell shows its full date, worded per language. It is
  // the member's own (an announcement to everyone shows only to members who joined before it).
  await runSql(
    store,
    `insert into notifications (user_id, kind, title, body, created_at)
       select id, 'announcement', 'Gym closed on Sunday', '', '2025-03-05T12:00:00Z'
         from users where email = '${MEMBER}'`,
  );
  server = await startServerOn(store, BROWSER_TEST_LIMITS);
});

afterAll(async () => {
  await closeBrowser();
  await server?.stop();
  await store?.dispose();
});

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** Signs the demo member in from the sign-in page, in English. */
async function signIn(page: Page) {
  await page.getByRole('textbox', { name: 'Email' }).fill(MEMBER);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('languages', () => {
  it('shows the sign-in page in the browser’s language, and lets a visitor switch', async () => {
    const { context, page } = await newPage({ baseURL: server.baseUrl, locale: 'es-ES' });
    await page.goto('/sign-in');

    await page.getByRole('heading', { name: 'Hola de nuevo' }).waitFor();
    expect(await htmlLang(page)).toBe('es');
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    await page.getByRole('link', { name: 'Crea una cuenta' }).waitFor();
    await screenshot(page, 'sign-in-es');

    // The language menu beside the theme menu: kept on this device.
    await page.getByRole('button', { name: 'Idioma' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await context.close();
  });

  it('follows the member’s choice on the profile, on every page and every device', async () => {
    const { context, page } = await newPage({ baseURL: server.baseUrl });
    await page.goto('/sign-in?next=/profile');
    await signIn(page);
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();

    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Español' }).click();

    // The page switches at once.
    await page.getByRole('heading', { name: 'Perfil', exact: true }).waitFor();
    expect(await htmlLang(page)).toBe('es');
    expect(await page.getByRole('combobox', { name: 'Idioma' }).inputValue()).toBe('Español');

    // The shell and home: Spanish texts, Spanish decimals (Maya weighs 61.5 kg).
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await nav.getByRole('link', { name: 'Inicio' }).click();
    await page
      .getByRole('heading', { name: /^(Buenos días|Buenas tardes|Buenas noches), Maya$/ })
      .waitFor();
    await page.getByText('61,5', { exact: true }).waitFor();
    await page.getByText('Tus objetivos').waitFor();
    await screenshot(page, 'home-es');

    await nav.getByRole('link', { name: 'Entrenamientos' }).click();
    await page.getByRole('heading', { name: 'Entrenamientos', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Nuevo entrenamiento' }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar entrenamientos' }).waitFor();

    await nav.getByRole('link', { name: 'Historial' }).click();
    await page.getByRole('heading', { name: 'Entrenamientos completados' }).waitFor();

    // The bell: its texts, and a past year's date the Spanish way.
    await page.getByRole('button', { name: /^Notificaciones/ }).click();
    const list = page.getByRole('list', { name: 'Lista de notificaciones' });
    await list.getByText('Gym closed on Sunday').waitFor();
    await list.getByText('5 mar 2025').waitFor();
    await screenshot(page, 'notifications-es');
    await page.keyboard.press('Escape');

    // A reload keeps it.
    await page.reload();
    await page.getByRole('heading', { name: 'Entrenamientos completados' }).waitFor();
    expect(await htmlLang(page)).toBe('es');

    // Another device whose browser speaks English: the profile's language wins once signed in.
    const other = await newPage({ baseURL: server.baseUrl });
    await other.page.goto('/sign-in');
    await other.page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await signIn(other.page);
    await other.page
      .getByRole('heading', { name: /^(Buenos días|Buenas tardes|Buenas noches), Maya$/ })
      .waitFor();
    expect(await htmlLang(other.page)).toBe('es');
    await other.context.close();

    // And back to English from the profile.
    await nav.getByRole('link', { name: 'Perfil' }).click();
    await page.getByRole('combobox', { name: 'Idioma' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Home' })
      .click();
    await page.getByRole('heading', { name: /^Good (morning|afternoon|evening), Maya$/ }).waitFor();
    await page.getByText('61.5', { exact: true }).waitFor();
    await context.close();
  });
});
