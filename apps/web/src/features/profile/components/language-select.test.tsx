// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, currentLocale } from '../../../i18n/i18n';
import { mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { LanguageSelect } from './language-select';

afterEach(async () => {
  await changeLocale('en');
  window.localStorage.clear();
});

describe('the language picker', () => {
  it('saves the chosen language on the profile and switches the page to it at once', async () => {
    const api = mockApi().on('PUT /api/profile/locale', { ok: true });
    const { user } = renderWithApp(<LanguageSelect value={null} />, { route: '/profile' });

    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('Browser default');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Español' }));

    await vi.waitFor(() => expect(currentLocale()).toBe('es'));
    expect(api.sent('PUT /api/profile/locale')[0]?.body).toEqual({ locale: 'es' });
    expect(document.documentElement.lang).toBe('es');
    // Kept on the account, not on this browser: whoever signs in here next is not given it.
    expect(window.localStorage.getItem('fitcoach-locale')).toBeNull();
    // The picker itself now speaks Spanish; the language names stay in their own language.
    expect(await screen.findByRole('heading', { name: 'Idioma' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('Español');
  });

  it('follows the browser again with "Browser default", forgetting this device’s choice', async () => {
    await changeLocale('es');
    expect(window.localStorage.getItem('fitcoach-locale')).toBe('es');
    const api = mockApi().on('PUT /api/profile/locale', { ok: true });
    const { user } = renderWithApp(<LanguageSelect value="es" />, { route: '/profile' });

    await user.click(screen.getByRole('combobox', { name: 'Idioma' }));
    await user.click(await screen.findByRole('option', { name: 'Predeterminado del navegador' }));

    // jsdom's browser speaks English.
    await vi.waitFor(() => expect(currentLocale()).toBe('en'));
    expect(api.sent('PUT /api/profile/locale')[0]?.body).toEqual({ locale: null });
    expect(window.localStorage.getItem('fitcoach-locale')).toBeNull();
  });

  it('says so when the language could not be saved, and keeps the page as it was', async () => {
    mockApi().on(
      'PUT /api/profile/locale',
      () =>
        new Response(JSON.stringify({ error: 'internal_error', message: 'Boom.' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const { user } = renderWithApp(<LanguageSelect value={null} />, { route: '/profile' });

    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Español' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not change the language');
    expect(currentLocale()).toBe('en');
  });
});
