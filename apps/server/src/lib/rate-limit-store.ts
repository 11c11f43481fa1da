import { createClient } from 'redis';

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;

/** The store interface @fastify/rate-limit calls (its own LocalStore's shape). */
export interface CounterStore {
  incr(key: string, done: Done, timeWindow: number, max: number): void;
  child(routeOptions: unknown): CounterStore;
}

/** Fixed windows in this process's memory: the default, and the fallback while Redis is down. */
export class MemoryCounters implements CounterStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly maxKeys = 50_000) {}

  incr(key: string, done: Done, timeWindow: number, _max?: number): void {
    const now = Date.now();
    let entry = this.windows.get(key);
    if (!entry || entry.endsAt <= now) {
      if (this.windows.size >= this.maxKeys) this.sweep(now);
      entry = { count: 0, endsAt: now + timeWindow };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    done(null, { current: entry.count, ttl: entry.endsAt - now });
  }

  child(): CounterStore {
    return this;
  }

  /** Drops ended windows; if none had ended, the oldest entries (a flood of distinct keys). */
  private sweep(now: number): void {
    for (const [key, entry] of this.windows) if (entry.endsAt <= now) this.windows.delete(key);
    const excess = this.windows.size - Math.floor(this.maxKeys / 2);
    if (excess <= 0) return;
    let dropped = 0;
    for (const key of this.windows.keys()) {
      if (dropped++ >= excess) break;
      this.windows.delete(key);
    }
  }
}

// One round trip: count, start the window on the first hit, answer the count and time left.
const INCR_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/**
 * How long a count may wait on Redis. A Redis that stopped answering (frozen, swapping, a
 * silent network) keeps its connection open and `isReady` true; without a deadline every
 * sign-in would wait on it for ever.
 */
export const REDIS_COUNT_DEADLINE_MS = 500;

export interface RedisCounters extends CounterStore {
  /** Settles when the first connection is ready (never rejects; tests wait on it). */
  readonly ready: Promise<void>;
  /** False from a count that failed or missed its deadline until a command succeeds again. */
  readonly healthy: boolean;
  close(): Promise<void>;
}

class DeadlineMissed extends Error {
  constructor() {
    super(`Redis did not answer within ${REDIS_COUNT_DEADLINE_MS} ms`);
    this.name = 'DeadlineMissed';
  }
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DeadlineMissed()), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Counters in Redis, shared by every node of the installation (keys under its namespace), so
 * an attacker spreading attempts over nodes meets the same limit. While Redis is unreachable a
 * count fails at once (no offline queue); one that Redis does not answer within
 * REDIS_COUNT_DEADLINE_MS gives up. Either way this node counts in memory, and keeps doing so
 * (no request waits on Redis) until a probe (a PING, one at a time) is answered: a limit never
 * disappears and a request waits on Redis at most once per deadline.
 */
export function redisCounters(
  url: string,
  namespace: string,
  onError: (error: unknown) => void,
): RedisCounters {
  const client = createClient({ url, disableOfflineQueue: true });
  client.on('error', onError);
  const ready = new Promise<void>((resolve) => client.once('ready', () => resolve()));
  client.connect().catch(onError);
  const fallback = new MemoryCounters();
  let healthy = true;
  let probing = false;
  const unhealthy = (error: unknown) => {
    // One line when the link goes bad, not one per count.
    if (healthy) onError(error);
    healthy = false;
  };
  const probe = () => {
    if (probing || !client.isReady) return;
    probing = true;
    withDeadline(client.ping(), REDIS_COUNT_DEADLINE_MS)
      .then(() => {
        healthy = true;
      })
      .catch(() => {})
      .finally(() => {
        probing = false;
      });
  };
  /** A route-level limit (`config.rateLimit`) counts under its route; `createRateLimit` under none. */
  const scoped = (scope: string): RedisCounters => ({
    ready,
    get healthy() {
      return healthy;
    },
    incr(key, done, timeWindow, max) {
      const scopedKey = `${scope}${key}`;
      if (!client.isReady || !healthy) {
        probe();
        fallback.incr(scopedKey, done, timeWindow, max);
        return;
      }
      withDeadline(
        client.eval(INCR_SCRIPT, {
          keys: [`${namespace}rate:${scopedKey}`],
          arguments: [String(timeWindow)],
        }),
        REDIS_COUNT_DEADLINE_MS,
      ).then(
        (reply) => {
          const [current, ttl] = reply as [number, number];
          done(null, { current, ttl });
        },
        (error: unknown) => {
          unhealthy(error);
          fallback.incr(scopedKey, done, timeWindow, max);
        },
      );
    },
    child(options) {
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } } | undefined)
        ?.routeInfo;
      return typeof route?.url === 'string'
        ? scoped(`${scope}${String(route.method)} ${route.url}|`)
        : scoped(scope);
    },
    async close() {
      // A frozen Redis never answers what is pending: the connection is dropped, not drained.
      if (!healthy) {
        client.destroy();
        return;
      }
      await client.close().catch(() => {});
    },
  });
  const store = scoped('');
  return store;
}
