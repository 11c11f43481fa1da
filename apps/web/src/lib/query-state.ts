import { ApiError } from './api-client';

interface ReadState {
  isError: boolean;
  isLoadingError: boolean;
  error: unknown;
}

/**
 * Whether a read's failure should replace what a page shows: when there is nothing to show (the
 * first load failed), or when what it shows is gone (404) or no longer the viewer's to see (401,
 * 403). A background refetch that fails on a busy server or the network keeps the page as it
 * was, with whatever is open on it (a dialog, a half-typed form); the next refetch tries again.
 *
 * As a type guard it tells TypeScript the data is there once this is false (after `isPending`).
 */
export function loadFailed<Q extends ReadState>(query: Q): query is Q & { isError: true } {
  if (!query.isError) return false;
  if (query.isLoadingError) return true;
  return query.error instanceof ApiError && [401, 403, 404].includes(query.error.status);
}
