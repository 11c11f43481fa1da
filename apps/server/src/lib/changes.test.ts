import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { ChangeBus, type Change } from './changes';
import { createMemoryPubSub } from './pubsub';

const quietLog = () => {
  const errors: unknown[] = [];
  return { errors, log: { error: (obj: unknown) => void errors.push(obj) } };
};

/** Stands in for Drizzle's `db.transaction`: runs the body, rethrows as a rollback would. */
const fakeDb = { transaction: <T>(work: (tx: unknown) => Promise<T>) => work({}) } as Database;

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('ChangeBus', () => {
  it('announces a transaction’s changes after it commits, and never after a rollback', async () => {
    const bus = new ChangeBus(null, quietLog().log);
    const heard: Change[] = [];
    bus.onEveryNode((change) => void heard.push(change));

    const answer = await bus.transaction(fakeDb, async (_tx, changes) => {
      changes.emit({ kind: 'workout', id: 1 });
      expect(heard).toEqual([]); // not before the commit
      return 'done';
    });
    expect(answer).toBe('done');
    expect(heard).toEqual([{ kind: 'workout', id: 1 }]);

    await expect(
      bus.transaction(fakeDb, async (_tx, changes) => {
        changes.emit({ kind: 'workout', id: 2 });
        throw new Error('constraint violated');
      }),
    ).rejects.toThrow('constraint violated');
    expect(heard).toEqual([{ kind: 'workout', id: 1 }]);
  });

  it('tells the other nodes, not itself, that it is back from an outage', async () => {
    const pubsub = createMemoryPubSub();
    const back = new ChangeBus(pubsub, quietLog().log);
    const other = new ChangeBus(pubsub, quietLog().log);
    await back.listen();
    await other.listen();
    const heard: string[] = [];
    back.onResync(() => void heard.push('back'));
    other.onResync(() => void heard.push('other'));
    back.announceResync();
    await back.settled();
    await settle();
    expect(heard).toEqual(['other']);
  });

  it('runs every-node listeners on every node, origin listeners once', async () => {
    const pubsub = createMemoryPubSub();
    const a = new ChangeBus(pubsub, quietLog().log);
    const b = new ChangeBus(pubsub, quietLog().log);
    const heard = { aEvery: 0, aOrigin: 0, bEvery: 0, bOrigin: 0 };
    a.onEveryNode(() => void (heard.aEvery += 1));
    a.onOrigin(() => void (heard.aOrigin += 1));
    b.onEveryNode(() => void (heard.bEvery += 1));
    b.onOrigin(() => void (heard.bOrigin += 1));
    await a.listen();
    await b.listen();

    a.emit({ kind: 'session-ended', id: 'abc' });
    await settle();
    expect(heard).toEqual({ aEvery: 1, aOrigin: 1, bEvery: 1, bOrigin: 0 });
    await a.close();
    await b.close();
  });

  it('logs a failing listener and still runs the others; the write never sees the failure', async () => {
    const { errors, log } = quietLog();
    const bus = new ChangeBus(null, log);
    let ran = 0;
    bus.onEveryNode(() => {
      throw new Error('cache broke');
    });
    bus.onOrigin(() => Promise.reject(new Error('broadcast failed')));
    bus.onOrigin(() => void (ran += 1));
    bus.emit({ kind: 'logs', userId: 1 });
    await bus.settled();
    expect(ran).toBe(1);
    expect(errors).toHaveLength(2);
  });

  it('never makes the write wait for slow listeners or an unreachable Redis', async () => {
    const unreachable = {
      ...createMemoryPubSub(),
      kind: 'redis' as const,
      publish: () => new Promise<void>(() => {}),
    };
    const bus = new ChangeBus(unreachable, quietLog().log);
    let cached = 0;
    bus.onEveryNode(() => void (cached += 1));
    bus.onOrigin(() => new Promise<void>(() => {}));
    const answer = await bus.transaction(fakeDb, async (_tx, changes) => {
      changes.emit({ kind: 'workout', id: 3 });
      return 'answered';
    });
    expect(answer).toBe('answered');
    expect(cached).toBe(1);
  });

  it('ignores messages on its channel that are not changes from another node', async () => {
    const pubsub = createMemoryPubSub();
    const bus = new ChangeBus(pubsub, quietLog().log);
    let heard = 0;
    bus.onEveryNode(() => void (heard += 1));
    await bus.listen();
    await pubsub.publish('changes', 'not json');
    await pubsub.publish('changes', JSON.stringify({ node: 'x', changes: 'nope' }));
    await settle();
    expect(heard).toBe(0);
    await bus.close();
  });
});
