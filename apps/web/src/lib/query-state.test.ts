import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { loadFailed } from './query-state';

/** A query read once with `first`, then refetched with `then`, as a page would see it. */
async function readTwice(first: () => Promise<string>, then?: () => Promise<string>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let fn = first;
  const observer = new QueryObserver(client, { queryKey: ['x'], queryFn: () => fn() });
  const unsubscribe = observer.subscribe(() => {});
  await client
    .getQueryCache()
    .find({ queryKey: ['x'] })
    ?.promise?.catch(() => {});
  if (then) {
    fn = then;
    await observer.refetch();
  }
  const result = observer.getCurrentResult();
  unsubscribe();
  return result;
}

const busy = () => Promise.reject(new ApiError(503, 'service_unavailable', 'Busy.'));

describe('loadFailed', () => {
  it('is false while the data loads and once it is there', async () => {
    expect(await readTwice(() => Promise.resolve('a'))).toMatchObject({ data: 'a' });
    expect(loadFailed(await readTwice(() => Promise.resolve('a')))).toBe(false);
  });

  it('is true when the first load fails: there is nothing to show', async () => {
    expect(loadFailed(await readTwice(busy))).toBe(true);
  });

  it('is false when a refetch fails on a busy server: the data shown stays', async () => {
    const result = await readTwice(() => Promise.resolve('a'), busy);
    expect(result.isError).toBe(true);
    expect(result.data).toBe('a');
    expect(loadFailed(result)).toBe(false);
  });

  it('is true when a refetch finds the thing gone or no longer the viewer’s', async () => {
    for (const status of [401, 403, 404]) {
      const lost = () => Promise.reject(new ApiError(status, 'not_found', 'Gone.'));
      expect(loadFailed(await readTwice(() => Promise.resolve('a'), lost))).toBe(true);
    }
  });
});
