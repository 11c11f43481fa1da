// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
});
