import { describe, expect, it } from 'vitest';
import { CacheHub, preferredEncoding } from './cache-hub';
import { createMemoryPubSub } from './pubsub';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding(['gzip', 'br'])).toBe('br');
  });
});

describe('CacheHub', () => {
  it('bumps versions on invalidation and drops a user’s sessions', () => {
    const hub = new CacheHub(null);
    expect(hub.version('workout:1')).toBe(0);
    hub.invalidate({ kind: 'workout', id: 1 }, { kind: 'history', userId: 2 });
    expect(hub.version('workout:1')).toBe(1);
    expect(hub.version('history:2')).toBe(1);

    const session = {
      id: 's1',
      user: { id: 7 },
      expiresAt: new Date(Date.now() + 60_000),
      renewed: false,
    };
    hub.sessions.set('token-1', session as never);
    hub.sessions.set('token-2', { ...session, id: 's2', user: { id: 8 } } as never);
    hub.sessions.set('token-3', { ...session, id: 's3', user: { id: 9 } } as never);
    hub.invalidate({ kind: 'user', id: 7 });
    expect(hub.sessions.has('token-1')).toBe(false);
    expect(hub.sessions.has('token-2')).toBe(true);
    hub.invalidate({ kind: 'session', id: 's3' });
    expect(hub.sessions.has('token-3')).toBe(false);
    expect(hub.sessions.has('token-2')).toBe(true);
    expect(hub.version('user:7')).toBe(1);
  });

  it('passes invalidations to other nodes on the same pub/sub, not back to itself', async () => {
    const bus = createMemoryPubSub();
    const a = new CacheHub(bus);
    const b = new CacheHub(bus);
    await a.listen();
    await b.listen();
    a.invalidate({ kind: 'workout', id: 5 });
    await new Promise((r) => setTimeout(r, 5));
    expect(a.version('workout:5')).toBe(1);
    expect(b.version('workout:5')).toBe(1);
    await a.close();
    await b.close();
  });
});
