// @vitest-environment jsdom
import type { SystemStatus as Status } from '@fitcoach/shared/system';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { apiError, mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { formatBytes, formatUptime, SystemStatus } from './system-status';

afterEach(async () => {
  await changeLocale('en');
});

const status: Status = {
  version: '0.1.0',
  node_version: 'v22.11.0',
  started_at: '2026-03-01T08:00:00Z',
  uptime_seconds: 3 * 3600 + 12 * 60 + 5,
  database: { engine: 'embedded', status: 'ok', server_version: '18.1', size_bytes: 182_400_000 },
  redis: { status: 'not_configured' },
  storage: { backend: 'disk', status: 'ok' },
  realtime: { connections: 1, subscriptions: 3 },
};

describe('formatBytes and formatUptime', () => {
  it('word sizes and durations in the reader’s language', () => {
    expect(formatBytes('en', 512)).toBe('512 byte');
    expect(formatBytes('en', 182_400_000)).toBe('182 MB');
    expect(formatBytes('en', 2_450_000_000)).toBe('2.5 GB');
    expect(formatBytes('es', 2_450_000_000)).toBe('2,5 GB');
    expect(formatUptime('en', 45)).toBe('45 sec');
    expect(formatUptime('en', 3 * 3600 + 12 * 60 + 5)).toBe('3 hr 12 min');
    expect(formatUptime('en', 2 * 86_400 + 3600)).toBe('2 days 1 hr');
    expect(formatUptime('en', 0)).toBe('0 sec');
  });
});

describe('the System tab', () => {
  it('shows the engine, size, Redis, storage, sockets, version and uptime', async () => {
    mockApi().on('GET /api/admin/system', status);
    renderWithApp(<SystemStatus />);
    const database = await screen.findByRole('region', { name: 'Database' });
    expect(within(database).getByText('Embedded PostgreSQL')).toBeVisible();
    expect(within(database).getByText('Size: 182 MB')).toBeVisible();
    expect(within(database).getByText('PostgreSQL 18.1')).toBeVisible();
    expect(within(database).getByText('OK')).toBeVisible();
    const redis = screen.getByRole('region', { name: 'Redis' });
    expect(within(redis).getByText('Not configured')).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'File storage' })).getByText('Disk'),
    ).toBeVisible();
    expect(screen.getByText('1 open socket')).toBeVisible();
    expect(screen.getByText('3 subscriptions')).toBeVisible();
    expect(screen.getByText('FitCoach 0.1.0')).toBeVisible();
    expect(screen.getByText('3 hr 12 min')).toBeVisible();
  });

  it('says what is down, in Spanish too', async () => {
    await changeLocale('es');
    mockApi().on('GET /api/admin/system', {
      ...status,
      database: { engine: 'postgres', status: 'down', server_version: null, size_bytes: null },
      redis: { status: 'down' },
      storage: { backend: 's3', status: 'down' },
    });
    renderWithApp(<SystemStatus />);
    const database = await screen.findByRole('region', { name: 'Base de datos' });
    expect(within(database).getByText('PostgreSQL externo')).toBeVisible();
    expect(within(database).getByText('Caído')).toBeVisible();
    expect(
      within(database).getByText('Tamaño: desconocido mientras la base de datos esté caída'),
    ).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Redis' })).getByText('Caído')).toBeVisible();
    expect(screen.getByText('Bucket compatible con S3')).toBeVisible();
  });

  it('offers to try again when it cannot be loaded', async () => {
    mockApi().on('GET /api/admin/system', () => apiError(500, 'Something broke.'));
    renderWithApp(<SystemStatus />);
    expect(await screen.findByText('The system status could not be loaded.')).toBeVisible();
  });
});
