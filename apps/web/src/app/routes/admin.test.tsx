// @vitest-environment jsdom
import type { AdminUserPage, AuditPage } from '@fitcoach/shared/admin';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n/i18n';
import { meQueryOptions } from '../../features/auth/api/get-me';
import { mockApi } from '../../test/api-mock';
import { createTestQueryClient, renderWithApp } from '../../test/render';
import { AdminPage, tabFromHash } from './admin';

afterEach(async () => {
  await changeLocale('en');
});

const users: AdminUserPage = {
  items: [
    {
      id: 2,
      name: 'Maya Rivera',
      email: 'maya@example.com',
      role: 'member',
      status: 'active',
      suspended_at: null,
      created_at: '2026-01-05T10:00:00Z',
      last_active_at: null,
    },
  ],
  next_cursor: null,
};

const audit: AuditPage = {
  items: [
    {
      id: 9,
      actor_id: 1,
      actor_name: 'Alex Admin',
      action: 'user.role_changed',
      target_type: 'user',
      target_id: 2,
      target_label: 'maya@example.com',
      before: { role: 'member' },
      after: { role: 'coach' },
      created_at: '2026-02-01T09:00:00Z',
    },
  ],
  next_cursor: null,
};

function renderAdmin(route: string) {
  const client = createTestQueryClient();
  client.setQueryData(meQueryOptions.queryKey, {
    user: {
      id: 1,
      name: 'Alex Admin',
      email: 'admin@example.com',
      role: 'admin',
      measurement_type: 'metric',
      locale: null,
      avatar_url: null,
    },
    csrf_token: 'test-csrf-token',
  });
  return renderWithApp(<AdminPage />, { route, client });
}

describe('tabFromHash', () => {
  it('names a tab, or the first for anything else', () => {
    expect(tabFromHash('#audit')).toBe('audit');
    expect(tabFromHash('#mail')).toBe('mail');
    expect(tabFromHash('#moderation')).toBe('moderation');
    expect(tabFromHash('#system')).toBe('system');
    expect(tabFromHash('')).toBe('users');
    expect(tabFromHash('#nothing')).toBe('users');
  });
});

describe('the admin area', () => {
  it('opens the tab named in the hash, as pills', async () => {
    mockApi().on('GET /api/admin/audit', audit);
    renderAdmin('/admin#audit');
    const tab = screen.getByRole('tab', { name: 'Audit log' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(tab.closest('[class*="Tabs"]')?.getAttribute('data-variant')).toBe('pills');
    expect(await screen.findByText('Alex Admin (#1)')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Role changed' })).toBeTruthy();
    expect(screen.getByText('role: member → coach')).toBeTruthy();
  });

  it('writes the shown tab into the hash, and back returns to the last one', async () => {
    mockApi().on('GET /api/admin/users', users).on('GET /api/admin/audit', audit);
    const { user, router } = renderAdmin('/admin');
    // No hash: the first tab, and the URL says so.
    await waitFor(() => expect(router.state.location.hash).toBe('#users'));
    expect(await screen.findByText('Maya Rivera')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Audit log' }));
    expect(router.state.location.hash).toBe('#audit');
    expect(await screen.findByText('Alex Admin (#1)')).toBeTruthy();

    await act(() => router.navigate(-1));
    expect(router.state.location.hash).toBe('#users');
    expect(screen.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe('true');
    await act(() => router.navigate(1));
    expect(screen.getByRole('tab', { name: 'Audit log' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('shows the mail outbox and announcements as tabs, in Spanish too', async () => {
    await changeLocale('es');
    mockApi().on('GET /api/admin/outbox', { items: [], next_cursor: null });
    const { user } = renderAdmin('/admin#mail');
    expect(await screen.findByRole('heading', { name: 'Bandeja de salida' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Anuncios' }));
    await user.click(await screen.findByRole('button', { name: 'Escribir un anuncio' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('opens Moderation and System from the hash, each with its own content', async () => {
    mockApi()
      .on('GET /api/admin/reports', { items: [], next_cursor: null })
      .on('GET /api/admin/system', {
        version: '0.1.0',
        node_version: 'v22.11.0',
        started_at: '2026-03-01T08:00:00Z',
        uptime_seconds: 60,
        database: { engine: 'postgres', status: 'ok', server_version: '18.1', size_bytes: 9e6 },
        redis: { status: 'connected' },
        storage: { backend: 'disk', status: 'ok' },
        realtime: { connections: 0, subscriptions: 0 },
      });
    const { user, router } = renderAdmin('/admin#moderation');
    expect(screen.getByRole('tab', { name: 'Moderation' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await screen.findByRole('heading', { name: 'Moderation' })).toBeTruthy();
    expect(await screen.findByText(/^No open reports/)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'System' }));
    expect(router.state.location.hash).toBe('#system');
    expect(await screen.findByText('External PostgreSQL')).toBeTruthy();
    expect(screen.getByText('Connected')).toBeTruthy();
  });
});
