import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  cableProtocol,
  cableResync,
  channelEventSchemas,
  type ChannelEvents,
  type ChannelName,
  type DisconnectReason,
} from '@fitcoach/shared/realtime-events';
import type { ActiveSession } from '../auth/sessions';
import type { PubSub, Unsubscribe } from '../../lib/pubsub';
import { toViewer } from '../../lib/viewer';
import { DEFAULT_LOCALE, type Locale } from '@fitcoach/shared/locales';
import {
  confirmFrame,
  disconnectFrame,
  messageFrame,
  parseCommand,
  pingFrame,
  rejectFrame,
  welcomeFrame,
  type CableCommand,
  type ChannelIdentifier,
} from './cable-protocol';
import type { Channel, ChannelClass } from './channel';

const STREAM_PREFIX = 'cable:';
/** More than this many subscriptions on one connection is a broken or hostile client. */
const MAX_SUBSCRIPTIONS = 50;
/** A client this far behind on reading is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

interface Connection {
  ws: WebSocket;
  session: ActiveSession;
  /** What the upgrade request's `Accept-Language` asked for. */
  requestedLocale: Locale;
  /** By identifier (the JSON string the client chose). */
  subscriptions: Map<string, Subscription>;
  open: boolean;
}

interface Subscription {
  identifier: string;
  params: ChannelIdentifier;
  connection: Connection;
  channel: Channel | null;
  streams: Set<string>;
  confirmed: boolean;
}

interface Stream {
  subscribers: Set<Subscription>;
  unsubscribe: Promise<Unsubscribe>;
}

/**
 * The language a member reads on this socket: the one chosen on their profile (read live, so a
 * change reaches open sockets), else the one their browser asked for when it connected.
 */
function localeOf(connection: Connection): Locale {
  return connection.session.user.locale ?? connection.requestedLocale;
}

/**
 * The Action Cable server: connections, their subscriptions, and streams shared by every
 * subscription that follows them. A stream is one pub/sub channel per node (in-process, or
 * Redis across nodes); a broadcast is serialised once per identifier and written to each
 * subscriber.
 */
export class CableServer {
  private readonly connections = new Set<Connection>();
  private readonly streams = new Map<string, Stream>();
  private readonly channels = new Map<string, ChannelClass>();
  private readonly pingTimer: NodeJS.Timeout;
  private closing = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly pubsub: PubSub,
    private readonly log: FastifyBaseLogger,
  ) {
    // One timer for every connection: 5,000 clients cost one interval, not 5,000.
    this.pingTimer = setInterval(() => this.pingAll(), cableProtocol.pingIntervalSeconds * 1000);
    this.pingTimer.unref();
  }

  registerChannel(name: ChannelName, channel: ChannelClass): void {
    this.channels.set(name, channel);
  }

  /** Sends a channel's typed event to everyone following `stream`, on every node. */
  async broadcastEvent<K extends ChannelName>(
    channel: K,
    stream: string,
    event: ChannelEvents[K],
  ): Promise<void> {
    const checked = channelEventSchemas[channel].parse(event);
    await this.broadcast(stream, checked);
  }

  /**
   * Sends a message to everyone following `stream`, on every node. Best effort: what it tells
   * is already stored, so a failed publish (Redis away) is logged, not thrown at the write
   * that caused it; clients refetch when they reconnect.
   */
  async broadcast(stream: string, message: unknown): Promise<void> {
    // Redis away: dropped without a log line per broadcast; pages resynchronise on its return.
    if (!this.pubsub.connected) return;
    try {
      await this.pubsub.publish(STREAM_PREFIX + stream, JSON.stringify(message));
    } catch (err) {
      this.log.error({ err, stream }, 'cable: broadcast failed');
    }
  }

  /** Counts, for tests and benchmarks. */
  stats(): { connections: number; subscriptions: number; streams: number } {
    let subscriptions = 0;
    for (const c of this.connections) subscriptions += c.subscriptions.size;
    return { connections: this.connections.size, subscriptions, streams: this.streams.size };
  }

  /** Takes an authenticated socket: welcome, then commands. */
  accept(ws: WebSocket, session: ActiveSession, requestedLocale: Locale = DEFAULT_LOCALE): void {
    if (this.closing) {
      this.disconnect(ws, 'server_restart', true);
      return;
    }
    const connection: Connection = {
      ws,
      session,
      requestedLocale,
      subscriptions: new Map(),
      open: true,
    };
    this.connections.add(connection);
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        this.refuse(connection, 'binary frame');
        return;
      }
      // binaryType is the default 'nodebuffer': a text frame arrives as one Buffer.
      this.onFrame(connection, (data as Buffer).toString('utf8'));
    });
    ws.on('close', () => this.onClose(connection));
    this.send(connection, welcomeFrame());
  }

  /** Tells a socket why it is being closed (the client decides whether to come back). */
  disconnect(ws: WebSocket, reason: DisconnectReason, reconnect: boolean): void {
    if (ws.readyState === ws.OPEN) {
      ws.send(disconnectFrame(reason, reconnect));
      ws.close(reconnect ? 1012 : 1008);
    }
  }

  /** Signed out: that session's sockets close for good. */
  disconnectSession(sessionId: string): void {
    for (const c of this.connections) {
      if (c.session.id === sessionId) this.disconnect(c.ws, 'unauthorized', false);
    }
  }

  /** A member changed (password, role, units): keep only connections whose session still holds. */
  async recheckUser(
    userId: number,
    reload: (sessionId: string) => Promise<ActiveSession | null>,
  ): Promise<void> {
    for (const c of [...this.connections]) {
      if (c.session.user.id !== userId) continue;
      const current = await reload(c.session.id);
      if (!current) this.disconnect(c.ws, 'unauthorized', false);
      else c.session = current;
    }
  }

  /**
   * Messages may have been missed (the link to the other nodes was down): every confirmed
   * subscription is told to refetch what it shows (`cableResync`).
   */
  resyncAll(): void {
    const message = JSON.stringify(cableResync);
    for (const c of this.connections) {
      for (const subscription of c.subscriptions.values()) {
        if (subscription.confirmed) this.send(c, messageFrame(subscription.identifier, message));
      }
    }
  }

  /**
   * Re-reads the sessions of every open connection at once (one query): those that ended
   * close, the others see their member's current role and units. Used while changes from
   * other nodes cannot arrive.
   */
  async recheckAll(
    load: (sessionIds: string[]) => Promise<Map<string, ActiveSession>>,
  ): Promise<void> {
    if (this.connections.size === 0) return;
    const ids = [...new Set([...this.connections].map((c) => c.session.id))];
    const current = await load(ids);
    for (const c of [...this.connections]) {
      const session = current.get(c.session.id);
      if (!session) this.disconnect(c.ws, 'unauthorized', false);
      else c.session = session;
    }
  }

  /**
   * Ends, on this node, the subscriptions to `channel` that `match` picks (by the member and the
   * subscription's parameters), confirmed or still being decided: each is told
   * `reject_subscription` (the official client then forgets it and does not subscribe again)
   * and stops hearing its streams at once. Used when what allowed a subscription no longer
   * holds (two members stopped being friends). Answers how many were ended.
   */
  endSubscriptions(
    channel: ChannelName,
    match: (userId: number, params: Record<string, unknown>) => boolean,
  ): number {
    let ended = 0;
    for (const c of this.connections) {
      for (const [identifier, subscription] of [...c.subscriptions]) {
        const params = subscription.params;
        if (params.channel !== channel || !match(c.session.user.id, params)) continue;
        c.subscriptions.delete(identifier);
        this.release(subscription);
        this.send(c, rejectFrame(identifier));
        ended += 1;
      }
    }
    return ended;
  }

  /** Server going down: every client is told to reconnect (to this node or another). */
  async shutdown(graceMs = 1000): Promise<void> {
    this.closing = true;
    clearInterval(this.pingTimer);
    const sockets = [...this.connections].map((c) => c.ws);
    for (const ws of sockets) this.disconnect(ws, 'server_restart', true);
    await new Promise<void>((resolve) => {
      const deadline = setTimeout(finish, graceMs);
      deadline.unref();
      const poll = setInterval(() => {
        if (sockets.every((ws) => ws.readyState === ws.CLOSED)) finish();
      }, 20);
      function finish() {
        clearTimeout(deadline);
        clearInterval(poll);
        for (const ws of sockets) if (ws.readyState !== ws.CLOSED) ws.terminate();
        resolve();
      }
    });
    await Promise.all([...this.streams.values()].map(async (s) => (await s.unsubscribe)()));
    this.streams.clear();
  }

  // -------------------------------------------------------------------------------------------

  private send(connection: Connection, frame: string | Buffer): void {
    const { ws } = connection;
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn({ userId: connection.session.user.id }, 'cable client too slow: dropped');
      ws.terminate();
      return;
    }
    ws.send(frame, { binary: false });
  }

  private pingAll(): void {
    const now = Date.now();
    const frame = Buffer.from(pingFrame(Math.floor(now / 1000)));
    for (const c of this.connections) {
      // A socket outlives no session: one that expired while open is closed.
      if (c.session.expiresAt.getTime() <= now) this.disconnect(c.ws, 'unauthorized', false);
      else this.send(c, frame);
    }
  }

  /** A frame that is not an Action Cable command: the client is broken; it should not retry. */
  private refuse(connection: Connection, why: string): void {
    this.log.debug({ userId: connection.session.user.id, why }, 'cable: invalid request');
    this.disconnect(connection.ws, 'invalid_request', false);
  }

  private onFrame(connection: Connection, frame: string): void {
    const command = parseCommand(frame);
    if (!command) {
      this.refuse(connection, 'not an Action Cable command');
      return;
    }
    switch (command.command) {
      case 'subscribe':
        void this.subscribe(connection, command);
        return;
      case 'unsubscribe':
        this.unsubscribe(connection, command.identifier);
        return;
      case 'message':
        this.perform(connection, command);
        return;
    }
  }

  private async subscribe(connection: Connection, command: CableCommand): Promise<void> {
    const { identifier } = command;
    // The client retries until confirmed: a repeat while pending or confirmed is not news.
    if (connection.subscriptions.has(identifier)) return;
    const ChannelType = this.channels.get(command.params.channel);
    if (!ChannelType || connection.subscriptions.size >= MAX_SUBSCRIPTIONS) {
      this.send(connection, rejectFrame(identifier));
      return;
    }
    const subscription: Subscription = {
      identifier,
      params: command.params,
      connection,
      channel: null,
      streams: new Set(),
      confirmed: false,
    };
    connection.subscriptions.set(identifier, subscription);
    let accepted = false;
    try {
      // Live views of the connection's member: a role or units change reaches open channels.
      const context = {
        app: this.app,
        params: command.params,
        get user() {
          return connection.session.user;
        },
        get viewer() {
          return toViewer(connection.session.user, localeOf(connection));
        },
      };
      const channel = new ChannelType(context, {
        streamFrom: (stream) => this.follow(subscription, stream),
        transmit: (message) =>
          this.send(connection, messageFrame(identifier, JSON.stringify(message))),
      });
      subscription.channel = channel;
      accepted = await channel.subscribed();
    } catch (err) {
      this.log.error({ err, channel: command.params.channel }, 'cable: subscribe failed');
    }
    // The socket may have closed, or the client unsubscribed, while the channel decided.
    if (!connection.open || connection.subscriptions.get(identifier) !== subscription) {
      this.release(subscription);
      return;
    }
    if (!accepted) {
      this.release(subscription);
      connection.subscriptions.delete(identifier);
      this.send(connection, rejectFrame(identifier));
      return;
    }
    subscription.confirmed = true;
    this.send(connection, confirmFrame(identifier));
  }

  private unsubscribe(connection: Connection, identifier: string): void {
    const subscription = connection.subscriptions.get(identifier);
    if (!subscription) return;
    connection.subscriptions.delete(identifier);
    this.release(subscription);
  }

  private perform(connection: Connection, command: CableCommand & { command: 'message' }): void {
    const subscription = connection.subscriptions.get(command.identifier);
    const action = command.data.action;
    if (!subscription?.confirmed || !subscription.channel || typeof action !== 'string') {
      this.log.debug({ action }, 'cable: message for no subscription, or without an action');
      return;
    }
    const actions = subscription.channel.actions;
    if (!Object.hasOwn(actions, action)) {
      this.log.debug({ action, channel: command.params.channel }, 'cable: unknown action');
      return;
    }
    Promise.resolve(actions[action]!(command.data)).catch((err: unknown) =>
      this.log.error({ err, action }, 'cable: action failed'),
    );
  }

  private async follow(subscription: Subscription, name: string): Promise<void> {
    if (subscription.streams.has(name)) return;
    subscription.streams.add(name);
    let stream = this.streams.get(name);
    if (!stream) {
      const created: Stream = {
        subscribers: new Set(),
        unsubscribe: this.pubsub.subscribe(STREAM_PREFIX + name, (message) =>
          this.deliver(created, message),
        ),
      };
      stream = created;
      this.streams.set(name, stream);
    }
    stream.subscribers.add(subscription);
    // Confirmed only once the stream is live: nothing broadcast after the confirm is missed.
    await stream.unsubscribe;
  }

  private deliver(stream: Stream, message: string): void {
    // Subscribers to one stream mostly share an identifier (and a language): one frame serves
    // them all.
    const frames = new Map<string, Buffer>();
    let parsed: unknown;
    for (const subscription of stream.subscribers) {
      if (!subscription.confirmed) continue;
      const channel = subscription.channel;
      const locale = channel?.wordFor ? localeOf(subscription.connection) : null;
      const id = locale ? `${locale} ${subscription.identifier}` : subscription.identifier;
      let frame = frames.get(id);
      if (!frame) {
        let body = message;
        if (locale && channel?.wordFor) {
          parsed ??= JSON.parse(message);
          body = JSON.stringify(channel.wordFor(parsed, locale));
        }
        frame = Buffer.from(messageFrame(subscription.identifier, body));
        frames.set(id, frame);
      }
      this.send(subscription.connection, frame);
    }
  }

  /** Drops a subscription from its streams; a stream nobody follows leaves pub/sub. */
  private release(subscription: Subscription): void {
    for (const name of subscription.streams) {
      const stream = this.streams.get(name);
      if (!stream) continue;
      stream.subscribers.delete(subscription);
      if (stream.subscribers.size === 0) {
        this.streams.delete(name);
        void stream.unsubscribe.then((stop) => stop()).catch(() => {});
      }
    }
    subscription.streams.clear();
    try {
      subscription.channel?.unsubscribed();
    } catch (err) {
      this.log.error({ err }, 'cable: unsubscribed failed');
    }
  }

  private onClose(connection: Connection): void {
    connection.open = false;
    this.connections.delete(connection);
    for (const subscription of connection.subscriptions.values()) this.release(subscription);
    connection.subscriptions.clear();
  }
}
