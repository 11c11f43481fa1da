// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale, currentLocale } from '../i18n/i18n';
import { renderWithApp } from '../test/render';
import { AuthPageLayout } from './auth-page-layout';

function renderLayout() {
  return renderWithApp(
    <AuthPageLayout title="Welcome back" subtitle="Sign in">
      <p>form</p>
    </AuthPageLayout>,
  );
}

describe('the sign-in and sign-up header menus', () => {
  afterEach(async () => {
    if (currentLocale() !== 'en') await changeLocale('en', { remember: false });
  });

  it('are buttons announcing a menu before their code has loaded', () => {
    renderLayout();
    for (const name of ['Language', 'Color theme']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-haspopup', 'menu');
      expect(button).toHaveAttribute('aria-expanded', 'false');
    }
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('load the language menu on the first click, open it, and switch the language', async () => {
    const user = userEvent.setup();
    renderLayout();
    await user.click(screen.getByRole('button', { name: 'Language' }));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Español' }));
    await waitFor(() => expect(currentLocale()).toBe('es'));
    // Loaded now: the same button opens and closes it as any menu.
    expect(await screen.findByRole('button', { name: 'Idioma' })).toBeVisible();
  });

  it('open the theme menu from the keyboard, its first choice focused', async () => {
    const user = userEvent.setup();
    renderLayout();
    screen.getByRole('button', { name: 'Color theme' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Light', 'Dark', 'Same as device']);
    await waitFor(() => expect(items[0]).toHaveFocus());
  });

  it('give the focus back to their button when the first-opened menu closes (Escape, a choice)', async () => {
    const user = userEvent.setup();
    renderLayout();
    screen.getByRole('button', { name: 'Language' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Language' })).toHaveFocus());
    // The same button opens it again from the keyboard.
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeVisible();

    screen.getByRole('button', { name: 'Color theme' }).focus();
    await user.keyboard('{Enter}');
    const themes = await screen.findByRole('menu', { name: 'Color theme' });
    await user.click(within(themes).getByRole('menuitem', { name: 'Dark' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Color theme' })).toHaveFocus());
  });
});
