// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { PasswordForm } from './password-form';

describe('the password change form', () => {
  it('marks both passwords in error invalid for screen readers, with their errors', async () => {
    const { user } = renderWithApp(<PasswordForm />, { route: '/profile' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const current = screen.getByLabelText(/^Current password/);
    const next = screen.getByLabelText(/^New password/);
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('Enter your current password.');
    expect(next).toHaveAttribute('aria-invalid', 'true');
    expect(next).toHaveAccessibleDescription(/Use at least 8 characters\./);
  });

  it('marks the current password invalid when the server refuses it', async () => {
    mockApi().on('PUT /api/profile/password', () =>
      apiError(422, 'Please correct the highlighted fields.', [
        { path: 'current_password', message: 'That is not your current password.' },
      ]),
    );
    const { user } = renderWithApp(<PasswordForm />, { route: '/profile' });
    await user.type(screen.getByLabelText(/^Current password/), 'not-the-one');
    await user.type(screen.getByLabelText(/^New password/), 'a new sturdy passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const current = screen.getByLabelText(/^Current password/);
    await screen.findByText('That is not your current password.');
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('That is not your current password.');
    expect(screen.getByLabelText(/^New password/)).not.toHaveAttribute('aria-invalid', 'true');
  });
});
