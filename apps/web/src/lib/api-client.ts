import type { ApiErrorBody, ErrorCode } from '@fitcoach/shared/errors';
import { currentLocale } from '../i18n/i18n';

/** Requests give up after 60 s (the spec's page-navigation time-out). */
export const REQUEST_TIMEOUT_MS = 60_000;

export type ApiErrorCode = ErrorCode | 'network_error' | 'timeout';

/** Any failed API call: a server answer in the wire format, or no answer at all. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when the server was never reached (offline, DNS, time-out): worth a full reload. */
  get isConnectionProblem(): boolean {
    return this.code === 'network_error' || this.code === 'timeout';
  }
}

let csrfToken: string | null = null;
let refreshCsrf: (() => Promise<string>) | null = null;
/** Where the first token comes from (the app's own first `/api/auth/me`). */
let firstTokenSource: (() => Promise<string>) | null = null;
/** The first token being fetched, shared by the mutations that wait for it. */
let firstToken: Promise<string> | null = null;

/**
 * Remembers the token from `GET /api/auth/me` or a sign-in/out answer. It is also kept in
 * `<meta name="csrf-token">`, where `@rails/activestorage` reads it for direct uploads.
 */
export function setCsrfToken(token: string): void {
  csrfToken = token;
  if (typeof document === 'undefined') return;
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'csrf-token';
    document.head.append(meta);
  }
  meta.content = token;
}

/** How to get a fresh token when the server calls ours stale (set by the auth feature). */
export function setCsrfRefresher(refresher: () => Promise<string>): void {
  refreshCsrf = refresher;
}

/** How a mutation sent before the app had any token gets one (the refresher if unset). */
export function setFirstCsrfToken(source: () => Promise<string>): void {
  firstTokenSource = source;
}

/**
 * Fetches and remembers a fresh token, for callers outside `apiRequest` (direct uploads) that
 * were refused with `invalid_csrf_token`. False when no refresher is set.
 */
export async function renewCsrfToken(): Promise<boolean> {
  if (!refreshCsrf) return false;
  setCsrfToken(await refreshCsrf());
  return true;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Deadline {
  signal: AbortSignal;
  expired(): boolean;
  clear(): void;
}

/** One 60 s budget for a whole call, retries and body included. */
function startDeadline(callerSignal?: AbortSignal): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    expired: () => expired,
    clear() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}

async function send(path: string, options: RequestOptions, deadline: Deadline): Promise<Response> {
  const method = options.method ?? 'GET';
  // The server words its messages in the language the app shows, not only the browser's.
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': currentLocale(),
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (MUTATING.has(method) && csrfToken) headers['x-csrf-token'] = csrfToken;
  try {
    return await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: deadline.signal,
    });
  } catch (error) {
    if (deadline.expired()) throw timeoutError();
    if (options.signal?.aborted) throw error;
    throw new ApiError(
      0,
      'network_error',
      'Cannot reach FitCoach. Check your connection and try again.',
    );
  }
}

/** The error of a request, or a navigation, that used up its 60 s. */
export function timeoutError(): ApiError {
  return new ApiError(0, 'timeout', 'FitCoach took too long to answer. Please try again.');
}

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>;
    if (typeof body.error === 'string' && typeof body.message === 'string') {
      return new ApiError(
        response.status,
        body.error as ErrorCode,
        body.message,
        Array.isArray(body.issues) ? body.issues : [],
      );
    }
  } catch {
    // Not our JSON (a proxy error page, say): fall through to a generic message.
  }
  return new ApiError(
    response.status,
    response.status >= 500 ? 'internal_error' : 'validation_failed',
    response.status >= 500
      ? 'Something went wrong on our side. Please try again in a moment.'
      : `The request failed (status ${response.status}).`,
  );
}

/**
 * The one way the web app talks to the API: JSON in and out, the CSRF header on every
 * mutation, a 60 s time-out, and failures as ApiError in the wire format. A mutation refused
 * for a stale CSRF token is retried once with a fresh token.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const deadline = startDeadline(options.signal);
  try {
    if (MUTATING.has(options.method ?? 'GET')) await ensureCsrfToken();
    let response = await send(path, options, deadline);
    if (response.status === 403 && refreshCsrf && MUTATING.has(options.method ?? 'GET')) {
      const error = await toApiError(response.clone());
      if (error.code === 'invalid_csrf_token') {
        setCsrfToken(await refreshCsrf());
        response = await send(path, options, deadline);
      }
    }
    if (!response.ok) throw await toApiError(response);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  } catch (error) {
    if (deadline.expired() && !(error instanceof ApiError)) throw timeoutError();
    throw error;
  } finally {
    deadline.clear();
  }
}

/**
 * A page that posts as soon as it opens (the history's chart query) may do so before the app
 * has its first token: it waits for one rather than being refused and retried.
 */
async function ensureCsrfToken(): Promise<void> {
  const source = firstTokenSource ?? refreshCsrf;
  if (csrfToken || !source) return;
  firstToken ??= source().finally(() => (firstToken = null));
  setCsrfToken(await firstToken);
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
