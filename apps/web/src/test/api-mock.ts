import { onTestFinished, vi } from 'vitest';
import { setCsrfToken } from '../lib/api-client';

/*
 * The API as component tests see it: `fetch` answers from a handler table, so the real API
 * client runs (CSRF header, JSON, the error shape). Every request is recorded; one no handler
 * answers fails the test.
 */

export const TEST_CSRF_TOKEN = 'test-csrf-token';

export interface ApiRequest {
  method: string;
  /** Path and query string, e.g. `/api/workout?scope=mine&limit=100`. */
  url: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

/** What a handler answers: a Response, or a value sent as 200 JSON (undefined: 204). */
export type Handler = (request: ApiRequest) => unknown;

/** An answer with another status, e.g. `reply(422, { error, message })`. */
export function reply(status: number, body?: unknown): Response {
  return body === undefined
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
}

/** An answer in the wire format's error shape. */
export function apiError(
  status: number,
  message: string,
  issues?: { path: string; message: string }[],
): Response {
  const error = status === 422 || status === 400 ? 'validation_failed' : 'internal_error';
  return reply(status, { error, message, ...(issues ? { issues } : {}) });
}

export class ApiMock {
  readonly requests: ApiRequest[] = [];
  private readonly handlers: { method: string; path: string; handler: Handler }[] = [];
  private readonly unhandled: string[] = [];

  /**
   * Answers `METHOD /path` (the path without its query string, or with it to match only that
   * query). A later handler for the same route wins.
   */
  on(route: string, handler: Handler | object): this {
    const [method = 'GET', path = ''] = route.split(' ');
    const answer: Handler = typeof handler === 'function' ? (handler as Handler) : () => handler;
    this.handlers.unshift({ method, path, handler: answer });
    return this;
  }

  /** The requests sent to `METHOD /path` (query string ignored). */
  sent(route: string): ApiRequest[] {
    const [method, path] = route.split(' ');
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const text = typeof init.body === 'string' ? init.body : null;
    const request: ApiRequest = {
      method: init.method ?? 'GET',
      url: parsed.pathname + parsed.search,
      path: parsed.pathname,
      query: parsed.searchParams,
      body: text === null ? undefined : (JSON.parse(text) as unknown),
      headers: { ...(init.headers as Record<string, string> | undefined) },
    };
    this.requests.push(request);
    const match = this.handlers.find(
      (h) => h.method === request.method && (h.path === request.path || h.path === request.url),
    );
    if (!match) {
      this.unhandled.push(`${request.method} ${request.url}`);
      return apiError(501, `No test handler for ${request.method} ${request.url}`);
    }
    const answer = await match.handler(request);
    if (answer instanceof Response) return answer;
    return answer === undefined ? reply(204) : reply(200, answer);
  };

  assertAllHandled(): void {
    if (this.unhandled.length > 0) {
      throw new Error(`Requests no test handler answered: ${this.unhandled.join(', ')}`);
    }
  }
}

/** Replaces `fetch` for the current test (call it in the test or its beforeEach). */
export function mockApi(): ApiMock {
  const api = new ApiMock();
  setCsrfToken(TEST_CSRF_TOKEN);
  vi.stubGlobal('fetch', api.fetch);
  onTestFinished(() => {
    vi.unstubAllGlobals();
    api.assertAllHandled();
  });
  return api;
}
