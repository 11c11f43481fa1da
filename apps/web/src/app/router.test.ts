// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../lib/api-client';

/*
 * The app's own router, on fake timers: the spec's page navigation gives up after 60 s (and the
 * error boundary then reloads the page in full). The API answers after a delay, or never.
 */

interface Answer {
  /** Milliseconds until the answer; null never answers (only the time-out ends it). */
  after: number | null;
  body?: unknown;
}

let firstRequest: Promise<void>;
let sawRequest: () => void;

function fakeApi(answer: (path: string) => Answer) {
  firstRequest = new Promise((resolve) => (sawRequest = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      sawRequest();
      const path = new URL(input, 'http://localhost').pathname;
      const { after, body } = answer(path);
      return new Promise<Response>((resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
        if (after !== null) {
          setTimeout(
            () =>
              resolve(
                new Response(JSON.stringify(body ?? {}), {
                  status: 200,
                  headers: { 'content-type': 'application/json' },
                }),
              ),
            after,
          );
        }
      });
    }),
  );
}

/** Opens the app at `url` (a fresh router and cache), once its first request is out. */
async function openApp(url: string) {
  // The pages' code is loaded up front: fake time does not wait for modules to load.
  await Promise.all([
    import('./routes/signed-in-layout'),
    import('./routes/home'),
    import('./routes/guided-workout'),
    // The features' English loads with the signed-in pages (loadFeatureTexts).
    import('../i18n/feature-catalogues'),
  ]);
  // A fresh module graph: its i18n starts as the app's does, before the router.
  const { startI18n } = await import('../i18n/i18n');
  await startI18n('en');
  window.history.replaceState(null, '', url);
  const { router } = await import('./router');
  await firstRequest;
  return router;
}

function navigationError(router: Awaited<ReturnType<typeof openApp>>): unknown {
  return Object.values(router.state.errors ?? {})[0];
}

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a page navigation', () => {
  it('gives up after 60 s when the API never answers, without retrying', async () => {
    fakeApi(() => ({ after: null }));
    const router = await openApp('/');

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(router.state.initialized).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    // The error the boundary reloads the page for (a connection problem).
    expect(navigationError(router)).toMatchObject({ name: 'ApiError', code: 'timeout' });
  });

  it('has one 60 s budget for requests sent one after another', async () => {
    // Guided mode asks who is signed in, then for the workout and its session: 40 s each.
    fakeApi((path) =>
      path === '/api/auth/me'
        ? { after: 40_000, body: { user: { id: 1, role: 'member' }, csrf_token: 't' } }
        : { after: 40_000, body: path.endsWith('/guided') ? { session: null } : { id: 5 } },
    );
    const router = await openApp('/workouts/5/guided');

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(router.state.initialized).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(navigationError(router)).toMatchObject({ code: 'timeout' });
  });
});
