import type { ChannelName } from '@fitcoach/shared/realtime-events';
import { act } from '@testing-library/react';

/*
 * The server side of /cable for component tests. A test replaces @rails/actioncable's
 * createConsumer with `fakeCable.consumer` (vi.mock), so lib/realtime runs as in the app and
 * the test plays the server: confirm a subscription, push a message, drop the connection.
 */

interface Mixin {
  received(data: unknown): void;
  connected(): void;
  disconnected(info: { willAttemptReconnect?: boolean }): void;
  rejected(): void;
}

interface FakeSubscription {
  identifier: { channel: string } & Record<string, unknown>;
  mixin: Mixin;
  unsubscribe(): void;
  perform(action: string, data?: Record<string, unknown>): void;
}

class FakeCable {
  subscriptions: FakeSubscription[] = [];
  /** What the page performed on its subscriptions (Action Cable's `perform`), in order. */
  performed: { channel: string; action: string }[] = [];

  readonly consumer = {
    subscriptions: {
      create: (identifier: FakeSubscription['identifier'], mixin: Mixin) => {
        const subscription: FakeSubscription = {
          identifier,
          mixin,
          unsubscribe: () => {
            this.subscriptions = this.subscriptions.filter((s) => s !== subscription);
          },
          perform: (action: string) => {
            this.performed.push({ channel: identifier.channel, action });
          },
        };
        this.subscriptions.push(subscription);
        return subscription;
      },
    },
    disconnect: () => {},
    connection: { webSocket: undefined },
  };

  private subscription(channel: ChannelName): FakeSubscription {
    const found = this.subscriptions.findLast((s) => s.identifier.channel === channel);
    if (!found) throw new Error(`Nothing is subscribed to ${channel}`);
    return found;
  }

  /** The server confirms the subscription (first connect, or after a reconnect). */
  confirm(channel: ChannelName): void {
    act(() => this.subscription(channel).mixin.connected());
  }

  /** The server broadcasts a message on the channel. */
  push(channel: ChannelName, message: unknown): void {
    act(() => this.subscription(channel).mixin.received(message));
  }

  /** The server refuses the subscription, or ends it (the library then forgets it). */
  reject(channel: ChannelName): void {
    const subscription = this.subscription(channel);
    this.subscriptions = this.subscriptions.filter((s) => s !== subscription);
    act(() => subscription.mixin.rejected());
  }

  /** The connection drops; the client will try again. */
  drop(channel: ChannelName): void {
    act(() => this.subscription(channel).mixin.disconnected({ willAttemptReconnect: true }));
  }

  reset(): void {
    this.subscriptions = [];
    this.performed = [];
  }
}

export const fakeCable = new FakeCable();
