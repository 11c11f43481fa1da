// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { renderWithApp } from '../../../test/render';
import { SignInForm } from './sign-in-form';

describe('the sign-in form', () => {
  it('marks a password in error invalid for screen readers, and reads its error out', async () => {
    const { user } = renderWithApp(<SignInForm onSignedIn={vi.fn()} />, { route: '/sign-in' });
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Enter your password.');
    expect(screen.getByRole('textbox', { name: /^Email/ })).not.toBeInvalid();
  });

  it('speaks Spanish when the visitor chose it', async () => {
    await changeLocale('es');
    try {
      const { user } = renderWithApp(<SignInForm onSignedIn={vi.fn()} />, { route: '/sign-in' });
      expect(screen.getByRole('form', { name: 'Iniciar sesión' })).toBeVisible();
      expect(screen.getByRole('textbox', { name: /^Correo electrónico/ })).toHaveAttribute(
        'placeholder',
        'tu@ejemplo.com',
      );
      expect(screen.getByLabelText(/^Contraseña/)).toBeVisible();
      expect(screen.getByRole('link', { name: 'Crea una cuenta' })).toHaveAttribute(
        'href',
        '/sign-up',
      );
      await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
      expect(screen.getByLabelText(/^Contraseña/)).toHaveAttribute('aria-invalid', 'true');
    } finally {
      await changeLocale('en');
    }
  });
});
