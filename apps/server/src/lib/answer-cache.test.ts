import { describe, expect, it } from 'vitest';
import { AnswerCache, answerKeys, preferredEncoding, staleSources } from './answer-cache';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding(['gzip', 'br'])).toBe('br');
  });
});

const text = (answer: { json: Buffer }) => JSON.parse(answer.json.toString('utf8')) as unknown;

/** A build that answers the current value of `state.value`, counting its calls. */
function counter(state: { value: number; builds: number }) {
  return async () => {
    state.builds += 1;
    return { value: state.value };
  };
}

describe('AnswerCache', () => {
  it('builds an answer once, and again only after what it was built from changed', async () => {
    const cache = new AnswerCache();
    const state = { value: 1, builds: 0 };
    const key = answerKeys.workout(5, 7);
    expect(text(await cache.get(key, counter(state)))).toEqual({ value: 1 });
    state.value = 2;
    expect(text(await cache.get(key, counter(state)))).toEqual({ value: 1 });
    expect(state.builds).toBe(1);

    cache.invalidate(staleSources({ kind: 'workout', id: 5 }));
    expect(text(await cache.get(key, counter(state)))).toEqual({ value: 2 });
    // Another member's change, or another workout's, leaves it alone.
    cache.invalidate(staleSources({ kind: 'member', id: 8 }));
    cache.invalidate(staleSources({ kind: 'workout', id: 6 }));
    await cache.get(key, counter(state));
    expect(state.builds).toBe(2);
    // The viewer's own units changed: their answer is rebuilt.
    cache.invalidate(staleSources({ kind: 'member', id: 7 }));
    await cache.get(key, counter(state));
    expect(state.builds).toBe(3);
  });

  it("makes a named answer's key only after a change, and never serves it stale", async () => {
    const cache = new AnswerCache();
    const state = { value: 1, builds: 0 };
    let friends = [2, 3];
    let keysMade = 0;
    const shape = { limit: 20, units: 'metric', locale: 'en' };
    const keyOf = async () => {
      keysMade += 1;
      return answerKeys.feed(1, friends, shape);
    };
    const feed = () => cache.getNamed(answerKeys.feedName(1, shape), keyOf, counter(state));
    expect(text(await feed())).toEqual({ value: 1 });
    await feed();
    await feed();
    expect({ keysMade, builds: state.builds }).toEqual({ keysMade: 1, builds: 1 });

    // Any change, even one the answer does not depend on, makes the key again; the answer
    // itself is rebuilt only if it depended on what changed.
    cache.invalidate(staleSources({ kind: 'logs', userId: 99 }));
    await feed();
    expect({ keysMade, builds: state.builds }).toEqual({ keysMade: 2, builds: 1 });

    // A friend's log: rebuilt with the new value.
    state.value = 2;
    cache.invalidate(staleSources({ kind: 'logs', userId: 3 }));
    expect(text(await feed())).toEqual({ value: 2 });
    // A new friend: the key lists them from now on, so their logs make the answer stale.
    friends = [2, 3, 4];
    cache.invalidate(staleSources({ kind: 'relationship', userIds: [1, 4] }));
    await feed();
    state.value = 3;
    cache.invalidate(staleSources({ kind: 'logs', userId: 4 }));
    expect(text(await feed())).toEqual({ value: 3 });
    expect(state.builds).toBe(4);
  });

  it('drops every history when a workout is deleted (its logs lose their link)', async () => {
    const cache = new AnswerCache();
    const state = { value: 1, builds: 0 };
    await cache.get(answerKeys.history(1, 10), counter(state));
    await cache.get(answerKeys.history(2, 10), counter(state));
    cache.invalidate(staleSources({ kind: 'workout', id: 99, deleted: true }));
    await cache.get(answerKeys.history(1, 10), counter(state));
    await cache.get(answerKeys.history(2, 10), counter(state));
    expect(state.builds).toBe(4);
  });

  it('shares one build between concurrent misses', async () => {
    const cache = new AnswerCache();
    const state = { value: 1, builds: 0 };
    const key = answerKeys.history(3, 10);
    const answers = await Promise.all([1, 2, 3].map(() => cache.get(key, counter(state))));
    expect(state.builds).toBe(1);
    expect(answers.map(text)).toEqual([{ value: 1 }, { value: 1 }, { value: 1 }]);
  });

  it('never keeps an answer whose sources changed while it was being built', async () => {
    const cache = new AnswerCache();
    const key = answerKeys.history(4, 10);
    let release!: () => void;
    const slow = cache.get(key, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { value: 'stale' };
    });
    await Promise.resolve();
    // A log is written while the old answer is still being read from the database.
    cache.invalidate(staleSources({ kind: 'logs', userId: 4 }));
    release();
    expect(text(await slow)).toEqual({ value: 'stale' });
    expect(text(await cache.get(key, async () => ({ value: 'fresh' })))).toEqual({
      value: 'fresh',
    });
    expect(cache.stats().answers).toBe(1);
  });

  it('keeps versions only for sources some answer depends on (bounded however much changes)', async () => {
    const cache = new AnswerCache();
    // Changes to things no answer was built from leave nothing behind.
    for (let id = 1; id <= 10_000; id += 1) {
      cache.invalidate(staleSources({ kind: 'workout', id }));
      cache.invalidate(staleSources({ kind: 'logs', userId: id }));
    }
    expect(cache.stats().versions).toBe(0);

    // The workout page's five: the workout, the viewer, names, the viewer's relations and the
    // exercise library.
    await cache.get(answerKeys.workout(1, 2), async () => ({}));
    expect(cache.stats()).toMatchObject({ answers: 1, versions: 5, building: 0 });
    for (let i = 0; i < 100; i += 1) cache.invalidate(staleSources({ kind: 'workout', id: 1 }));
    expect(cache.stats().versions).toBe(5);

    // Evicted (or cleared) answers release their sources.
    cache.clear();
    expect(cache.stats()).toMatchObject({ answers: 0, versions: 0 });
    // A failed build releases them too.
    await expect(
      cache.get(answerKeys.workout(3, 4), () => Promise.reject(new Error('database away'))),
    ).rejects.toThrow('database away');
    expect(cache.stats()).toMatchObject({ answers: 0, versions: 0, building: 0 });
  });

  it('never serves a stale answer after its sources were forgotten and remembered', async () => {
    const cache = new AnswerCache();
    const state = { value: 1, builds: 0 };
    const key = answerKeys.workout(1, 1);
    await cache.get(key, counter(state));
    cache.invalidate(staleSources({ kind: 'workout', id: 1 }));
    cache.clear();
    state.value = 2;
    expect(text(await cache.get(key, counter(state)))).toEqual({ value: 2 });
  });

  it('checks built answers against their schema when asked to', async () => {
    const strict = new AnswerCache(true);
    const schema = {
      parse(value: unknown) {
        if (typeof value !== 'object' || value === null || !('ok' in value)) {
          throw new Error('answer does not match its schema');
        }
        return value;
      },
    };
    await expect(strict.get(answerKeys.workout(1, 1), async () => ({}), schema)).rejects.toThrow(
      'schema',
    );
    expect(text(await strict.uncached(async () => ({ ok: 1 }), schema))).toEqual({ ok: 1 });
  });
});

describe('AnswerCache.getDiscovered', () => {
  const name = answerKeys.programTodayName(1, '2026-11-25');
  /** A build of member 1's today that read programs 10 and 11 and showed workout 20. */
  function today(state: { value: number; builds: number }, gate?: Promise<void>) {
    return async () => {
      state.builds += 1;
      const value = state.value;
      await gate;
      return {
        value: { value },
        key: answerKeys.programToday(1, '2026-11-25', { programIds: [10, 11], workoutIds: [20] }),
      };
    };
  }

  it('keeps the answer until one of the sources its build found changes', async () => {
    const cache = new AnswerCache();
    const state = { value: 1, builds: 0 };
    expect(text(await cache.getDiscovered(name, today(state)))).toEqual({ value: 1 });
    state.value = 2;
    await cache.getDiscovered(name, today(state));
    // Others' changes, and programs and workouts it did not read, leave it alone.
    cache.invalidate(staleSources({ kind: 'logs', userId: 2 }));
    cache.invalidate(staleSources({ kind: 'program', id: 12 }));
    cache.invalidate(staleSources({ kind: 'workout', id: 21 }));
    cache.invalidate(staleSources({ kind: 'program-follows', userId: 2 }));
    expect(text(await cache.getDiscovered(name, today(state)))).toEqual({ value: 1 });
    expect(state.builds).toBe(1);
    for (const change of [
      { kind: 'program', id: 11 },
      { kind: 'workout', id: 20 },
      { kind: 'logs', userId: 1 },
      { kind: 'program-follows', userId: 1 },
    ] as const) {
      state.value += 1;
      cache.invalidate(staleSources(change));
      expect(text(await cache.getDiscovered(name, today(state)))).toEqual({ value: state.value });
    }
    expect(state.builds).toBe(5);
  });

  it('does not keep an answer built across a change, nor hand it to a read after the change', async () => {
    const cache = new AnswerCache();
    const state = { value: 1, builds: 0 };
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const before = cache.getDiscovered(name, today(state, gate));
    // A concurrent read before any change shares the build.
    const alongside = cache.getDiscovered(name, today(state));
    cache.invalidate(staleSources({ kind: 'logs', userId: 1 }));
    state.value = 2;
    // A read after the change (the writer's own, say) builds afresh.
    const after = cache.getDiscovered(name, today(state));
    open();
    expect(text(await before)).toEqual({ value: 1 });
    expect(text(await alongside)).toEqual({ value: 1 });
    expect(text(await after)).toEqual({ value: 2 });
    expect(state.builds).toBe(2);
    expect(text(await cache.getDiscovered(name, today(state)))).toEqual({ value: 2 });
    expect(state.builds).toBe(2);
  });
});

describe('challenge answers', () => {
  it('a review stales the board but not who may see it; a join or an edit stales both', async () => {
    const cache = new AnswerCache();
    const board = { value: 1, builds: 0 };
    const access = { value: 1, builds: 0 };
    const read = async () => {
      await cache.get(answerKeys.challengeAccess(4, 9, '2026-11-24'), counter(access));
      await cache.get(answerKeys.leaderboard(4, '2026-11-24'), counter(board));
    };
    await read();
    cache.invalidate(staleSources({ kind: 'challenge', id: 4, progress: true }));
    await read();
    expect([access.builds, board.builds]).toEqual([1, 2]);
    cache.invalidate(staleSources({ kind: 'challenge', id: 4 }));
    await read();
    expect([access.builds, board.builds]).toEqual([2, 3]);
    // Another challenge's changes leave both alone.
    cache.invalidate(staleSources({ kind: 'challenge', id: 5 }));
    await read();
    expect([access.builds, board.builds]).toEqual([2, 3]);
  });
});
