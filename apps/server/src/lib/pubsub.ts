import { createHash } from 'node:crypto';
import { createClient } from 'redis';

export type Listener = (message: string) => void;
export type Unsubscribe = () => Promise<void>;
/** Told when the link to the other nodes is lost (with why) and when it is back. */
export type LinkListener = (connected: boolean, error?: unknown) => void;

/**
 * Publish/subscribe between the parts of FitCoach that must hear each other: realtime
 * broadcasts and cache invalidations. In-process by default; with REDIS_URL every app process
 * shares one channel space through Redis pub/sub.
 */
export interface PubSub {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, listener: Listener): Promise<Unsubscribe>;
  /**
   * Whether messages reach the other nodes now. While false, publishes fail at once (the
   * caller goes on without them) and subscriptions take effect when the link is back.
   */
  readonly connected: boolean;
  onLinkChange(listener: LinkListener): () => void;
  /**
   * How far apart the nodes may find the link back after one outage (each reconnects on its
   * own backoff): the app makes the resyncs asked for within it one (app.ts, followFanOut).
   */
  readonly recoverySpreadMs: number;
  close(): Promise<void>;
}

/** Listeners per channel, shared by both implementations. */
class ListenerTable {
  private readonly byChannel = new Map<string, Set<Listener>>();

  add(channel: string, listener: Listener): boolean {
    let set = this.byChannel.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    set.add(listener);
    return first;
  }

  /** Answers true when the channel has no listeners left. */
  remove(channel: string, listener: Listener): boolean {
    const set = this.byChannel.get(channel);
    if (!set) return false;
    set.delete(listener);
    if (set.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  dispatch(channel: string, message: string): void {
    const set = this.byChannel.get(channel);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(message);
      } catch {
        // One faulty listener must not stop the others.
      }
    }
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  clear(): void {
    this.byChannel.clear();
  }
}

export function createMemoryPubSub(): PubSub {
  const table = new ListenerTable();
  return {
    kind: 'memory',
    connected: true,
    recoverySpreadMs: 0,
    onLinkChange: () => () => {},
    async publish(channel, message) {
      // Delivered on a later tick, like a network broker: publishers never re-enter listeners.
      queueMicrotask(() => table.dispatch(channel, message));
    },
    async subscribe(channel, listener) {
      table.add(channel, listener);
      return async () => {
        table.remove(channel, listener);
      };
    },
    async close() {
      table.clear();
    },
  };
}

/**
 * The channel prefix of one installation. Two installations may share a Redis server: their
 * nodes must never hear each other (a notification of one reaching a member of the other with
 * the same id). Every node of an installation shares SESSION_SECRET, so the prefix is derived
 * from it (hashed: the secret itself never leaves the process).
 */
export function installationNamespace(sessionSecret: string): string {
  const id = createHash('sha256').update(`fitcoach:pubsub:${sessionSecret}`).digest('hex');
  return `fitcoach:${id.slice(0, 16)}:`;
}

export interface RedisPubSubOptions {
  /** The longest wait between two reconnection attempts (they back off up to it). */
  maxReconnectDelayMs?: number;
  /** How long a PUBLISH to a Redis that stopped answering may take before it fails. */
  commandTimeoutMs?: number;
}

const RECONNECT_FIRST_DELAY_MS = 100;
const RECONNECT_MAX_DELAY_MS = 5_000;
const COMMAND_TIMEOUT_MS = 2_000;
const CONNECT_TIMEOUT_MS = 2_000;
/** A Redis that stops answering with its connections open is noticed by a PING left unanswered. */
const PING_INTERVAL_MS = 1_000;

/**
 * Redis pub/sub that never holds the app up: the node boots and serves while Redis is away,
 * publishes fail at once instead of queueing behind a reconnect, and the clients reconnect by
 * themselves with backoff. Channels subscribed meanwhile are subscribed when Redis is back;
 * `onLinkChange` tells the app when to degrade and when to resynchronise.
 */
export async function createRedisPubSub(
  url: string,
  namespace: string,
  options: RedisPubSubOptions = {},
): Promise<PubSub> {
  const PREFIX = namespace;
  const maxDelay = options.maxReconnectDelayMs ?? RECONNECT_MAX_DELAY_MS;
  // The client's own command time-out covers only commands not yet written: one written to a
  // frozen Redis would wait for ever. These time-outs are the app's own.
  const commandTimeout = options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS;
  const socket = {
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Doubling from 100 ms up to the cap, with jitter so that many nodes do not reconnect in
    // step; never gives up.
    reconnectStrategy: (retries: number) =>
      Math.min(RECONNECT_FIRST_DELAY_MS * 2 ** Math.min(retries, 16), maxDelay) *
      (0.75 + Math.random() * 0.25),
  };
  const publisher = createClient({
    url,
    socket,
    // A message that cannot go now is dropped, not queued: the pages resynchronise when the
    // link is back, and nothing waits on a queue that grows through an outage.
    disableOfflineQueue: true,
  });
  // Subscribing takes a connection over: a second, dedicated one. It keeps its offline queue:
  // a SUBSCRIBE made while Redis is away is sent when it is back.
  const subscriber = createClient({ url, socket });
  const table = new ListenerTable();
  const onMessage = (message: string, channel: string) =>
    table.dispatch(channel.slice(PREFIX.length), message);

  // The link is up when both connections are ready. Every failed attempt emits 'error': only
  // the changes of state are reported (one loss, one recovery), so an outage is not a flood.
  const linkListeners = new Set<LinkListener>();
  /** What the app was last told (and what `connected` answers). */
  let linked = false;
  let lastError: unknown = null;
  let closed = false;
  /** A PING went unanswered on an open connection: Redis is frozen, or the network is silent. */
  let stalled = false;
  let firstAttempt: () => void = () => {};
  const settledFirst = new Promise<void>((resolve) => (firstAttempt = resolve));
  const ready = () => !closed && !stalled && publisher.isReady && subscriber.isReady;
  const report = (state: boolean) => {
    if (state === linked) return;
    linked = state;
    for (const listener of linkListeners) listener(state, state ? undefined : lastError);
  };
  const update = () => {
    if (!ready()) {
      report(false);
      return;
    }
    if (linked) return;
    // A SUBSCRIBE in flight when the link dropped was lost with it: every channel is
    // subscribed again (Redis and the client ignore repeats) before the link counts as back,
    // so what the app does on recovery (resynchronise pages) follows live subscriptions.
    const channels = table.channels().map((c) => PREFIX + c);
    const again = channels.length > 0 ? subscriber.subscribe(channels, onMessage) : null;
    if (!again) {
      report(true);
      return;
    }
    again.then(
      () => {
        if (ready()) report(true);
      },
      () => {},
    );
  };
  for (const client of [publisher, subscriber]) {
    client.on('ready', () => {
      if (client === publisher) stalled = false;
      update();
      if (ready()) firstAttempt();
    });
    client.on('error', (error: unknown) => {
      lastError = error;
      update();
      firstAttempt();
    });
    client.on('end', update);
    client.on('reconnecting', update);
  }
  // A PING every second on the publishing connection: unanswered within the time-out, the link
  // counts as down (Redis frozen, or a silent network); answered at last, it is back.
  let pinging = false;
  const watchdog = setInterval(() => {
    if (pinging || !publisher.isReady) return;
    pinging = true;
    const late = setTimeout(() => {
      lastError = new Error(`Redis did not answer a PING within ${commandTimeout} ms`);
      stalled = true;
      update();
    }, commandTimeout);
    publisher
      .ping()
      .then(
        () => {
          if (!stalled) return;
          stalled = false;
          update();
        },
        () => {},
      )
      .finally(() => {
        clearTimeout(late);
        pinging = false;
      });
  }, PING_INTERVAL_MS);
  watchdog.unref();

  // Not awaited: with Redis away they retry for ever; the node starts anyway.
  publisher.connect().catch(() => {});
  subscriber.connect().catch(() => {});
  // The first attempt decides whether the node starts linked or degraded (and says which).
  await settledFirst;

  // SUBSCRIBE and UNSUBSCRIBE of one channel run one after another: a subscribe sent while an
  // unsubscribe is in flight would otherwise be swallowed by it, and a second listener must not
  // count as live before the first SUBSCRIBE is answered.
  const inFlight = new Map<string, Promise<void>>();
  const inOrder = (channel: string, op: () => Promise<unknown>): Promise<void> => {
    const next = (inFlight.get(channel) ?? Promise.resolve())
      .catch(() => {})
      .then(op)
      .then(() => {});
    inFlight.set(channel, next);
    const forget = () => {
      if (inFlight.get(channel) === next) inFlight.delete(channel);
    };
    next.then(forget, forget);
    return next;
  };
  /**
   * Waits for a SUBSCRIBE only while Redis answers, and not beyond the time-out (a frozen Redis
   * answers it when it wakes up); otherwise it is sent on reconnect.
   */
  const whileLinked = async (op: Promise<void> | undefined) => {
    if (!op) return;
    op.catch(() => {});
    if (!linked) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, commandTimeout)));
    try {
      await Promise.race([op, late]);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    kind: 'redis',
    // The longest wait between attempts, plus one attempt's connection time-out.
    recoverySpreadMs: maxDelay + CONNECT_TIMEOUT_MS,
    get connected() {
      return linked;
    },
    onLinkChange(listener) {
      linkListeners.add(listener);
      return () => void linkListeners.delete(listener);
    },
    async publish(channel, message) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Redis did not answer a PUBLISH within ${commandTimeout} ms`)),
          commandTimeout,
        );
      });
      try {
        await Promise.race([publisher.publish(PREFIX + channel, message), late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async subscribe(channel, listener) {
      if (table.add(channel, listener)) {
        await whileLinked(
          inOrder(channel, () => subscriber.subscribe(PREFIX + channel, onMessage)),
        );
      } else {
        await whileLinked(inFlight.get(channel));
      }
      return async () => {
        if (table.remove(channel, listener) && subscriber.isOpen) {
          await whileLinked(
            inOrder(channel, () => subscriber.unsubscribe(PREFIX + channel, onMessage)),
          );
        }
      };
    },
    async close() {
      closed = true;
      clearInterval(watchdog);
      linkListeners.clear();
      table.clear();
      // destroy, not close: close waits for queued commands, which wait for a Redis that may
      // never come back.
      for (const client of [subscriber, publisher]) {
        if (client.isOpen) client.destroy();
      }
    },
  };
}

/** Redis when configured, else in-process. */
export function createPubSub(redisUrl: string | undefined, namespace: string) {
  return redisUrl ? createRedisPubSub(redisUrl, namespace) : Promise.resolve(createMemoryPubSub());
}
