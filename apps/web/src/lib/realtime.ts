import { createConsumer, type Consumer } from '@rails/actioncable';
import {
  cableResyncSchema,
  channelEventSchemas,
  type ChannelEvents,
  type ChannelName,
} from '@fitcoach/shared/realtime-events';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { z } from 'zod';

/** The spec's default Action Cable mount; same origin, so the session cookie authenticates it. */
export const CABLE_PATH = '/cable';

/**
 * One connection per signed-in member. The library's own constants stay as shipped (stale
 * after 6 s without a ping, backoff rate 0.15, reopen after 500 ms, subscribe retried every
 * 500 ms): they are the spec's, and realtime.test.ts pins them.
 */
let consumer: Consumer | null = null;

function currentConsumer(): Consumer {
  // Created by the first subscription: children subscribe in effects that run before the
  // signed-in layout's, so the layout only has to close it.
  consumer ??= createConsumer(CABLE_PATH);
  return consumer;
}

/**
 * Closes the connection for good (sign-out, or the signed-in area unmounting). The socket was
 * authenticated by the cookie of its handshake, so the next member must get a new one.
 */
export function closeRealtime(): void {
  const closing = consumer;
  consumer = null;
  if (!closing) return;
  closing.disconnect();
  // The library closes only an open socket; one still connecting would open and linger.
  const socket = closing.connection.webSocket;
  if (socket?.readyState === WebSocket.CONNECTING) {
    socket.addEventListener('open', () => socket.close(), { once: true });
  }
}

const closedForGood = new Set<() => void>();

/**
 * Calls `listener` when the server closes the connection for good while the member is still
 * signed in here: their session ended elsewhere (signed out on another page, a password
 * change, a suspension, a deleted account). Not for this page's own sign-out. Answers the
 * way to stop listening.
 */
export function onRealtimeClosedByServer(listener: () => void): () => void {
  closedForGood.add(listener);
  return () => closedForGood.delete(listener);
}

/** Closes the realtime connection when this member signs out (or another one signs in). */
export function useRealtimeSession(userId: number | undefined): void {
  useEffect(() => {
    if (userId === undefined) return;
    return closeRealtime;
  }, [userId]);
}

export type ChannelParams = Record<string, string | number>;

export interface ChannelHandlers<K extends ChannelName> {
  /** A message that matched the channel's schema; others are dropped and logged. */
  received(event: ChannelEvents[K]): void;
  /**
   * The server confirmed the subscription. `reconnected` is true when the connection dropped
   * since the last confirmation: messages sent meanwhile are not replayed, so refetch.
   */
  connected?(info: { reconnected: boolean }): void;
  disconnected?(info: { willAttemptReconnect: boolean }): void;
  rejected?(): void;
  /**
   * The server says messages may have been lost while the connection stayed up (it was cut off
   * from the other servers for a while): refetch.
   */
  resync?(): void;
}

/**
 * What the library calls on a subscription: checks each message against the channel's schema
 * and tells a reconnect from the first connect.
 */
export function channelMixin<K extends ChannelName>(channel: K, handlers: ChannelHandlers<K>) {
  // Indexed by a generic channel name, TypeScript cannot pair the schema with its event type.
  const schema = channelEventSchemas[channel] as unknown as z.ZodType<ChannelEvents[K]>;
  let droppedSinceConfirmed = false;
  return {
    received(data: unknown) {
      if (cableResyncSchema.safeParse(data).success) {
        handlers.resync?.();
        return;
      }
      const parsed = schema.safeParse(data);
      if (!parsed.success) {
        // A newer server or a bug on its side: one bad message must not break the page.
        console.warn(`[realtime] ${channel}: dropped a message that fits no event`, {
          data,
          issues: parsed.error.issues,
        });
        return;
      }
      handlers.received(parsed.data);
    },
    connected() {
      const reconnected = droppedSinceConfirmed;
      droppedSinceConfirmed = false;
      handlers.connected?.({ reconnected });
    },
    disconnected({ willAttemptReconnect }: { willAttemptReconnect?: boolean | undefined }) {
      droppedSinceConfirmed = true;
      // `closeRealtime` forgets the consumer before closing it: a consumer still current that
      // will not reconnect was closed by the server.
      if (!willAttemptReconnect && consumer !== null) {
        for (const listener of closedForGood) listener();
      }
      handlers.disconnected?.({ willAttemptReconnect: willAttemptReconnect ?? false });
    },
    rejected() {
      handlers.rejected?.();
    },
  };
}

/**
 * Subscribes to a channel (`{ channel, ...params }` is the identifier). The library resubscribes
 * by itself after every reconnect. Answers the unsubscribe function.
 */
export function subscribe<K extends ChannelName>(
  channel: K,
  params: ChannelParams,
  handlers: ChannelHandlers<K>,
): () => void {
  return subscribeWithActions(channel, params, handlers).unsubscribe;
}

/** Performs a channel action (`perform` in Action Cable); dropped unless subscribed. */
export type Perform = (action: string, data?: Record<string, unknown>) => void;

/** `subscribe`, also answering how to perform the channel's actions. */
export function subscribeWithActions<K extends ChannelName>(
  channel: K,
  params: ChannelParams,
  handlers: ChannelHandlers<K>,
): { unsubscribe: () => void; perform: Perform } {
  const subscription = currentConsumer().subscriptions.create(
    { ...params, channel },
    channelMixin(channel, handlers),
  );
  return {
    unsubscribe: () => {
      subscription.unsubscribe();
    },
    perform: (action, data = {}) => {
      subscription.perform(action, data);
    },
  };
}

export type ChannelStatus = 'connecting' | 'connected' | 'reconnecting' | 'closed' | 'rejected';

export interface UseChannelOptions {
  params?: ChannelParams;
  /** Queries showing this channel's data: refetched when the connection comes back. */
  refetchOnReconnect?: readonly QueryKey[];
  enabled?: boolean;
}

/**
 * A component's subscription, for as long as it is mounted. The handlers may change on every
 * render without resubscribing. Answers where the subscription stands.
 */
export function useChannel<K extends ChannelName>(
  channel: K,
  handlers: ChannelHandlers<K>,
  options: UseChannelOptions = {},
): ChannelStatus {
  return useChannelWithActions(channel, handlers, options).status;
}

/** `useChannel`, also answering how to perform the channel's actions (e.g. chat's `typing`). */
export function useChannelWithActions<K extends ChannelName>(
  channel: K,
  handlers: ChannelHandlers<K>,
  options: UseChannelOptions = {},
): { status: ChannelStatus; perform: Perform } {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ChannelStatus>('connecting');
  const { enabled = true, params = {} } = options;
  const paramsKey = JSON.stringify(params);

  const onReceived = useEffectEvent((event: ChannelEvents[K]) => handlers.received(event));
  const onConnected = useEffectEvent((info: { reconnected: boolean }) => {
    setStatus('connected');
    if (info.reconnected) {
      for (const queryKey of options.refetchOnReconnect ?? []) {
        void queryClient.invalidateQueries({ queryKey });
      }
    }
    handlers.connected?.(info);
  });
  const onDisconnected = useEffectEvent((info: { willAttemptReconnect: boolean }) => {
    setStatus(info.willAttemptReconnect ? 'reconnecting' : 'closed');
    handlers.disconnected?.(info);
  });
  const onRejected = useEffectEvent(() => {
    setStatus('rejected');
    handlers.rejected?.();
  });
  const onResync = useEffectEvent(() => {
    // Any data may be stale, not only this channel's: every query is refetched (the active
    // ones now, the others when next shown). No key factory owns "everything".
    void queryClient.invalidateQueries();
    handlers.resync?.();
  });

  const performRef = useRef<Perform | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const subscription = subscribeWithActions(channel, JSON.parse(paramsKey) as ChannelParams, {
      received: (event) => onReceived(event),
      connected: (info) => onConnected(info),
      disconnected: (info) => onDisconnected(info),
      rejected: () => onRejected(),
      resync: () => onResync(),
    });
    performRef.current = subscription.perform;
    return () => {
      performRef.current = null;
      subscription.unsubscribe();
    };
  }, [channel, paramsKey, enabled]);

  const perform = useCallback<Perform>((action, data) => performRef.current?.(action, data), []);
  return { status, perform };
}
