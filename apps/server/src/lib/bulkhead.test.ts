import { describe, expect, it } from 'vitest';
import { Bulkhead } from './bulkhead';

class Busy extends Error {}

/** A task that runs until released, counting how many run at the same time. */
function gate() {
  let running = 0;
  let most = 0;
  const releases: (() => void)[] = [];
  const task = () =>
    new Promise<number>((resolve) => {
      running += 1;
      most = Math.max(most, running);
      releases.push(() => {
        running -= 1;
        resolve(running);
      });
    });
  return {
    task,
    get most() {
      return most;
    },
    get started() {
      return releases.length;
    },
    releaseAll() {
      releases.splice(0).forEach((release) => release());
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Bulkhead', () => {
  it('never runs more than its concurrency at once, and runs every queued task', async () => {
    const bulkhead = new Bulkhead(3, 100, () => new Busy());
    const g = gate();
    const all = Array.from({ length: 20 }, () => bulkhead.run(g.task));
    for (let round = 0; round < 20 && g.started < 20; round += 1) {
      await settle();
      expect(bulkhead.active).toBeLessThanOrEqual(3);
      g.releaseAll();
    }
    g.releaseAll();
    await Promise.all(all);
    expect(g.most).toBe(3);
    expect(bulkhead.peak).toBe(3);
    expect(bulkhead.active).toBe(0);
  });

  it('refuses what does not fit in the queue at once, instead of queuing without bound', async () => {
    const bulkhead = new Bulkhead(2, 5, () => new Busy());
    const g = gate();
    const results = Array.from({ length: 20 }, () =>
      bulkhead.run(g.task).then(
        () => 'ran',
        (error: unknown) => (error instanceof Busy ? 'refused' : 'failed'),
      ),
    );
    for (let round = 0; round < 20; round += 1) {
      await settle();
      g.releaseAll();
    }
    const outcome = await Promise.all(results);
    expect(outcome.filter((o) => o === 'ran')).toHaveLength(7);
    expect(outcome.filter((o) => o === 'refused')).toHaveLength(13);
    expect(g.most).toBe(2);
  });

  it('frees the slot of a task that fails', async () => {
    const bulkhead = new Bulkhead(1, 0, () => new Busy());
    await expect(bulkhead.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(bulkhead.run(() => Promise.resolve(1))).resolves.toBe(1);
  });
});
