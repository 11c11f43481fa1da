import type { DataStrategyFunction, DataStrategyResult } from 'react-router';
import { REQUEST_TIMEOUT_MS, timeoutError } from './api-client';

/**
 * The spec's page navigation gives up after 60 s and then reloads the page in full. A
 * navigation's loaders may send requests one after another (the session, then the page's
 * data), each with a 60 s time-out of its own, so this holds the whole navigation to one
 * budget: a loader still running when it is spent fails with the time-out error, which the
 * route's error boundary turns into the full reload. Otherwise it is React Router's default
 * strategy (every loader that should run, at once).
 */
export function navigationWithinBudget(
  budgetMs: number = REQUEST_TIMEOUT_MS,
): DataStrategyFunction {
  return async ({ matches, request }) => {
    const toLoad = matches.filter((match) => match.shouldLoad);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const spent = new Promise<DataStrategyResult>((resolve) => {
      timer = setTimeout(() => resolve({ type: 'error', result: timeoutError() }), budgetMs);
    });
    // A navigation that another one replaced needs no deadline any more.
    const stop = () => clearTimeout(timer);
    request.signal.addEventListener('abort', stop, { once: true });
    try {
      const results = await Promise.all(
        toLoad.map(async (match) => [match.route.id, await Promise.race([match.resolve(), spent])]),
      );
      return Object.fromEntries(results) as Record<string, DataStrategyResult>;
    } finally {
      stop();
      request.signal.removeEventListener('abort', stop);
    }
  };
}
