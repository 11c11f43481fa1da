import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createMemoryPubSub,
  createRedisPubSub,
  installationNamespace,
  type PubSub,
} from './pubsub';

/** This file's own channels on the shared Redis: test files run at once must not hear each other. */
const namespace = `fitcoach-test:${randomUUID()}:`;

const opened: PubSub[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((p) => p.close()));
});

function received(): {
  messages: string[];
  listener: (m: string) => void;
  next: () => Promise<string>;
} {
  const messages: string[] = [];
  const waiters: ((m: string) => void)[] = [];
  return {
    messages,
    listener: (m) => {
      messages.push(m);
      waiters.shift()?.(m);
    },
    next: () =>
      new Promise<string>((resolve, reject) => {
        waiters.push(resolve);
        setTimeout(() => reject(new Error('no message within 2 s')), 2000);
      }),
  };
}

describe('memory pub/sub', () => {
  it('delivers to every listener of a channel, and stops after unsubscribe', async () => {
    const bus = createMemoryPubSub();
    opened.push(bus);
    const a = received();
    const b = received();
    const offA = await bus.subscribe('stream:1', a.listener);
    await bus.subscribe('stream:1', b.listener);
    await bus.subscribe('stream:2', () => {
      throw new Error('wrong channel');
    });
    const got = a.next();
    await bus.publish('stream:1', 'hello');
    expect(await got).toBe('hello');
    expect(b.messages).toEqual(['hello']);
    await offA();
    await bus.publish('stream:1', 'again');
    await new Promise((r) => setTimeout(r, 10));
    expect(a.messages).toEqual(['hello']);
    expect(b.messages).toEqual(['hello', 'again']);
  });
});

describe('installationNamespace', () => {
  it('is the same for every node of an installation and never shows the secret', () => {
    const secret = 'a-session-secret-of-at-least-32-characters';
    expect(installationNamespace(secret)).toBe(installationNamespace(secret));
    expect(installationNamespace(secret)).not.toBe(installationNamespace(`${secret}!`));
    expect(installationNamespace(secret)).not.toContain(secret.slice(0, 8));
  });
});

// Registered when REDIS_URL is set (CI's PostgreSQL pass sets it); two separate connections
// stand for two app nodes.
const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  describe('redis pub/sub', () => {
    it('keeps two installations on one Redis apart', async () => {
      const ours = await createRedisPubSub(redisUrl, namespace);
      const theirs = await createRedisPubSub(redisUrl, `${namespace}other:`);
      opened.push(ours, theirs);
      const channel = 'notifications:user:4';
      const onOurs = received();
      const onTheirs = received();
      await ours.subscribe(channel, onOurs.listener);
      await theirs.subscribe(channel, onTheirs.listener);
      const got = onOurs.next();
      await ours.publish(channel, 'for this installation only');
      expect(await got).toBe('for this installation only');
      await new Promise((r) => setTimeout(r, 100));
      expect(onTheirs.messages).toEqual([]);
    });

    it('carries a message from one node to a listener on another', async () => {
      const url = redisUrl;
      const nodeA = await createRedisPubSub(url, namespace);
      const nodeB = await createRedisPubSub(url, namespace);
      opened.push(nodeA, nodeB);
      const channel = `test:${Math.random().toString(36).slice(2)}`;
      const onB = received();
      const off = await nodeB.subscribe(channel, onB.listener);
      const got = onB.next();
      await nodeA.publish(channel, 'across nodes');
      expect(await got).toBe('across nodes');
      await off();
      await nodeA.publish(channel, 'nobody listens');
      await new Promise((r) => setTimeout(r, 100));
      expect(onB.messages).toEqual(['across nodes']);
    });
  });
}
