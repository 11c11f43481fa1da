// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n/i18n';
import { renderWithApp } from '../test/render';
import { PasswordField } from './password-field';

afterEach(async () => {
  await changeLocale('en', { remember: false });
});

describe('a password field', () => {
  it('names its show/hide button in the shown language', async () => {
    renderWithApp(<PasswordField label="Password" />);
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await changeLocale('es', { remember: false });
    expect(await screen.findByRole('button', { name: 'Mostrar contraseña' })).toBeInTheDocument();
  });

  it('keeps its show/hide button in the tab order', () => {
    renderWithApp(<PasswordField label="Password" />);
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute('tabindex', '0');
  });
});
