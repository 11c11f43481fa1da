// @vitest-environment jsdom
import type { AppNotification, NotificationPage } from '@fitcoach/shared/notifications';
import type * as ActionCable from '@rails/actioncable';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { closeRealtime } from '../../../lib/realtime';
import { apiError, mockApi } from '../../../test/api-mock';
import { fakeCable } from '../../../test/fake-cable';
import { renderWithApp } from '../../../test/render';
import { NotificationsBell } from './notifications-bell';

// The realtime layer runs as in the app; only the Action Cable connection is the test's.
vi.mock('@rails/actioncable', async (importOriginal) => {
  const { fakeCable: cable } = await import('../../../test/fake-cable');
  return {
    ...(await importOriginal<typeof ActionCable>()),
    createConsumer: () => cable.consumer,
  };
});

afterEach(() => {
  closeRealtime();
  fakeCable.reset();
});

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

function notification(id: number, title: string, extra: Partial<AppNotification> = {}) {
  return {
    id,
    kind: 'workout_shared',
    title,
    body: '',
    link: `/workouts/${id * 10}`,
    actor: { id: 3, name: 'Maya Patel' },
    created_at: hoursAgo(id),
    ...extra,
  } satisfies AppNotification;
}

const leg = notification(12, 'Maya Patel shared “Leg day” with you');
const core = notification(11, 'Sam Lee shared “Core blast” with you', {
  actor: { id: 4, name: 'Sam Lee' },
});
const welcome = notification(5, 'Welcome to FitCoach', {
  kind: 'announcement',
  body: 'Tell us what you think.',
  link: null,
  actor: null,
});

function page(items: AppNotification[], unread: number): NotificationPage {
  return { items, next_cursor: null, unread_count: unread };
}

/** The bell with the list's first answer (a page, or a handler answering the request). */
function renderBell(first: NotificationPage | (() => Response)) {
  const api = mockApi().on('GET /api/notifications', first);
  const onNotification = vi.fn<(n: AppNotification) => void>();
  const view = renderWithApp(<NotificationsBell onNotification={onNotification} />, {
    route: '/workouts',
  });
  return { ...view, api, onNotification };
}

describe('the notifications bell', () => {
  it('shows how many are unread', async () => {
    renderBell(page([leg, core, welcome], 2));

    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toBeVisible();
    expect(screen.getByText('2')).toBeVisible();
  });

  it('opens the list, newest first, with the unread ones marked', async () => {
    const { user } = renderBell(page([leg, core, welcome], 2));

    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));

    const rows = within(screen.getByRole('list', { name: 'Notifications list' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Unread: Maya Patel shared “Leg day” with youMaya Patel · /),
      expect.stringMatching(/^Unread: Sam Lee shared “Core blast” with youSam Lee · /),
      expect.stringMatching(/^Welcome to FitCoachTell us what you think\./),
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/workouts/120',
    );
  });

  it('speaks Spanish, with times and dates in Spanish', async () => {
    await changeLocale('es');
    try {
      const old = notification(3, 'Sam Lee shared “Mobility” with you', {
        created_at: '2024-12-30T12:00:00Z',
      });
      const { user } = renderBell(page([leg, old], 1));

      await user.click(await screen.findByRole('button', { name: 'Notificaciones, 1 sin leer' }));

      expect(screen.getByText('Notificaciones')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Marcar todo como leído' })).toBeVisible();
      const rows = within(
        screen.getByRole('list', { name: 'Lista de notificaciones' }),
      ).getAllByRole('listitem');
      // Member-written titles stay as written; the words around them are Spanish.
      expect(rows.map((row) => row.textContent)).toEqual([
        'Sin leer: Maya Patel shared “Leg day” with youMaya Patel · hace 12 horas',
        'Sam Lee shared “Mobility” with youMaya Patel · 30 dic 2024',
      ]);
    } finally {
      await changeLocale('en');
    }
  });

  it('says when there is nothing yet', async () => {
    const { user } = renderBell(page([], 0));

    await user.click(await screen.findByRole('button', { name: 'Notifications' }));

    expect(
      await screen.findByText(
        'No notifications yet. When a friend shares a workout with you, it shows up here.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('says when the list cannot load, and tries again', async () => {
    const { user, api } = renderBell(() => apiError(500, 'The server is having a moment.'));

    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Could not load notifications')).toBeVisible();
    expect(screen.getByText('The server is having a moment.')).toBeVisible();

    api.on('GET /api/notifications', page([leg], 1));
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('list', { name: 'Notifications list' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  });

  it('marks everything read up to the newest', async () => {
    const { user, api } = renderBell(page([leg, core, welcome], 2));
    api.on('POST /api/notifications/read', { unread_count: 0 });

    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible();
    expect(api.sent('POST /api/notifications/read')[0]?.body).toEqual({ up_to_id: 12 });
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Unread:/)).not.toBeInTheDocument();
  });

  it('shows a notification that arrives live: a toast, the top of the list, one more unread', async () => {
    const { user, router, onNotification } = renderBell(page([core, welcome], 1));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fakeCable.confirm('NotificationsChannel');

    fakeCable.push('NotificationsChannel', { type: 'notification.created', notification: leg });

    const toast = (await screen.findAllByText('Maya Patel shared “Leg day” with you'))[0];
    expect(toast).toBeVisible();
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
    expect(onNotification).toHaveBeenCalledExactlyOnceWith(leg);

    await user.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    const rows = within(screen.getByRole('list', { name: 'Notifications list' })).getAllByRole(
      'listitem',
    );
    expect(rows[0]).toHaveTextContent('Unread: Maya Patel shared “Leg day” with you');
    expect(rows).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(router.state.location.pathname).toBe('/workouts/120');
  });

  it('follows another tab marking them read', async () => {
    renderBell(page([leg, core, welcome], 2));
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    fakeCable.confirm('NotificationsChannel');

    fakeCable.push('NotificationsChannel', { type: 'notifications.read', up_to_id: 12 });

    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible();
  });

  it('says when live updates pause, and catches up after the reconnect', async () => {
    const { user, api } = renderBell(page([core], 1));
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    fakeCable.confirm('NotificationsChannel');

    fakeCable.drop('NotificationsChannel');
    expect(screen.getByText('Live updates paused. Reconnecting…')).toBeVisible();

    // What was sent while away is not replayed: the list is fetched again.
    api.on('GET /api/notifications', page([leg, core], 2));
    fakeCable.confirm('NotificationsChannel');

    expect(await screen.findByText('Maya Patel shared “Leg day” with you')).toBeVisible();
    expect(screen.queryByText('Live updates paused. Reconnecting…')).not.toBeInTheDocument();
    expect(api.sent('GET /api/notifications')).toHaveLength(2);
  });

  it('refetches when the server says messages may have been lost (resync)', async () => {
    const { user, api } = renderBell(page([core], 1));
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    fakeCable.confirm('NotificationsChannel');

    // The connection stayed up, but the server was cut off from the others for a while.
    api.on('GET /api/notifications', page([leg, core], 2));
    fakeCable.push('NotificationsChannel', { type: 'resync' });

    expect(await screen.findByText('Maya Patel shared “Leg day” with you')).toBeVisible();
    expect(api.sent('GET /api/notifications')).toHaveLength(2);
  });
});
