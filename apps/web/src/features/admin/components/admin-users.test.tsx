// @vitest-environment jsdom
import type { AdminUser, AdminUserDetail } from '@fitcoach/shared/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { apiError, mockApi, reply } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { AdminUsers } from './admin-users';

afterEach(async () => {
  await changeLocale('en');
});

const maya: AdminUser = {
  id: 2,
  name: 'Maya Rivera',
  email: 'maya@example.com',
  role: 'member',
  status: 'active',
  suspended_at: null,
  created_at: '2026-01-05T10:00:00Z',
  last_active_at: '2026-02-01T08:00:00Z',
};
const detail = (over: Partial<AdminUserDetail> = {}): AdminUserDetail => ({
  ...maya,
  counts: { workouts: 3, workout_logs: 12, friends: 2, sessions: 1 },
  ...over,
});
const page = (items: AdminUser[]) => ({ items, next_cursor: null });

describe('the users tab', () => {
  it('searches by name or email', async () => {
    const api = mockApi()
      .on('GET /api/admin/users', page([maya]))
      .on('GET /api/admin/users?limit=25&q=zed', page([]));
    const { user } = renderWithApp(<AdminUsers selfId={1} />);
    expect(await screen.findByRole('button', { name: 'View Maya Rivera' })).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'zed');
    expect(await screen.findByText('No member matches.')).toBeTruthy();
    expect(api.sent('GET /api/admin/users').at(-1)?.query.get('q')).toBe('zed');
  });

  it('shows a member and changes their role', async () => {
    const api = mockApi()
      .on('GET /api/admin/users', page([maya]))
      .on('GET /api/admin/users/2', detail())
      .on('PUT /api/admin/users/2/role', detail({ role: 'coach' }));
    const { user } = renderWithApp(<AdminUsers selfId={1} />);
    await user.click(await screen.findByRole('button', { name: 'View Maya Rivera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maya Rivera' });
    expect(within(dialog).getByText('12')).toBeTruthy();
    expect(within(dialog).getByText('Logged workouts')).toBeTruthy();
    const change = within(dialog).getByRole('button', { name: 'Change role' });
    expect(change).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Coach' }));
    await user.click(change);
    expect(await screen.findByText('Maya Rivera is now: Coach.')).toBeTruthy();
    expect(api.sent('PUT /api/admin/users/2/role')[0]?.body).toEqual({ role: 'coach' });
    const link = within(dialog).getByRole('link', { name: 'Export data (JSON)' });
    expect(link.getAttribute('href')).toBe('/api/admin/users/2/export');
  });

  it('suspends after a confirmation, and shows the server’s refusal', async () => {
    const api = mockApi()
      .on('GET /api/admin/users', page([maya]))
      .on('GET /api/admin/users/2', detail())
      .on('POST /api/admin/users/2/suspend', () =>
        reply(409, { error: 'conflict', message: 'FitCoach needs at least one active admin.' }),
      );
    const { user } = renderWithApp(<AdminUsers selfId={1} />);
    await user.click(await screen.findByRole('button', { name: 'View Maya Rivera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maya Rivera' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    const confirm = await screen.findByRole('dialog', { name: 'Suspend Maya Rivera?' });
    await user.click(within(confirm).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'FitCoach needs at least one active admin.',
    );
    expect(api.sent('POST /api/admin/users/2/suspend')).toHaveLength(1);
  });

  it('deletes only once the member’s email is typed', async () => {
    const api = mockApi()
      .on('GET /api/admin/users', page([maya]))
      .on('GET /api/admin/users/2', detail())
      .on('DELETE /api/admin/users/2', () => undefined);
    const { user } = renderWithApp(<AdminUsers selfId={1} />);
    await user.click(await screen.findByRole('button', { name: 'View Maya Rivera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maya Rivera' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    const section = within(dialog).getByRole('region', { name: 'Delete Maya Rivera’s account?' });
    const confirm = within(section).getByRole('button', { name: 'Delete account' });
    const typed = within(section).getByRole('textbox', { name: 'Member’s email' });
    await user.type(typed, 'maya@example.co');
    expect(confirm).toBeDisabled();
    await user.type(typed, 'm');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByText('The account of Maya Rivera was deleted.')).toBeTruthy();
    expect(api.sent('DELETE /api/admin/users/2')[0]?.body).toEqual({
      confirm_email: 'maya@example.com',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no actions on the admin’s own account', async () => {
    mockApi()
      .on('GET /api/admin/users', page([maya]))
      .on('GET /api/admin/users/2', detail({ role: 'admin' }));
    const { user } = renderWithApp(<AdminUsers selfId={2} />);
    await user.click(await screen.findByRole('button', { name: 'View Maya Rivera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maya Rivera' });
    expect(
      within(dialog).getByText(/you cannot change your own role, suspend or delete yourself/),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Suspend' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete account' })).toBeNull();
  });

  it('says when the list cannot be loaded', async () => {
    mockApi().on('GET /api/admin/users', () => apiError(500, 'down'));
    renderWithApp(<AdminUsers selfId={1} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The members could not be loaded.');
  });
});
