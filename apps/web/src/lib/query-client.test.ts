import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, timeoutError } from './api-client';
import { createQueryClient } from './query-client';

afterEach(() => vi.useRealTimers());

/** Runs a query that always fails with `error`; answers how many times it was tried. */
async function attempts(error: ApiError): Promise<number> {
  vi.useFakeTimers();
  const client = createQueryClient();
  let tries = 0;
  const done = client
    .fetchQuery({
      queryKey: ['failing'],
      queryFn: () => {
        tries += 1;
        return Promise.reject(error);
      },
    })
    .catch(() => undefined);
  // Well past any retry delay.
  await vi.advanceTimersByTimeAsync(120_000);
  await done;
  return tries;
}

describe('the query client', () => {
  it('does not retry a request that timed out: its 60 s are spent', async () => {
    expect(await attempts(timeoutError())).toBe(1);
  });

  it('retries connection trouble and server errors once', async () => {
    expect(await attempts(new ApiError(0, 'network_error', 'offline'))).toBe(2);
    expect(await attempts(new ApiError(503, 'internal_error', 'down'))).toBe(2);
  });

  it('does not retry a refusal', async () => {
    expect(await attempts(new ApiError(404, 'not_found', 'gone'))).toBe(1);
  });
});
