import type { Locale } from '@fitcoach/shared/locales';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema/accounts';
import type { Viewer } from '../../lib/viewer';
import type { ChannelIdentifier } from './cable-protocol';

/** What a channel instance may do with its subscription (implemented by the cable server). */
export interface SubscriptionHandle {
  streamFrom(stream: string): Promise<void>;
  transmit(message: unknown): void;
}

export interface ChannelContext {
  app: FastifyInstance;
  user: UserRow;
  viewer: Viewer;
  params: ChannelIdentifier;
}

export type ChannelAction = (data: Record<string, unknown>) => Promise<void> | void;

/**
 * A realtime channel, as in Action Cable: one instance per subscription. `subscribed` checks
 * that the member may listen (answer false to reject) and picks the streams; `actions` are
 * what the client may `perform`. Broadcasts go through `app.cable.broadcast(stream, …)`.
 */
export abstract class Channel {
  constructor(
    protected readonly context: ChannelContext,
    private readonly subscription: SubscriptionHandle,
  ) {}

  /** Permission check and streams. Return false to reject the subscription. */
  abstract subscribed(): Promise<boolean> | boolean;

  /** Called when the client unsubscribes or the connection closes. */
  unsubscribed(): void {}

  /** Actions a client may perform, by name. Anything else is refused. */
  readonly actions: Readonly<Record<string, ChannelAction>> = {};

  /**
   * A broadcast as this subscriber reads it, for channels whose events carry text FitCoach
   * writes: worded once per language per broadcast, not once per subscriber.
   */
  wordFor?(message: unknown, locale: Locale): unknown;

  protected get viewer(): Viewer {
    return this.context.viewer;
  }

  protected streamFrom(stream: string): Promise<void> {
    return this.subscription.streamFrom(stream);
  }

  /** Sends to this subscription only. */
  protected transmit(message: unknown): void {
    this.subscription.transmit(message);
  }
}

export type ChannelClass = new (
  context: ChannelContext,
  subscription: SubscriptionHandle,
) => Channel;
