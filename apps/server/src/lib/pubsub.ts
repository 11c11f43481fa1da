import { createHash } from 'node:crypto';
import { createClient } from 'redis';

export type Listener = (message: string) => void;
export type Unsubscribe = () => Promise<void>;

/**
 * Publish/subscribe between the parts of FitCoach that must hear each other: realtime
 * broadcasts and cache invalidations. In-process by default; with REDIS_URL every app process
 * shares one channel space through Redis pub/sub.
 */
export interface PubSub {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, listener: Listener): Promise<Unsubscribe>;
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

  clear(): void {
    this.byChannel.clear();
  }
}

export function createMemoryPubSub(): PubSub {
  const table = new ListenerTable();
  return {
    kind: 'memory',
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

export async function createRedisPubSub(
  url: string,
  namespace: string,
  onError: (error: unknown) => void = () => {},
): Promise<PubSub> {
  const PREFIX = namespace;
  const publisher = createClient({ url });
  publisher.on('error', onError);
  // Subscribing takes a connection over: a second, dedicated one.
  const subscriber = publisher.duplicate();
  subscriber.on('error', onError);
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const table = new ListenerTable();
  const onMessage = (message: string, channel: string) =>
    table.dispatch(channel.slice(PREFIX.length), message);
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

  return {
    kind: 'redis',
    async publish(channel, message) {
      await publisher.publish(PREFIX + channel, message);
    },
    async subscribe(channel, listener) {
      if (table.add(channel, listener)) {
        await inOrder(channel, () => subscriber.subscribe(PREFIX + channel, onMessage));
      } else {
        await inFlight.get(channel);
      }
      return async () => {
        if (table.remove(channel, listener) && subscriber.isOpen) {
          await inOrder(channel, () => subscriber.unsubscribe(PREFIX + channel, onMessage));
        }
      };
    },
    async close() {
      table.clear();
      await Promise.allSettled([subscriber.close(), publisher.close()]);
    },
  };
}

/** Redis when configured, else in-process. */
export function createPubSub(
  redisUrl: string | undefined,
  namespace: string,
  onError?: (error: unknown) => void,
) {
  return redisUrl
    ? createRedisPubSub(redisUrl, namespace, onError)
    : Promise.resolve(createMemoryPubSub());
}
