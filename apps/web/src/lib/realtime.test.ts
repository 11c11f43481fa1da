import {
  Connection,
  ConnectionMonitor,
  INTERNAL,
  SubscriptionGuarantor,
  type Subscription,
} from '@rails/actioncable';
import type { AppNotification } from '@fitcoach/shared/notifications';
import { cableProtocol } from '@fitcoach/shared/realtime-events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CABLE_PATH, channelMixin } from './realtime';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// The spec fixes these; they come with @rails/actioncable. An upgrade that changes one must
// fail here rather than quietly change how clients reconnect.
describe('the Action Cable client keeps the spec constants', () => {
  it('counts a connection stale after 6 s and backs off at 0.15', () => {
    expect(ConnectionMonitor.staleThreshold).toBe(6);
    expect(ConnectionMonitor.reconnectionBackoffRate).toBe(0.15);
    // Twice the server's 3 s ping: one lost ping is not yet stale.
    expect(ConnectionMonitor.staleThreshold).toBe(cableProtocol.pingIntervalSeconds * 2);
  });

  it('reopens a stale connection after 500 ms', () => {
    expect(Connection.reopenDelay).toBe(500);
  });

  it('retries an unconfirmed subscription after 500 ms', () => {
    vi.useFakeTimers();
    const subscribe = vi.fn<(subscription: Subscription) => void>();
    const guarantor = new SubscriptionGuarantor({ subscribe });
    const subscription = { identifier: '{"channel":"NotificationsChannel"}' } as Subscription;
    guarantor.guarantee(subscription);
    vi.advanceTimersByTime(499);
    expect(subscribe).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(subscribe).toHaveBeenCalledExactlyOnceWith(subscription);
    guarantor.stopGuaranteeing();
  });

  it('speaks the protocol and mount the server serves', () => {
    expect(INTERNAL.protocols[0]).toBe(cableProtocol.subprotocol);
    expect(INTERNAL.default_mount_path).toBe(CABLE_PATH);
    expect(Object.values(INTERNAL.disconnect_reasons)).toEqual([
      ...cableProtocol.disconnectReasons,
    ]);
  });
});

const notification: AppNotification = {
  id: 7,
  kind: 'workout_shared',
  title: 'Maya shared a workout with you',
  body: 'Leg day',
  link: '/workouts/12',
  actor: { id: 3, name: 'Maya Patel' },
  created_at: '2025-05-01T10:00:00.000Z',
};

describe('channelMixin', () => {
  it('hands on messages that match the channel schema, typed', () => {
    const received = vi.fn();
    const mixin = channelMixin('NotificationsChannel', { received });
    mixin.received({ type: 'notification.created', notification });
    mixin.received({ type: 'notifications.read', up_to_id: 7 });
    expect(received.mock.calls).toEqual([
      [{ type: 'notification.created', notification }],
      [{ type: 'notifications.read', up_to_id: 7 }],
    ]);
  });

  it('drops and logs messages that fit no event', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const received = vi.fn();
    const mixin = channelMixin('NotificationsChannel', { received });
    mixin.received({ type: 'notification.created', notification: { id: 'seven' } });
    mixin.received({ type: 'workout.deleted', id: 1 });
    mixin.received('hello');
    expect(received).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(3);
    expect(String(warn.mock.calls[0]?.[0])).toContain('NotificationsChannel');
  });

  it('hands a resync to its own handler, not to received', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const received = vi.fn();
    const resync = vi.fn();
    const mixin = channelMixin('NotificationsChannel', { received, resync });
    mixin.received({ type: 'resync' });
    expect(resync).toHaveBeenCalledOnce();
    expect(received).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('tells a reconnect from the first connect and from a repeated confirmation', () => {
    const connected = vi.fn();
    const disconnected = vi.fn();
    const mixin = channelMixin('NotificationsChannel', {
      received: () => {},
      connected,
      disconnected,
    });
    mixin.connected();
    // The guarantor may resubscribe before the first confirmation arrives: a second one.
    mixin.connected();
    mixin.disconnected({ willAttemptReconnect: true });
    mixin.connected();
    mixin.connected();
    expect(connected.mock.calls).toEqual([
      [{ reconnected: false }],
      [{ reconnected: false }],
      [{ reconnected: true }],
      [{ reconnected: false }],
    ]);
    expect(disconnected).toHaveBeenCalledExactlyOnceWith({ willAttemptReconnect: true });
  });
});
