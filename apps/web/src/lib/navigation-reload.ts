import { ApiError } from './api-client';

const RELOAD_KEY = 'fitcoach:navigation-reload';
const RELOAD_GUARD_MS = 15_000;

/** A failed lazy chunk (a deploy replaced it, or the network dropped) or an unreachable API. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.isConnectionProblem;
  if (error instanceof TypeError || (error instanceof Error && error.name === 'ChunkLoadError')) {
    return /dynamically imported module|module script failed|Failed to fetch|NetworkError|Load failed/i.test(
      error.message,
    );
  }
  return false;
}

function lastReload(): { href: string; at: number } | null {
  try {
    return JSON.parse(window.sessionStorage.getItem(RELOAD_KEY) ?? 'null') as {
      href: string;
      at: number;
    } | null;
  } catch {
    return null;
  }
}

/**
 * The spec's rule: a navigation that fails on a network error or time-out reloads the page in
 * full. False when this very page was just reloaded for the same reason: a server that is
 * really down then shows an error instead of a reload loop.
 */
export function shouldReloadAfterFailedNavigation(): boolean {
  const last = lastReload();
  return !(last && last.href === window.location.href && Date.now() - last.at < RELOAD_GUARD_MS);
}

export function reloadAfterFailedNavigation(): void {
  try {
    window.sessionStorage.setItem(
      RELOAD_KEY,
      JSON.stringify({ href: window.location.href, at: Date.now() }),
    );
  } catch {
    // Storage disabled: reload anyway; the browser's own error page ends any loop.
  }
  window.location.reload();
}
