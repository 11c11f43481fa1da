import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, REQUEST_TIMEOUT_MS, api, setCsrfRefresher, setCsrfToken } from './api-client';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setCsrfToken('token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function sentHeaders(call = 0): Record<string, string> {
  return (fetchMock.mock.calls[call]?.[1]?.headers ?? {}) as Record<string, string>;
}

describe('api client', () => {
  it('adds the CSRF header to mutations only', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { ok: true })));
    await api.get('/api/a');
    await api.post('/api/b', { x: 1 });
    expect(sentHeaders(0)['x-csrf-token']).toBeUndefined();
    expect(sentHeaders(1)['x-csrf-token']).toBe('token-1');
    expect(sentHeaders(1)['content-type']).toBe('application/json');
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('{"x":1}');
  });

  it('fetches the first CSRF token once before mutations sent before the app had one', async () => {
    setCsrfToken('');
    let refreshed = 0;
    setCsrfRefresher(async () => {
      refreshed += 1;
      return 'first-token';
    });
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { ok: true })));
    await Promise.all([api.post('/api/workout/chart_data', {}), api.post('/api/b', {})]);
    expect(refreshed).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentHeaders(0)['x-csrf-token']).toBe('first-token');
    expect(sentHeaders(1)['x-csrf-token']).toBe('first-token');
  });

  it('turns an error answer into an ApiError with the wire fields', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        error: 'validation_failed',
        message: 'Please correct the highlighted fields.',
        issues: [{ path: 'email', message: 'Enter a valid email address.' }],
      }),
    );
    const error = await api.post('/api/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Please correct the highlighted fields.',
      issues: [{ path: 'email', message: 'Enter a valid email address.' }],
    });
  });

  it('gives a person-readable error for a non-JSON failure', async () => {
    fetchMock.mockResolvedValue(new Response('<h1>Bad Gateway</h1>', { status: 502 }));
    const error = (await api.get('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('internal_error');
    expect(error.message).toMatch(/Something went wrong/);
  });

  it('reports a network failure as a connection problem', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await api.get('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('network_error');
    expect(error.isConnectionProblem).toBe(true);
  });

  it('gives up after 60 s with a time-out error', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const pending = api.get('/api/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    const error = (await pending) as ApiError;
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    expect(error.code).toBe('timeout');
    expect(error.isConnectionProblem).toBe(true);
  });

  it('retries a mutation once with a fresh token when the server calls it stale', async () => {
    setCsrfRefresher(async () => 'token-2');
    fetchMock
      .mockResolvedValueOnce(json(403, { error: 'invalid_csrf_token', message: 'stale' }))
      .mockResolvedValueOnce(json(200, { saved: true }));
    await expect(api.put('/api/profile', {})).resolves.toEqual({ saved: true });
    expect(sentHeaders(0)['x-csrf-token']).toBe('token-1');
    expect(sentHeaders(1)['x-csrf-token']).toBe('token-2');
  });

  it('does not retry a 403 that is about permissions', async () => {
    setCsrfRefresher(async () => 'token-3');
    fetchMock.mockImplementation(() =>
      Promise.resolve(json(403, { error: 'forbidden', message: 'No.' })),
    );
    await expect(api.delete('/api/thing')).rejects.toMatchObject({ code: 'forbidden' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
