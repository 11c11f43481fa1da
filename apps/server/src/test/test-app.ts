import type {
  FastifyInstance,
  FastifyServerOptions,
  InjectOptions,
  LightMyRequestResponse,
  RouteOptions,
} from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import type { Clock } from '../lib/clock';
import type { PubSub } from '../lib/pubsub';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * Test files sign many members up and in from one address; the limits' own tests set them low.
 */
const generousLimits = {
  SIGN_UP_RATE_LIMIT: '100000',
  SIGN_IN_ACCOUNT_RATE_LIMIT: '100000',
  SIGN_IN_ADDRESS_RATE_LIMIT: '100000',
  PASSWORD_CHANGE_RATE_LIMIT: '100000',
};

/**
 * The real app on a fresh database, without the web bundle; for `app.inject` tests. Pass an
 * existing database (and a shared pub/sub) to stand up a second node of the same installation.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  shared: {
    database?: DatabaseHandle;
    pubsub?: PubSub;
    /** Fastify's logger options, for a test that reads the logs. */
    logger?: FastifyServerOptions['logger'];
    onRoute?: (route: RouteOptions) => void;
    clock?: Clock;
  } = {},
): Promise<TestApp> {
  const config: Config = loadConfig({ NODE_ENV: 'test', ...generousLimits, ...env });
  config.WEB_DIST_DIR = null;
  const database = shared.database ?? (await openTestDatabase());
  const app = await buildApp({
    config,
    database,
    sessionSecret: 'test-secret-test-secret-test-secret-00',
    ...(shared.pubsub ? { pubsub: shared.pubsub } : {}),
    ...(shared.logger ? { logger: shared.logger } : {}),
    ...(shared.onRoute ? { onRoute: shared.onRoute } : {}),
    ...(shared.clock ? { clock: shared.clock } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      if (!shared.database) await database.close();
    },
  };
}

/**
 * A browser stand-in for inject tests: keeps cookies between requests and sends the CSRF token
 * it was given, as the web app's API client does.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  csrfToken: string | null = null;
  /** Sent with every request, as a browser sends its `Accept-Language`. */
  readonly headers: Record<string, string> = {};

  constructor(private readonly app: FastifyInstance) {}

  async request(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    options: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...this.headers, ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    if (options.csrf !== false && this.csrfToken && method !== 'GET') {
      headers['x-csrf-token'] = this.csrfToken;
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
    for (const cookie of response.cookies) {
      const expired =
        cookie.value === '' ||
        (cookie.expires instanceof Date && cookie.expires.getTime() < Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const json = safeJson(response);
    if (
      json &&
      typeof json === 'object' &&
      'csrf_token' in json &&
      typeof json.csrf_token === 'string'
    ) {
      this.csrfToken = json.csrf_token;
    }
    return response;
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body?: unknown, options?: { csrf?: boolean }) {
    return this.request('POST', url, body, options);
  }
  put(url: string, body?: unknown, options?: { csrf?: boolean }) {
    return this.request('PUT', url, body, options);
  }
  delete(url: string, options?: { csrf?: boolean }) {
    return this.request('DELETE', url, undefined, options);
  }

  /** Fetches a CSRF token the way the web app does at start. */
  async begin(): Promise<this> {
    await this.get('/api/auth/me');
    return this;
  }
}

function safeJson(response: LightMyRequestResponse): unknown {
  try {
    return response.json();
  } catch {
    return undefined;
  }
}

export const validSignUp = {
  name: 'Test Member',
  email: 'member@example.org',
  password: 'correct horse battery',
  gender: 'female',
  birth_date: '1995-06-15',
  measurement_type: 'metric',
  weight: 64.5,
  height: 170,
  workout_goal: 'hiit',
  sport_type: null,
  meal_preference: 'vegetarian',
} as const;

/** Signs a new member up (and so in) on the client; answers the session user. */
export async function signUpMember(client: TestClient, overrides: Record<string, unknown> = {}) {
  if (!client.csrfToken) await client.begin();
  const response = await client.post('/api/auth/sign_up', { ...validSignUp, ...overrides });
  if (response.statusCode !== 201) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ user: { id: number; email: string } }>().user;
}

/** Makes two members friends the way the social feature will: an accepted row each way. */
export async function befriend(t: TestApp, a: number, b: number): Promise<void> {
  const { friendships } = await import('../db/schema/social');
  await t.database.db.insert(friendships).values([
    { userId: a, friendId: b, status: 'accepted' },
    { userId: b, friendId: a, status: 'accepted' },
  ]);
}

/** A signed-in member on their own client. */
export async function member(t: TestApp, overrides: Record<string, unknown> = {}) {
  const client = new TestClient(t.app);
  const email = `m${Math.random().toString(36).slice(2, 10)}@example.org`;
  const user = await signUpMember(client, { email, ...overrides });
  return { client, user };
}

/**
 * A signed-in admin: a member promoted in the database, with the change announced so that the
 * session, which caches the role, reads it again.
 */
export async function adminMember(t: TestApp, overrides: Record<string, unknown> = {}) {
  const m = await member(t, overrides);
  await t.database.db.execute(sql`update users set role = 'admin' where id = ${m.user.id}`);
  t.app.ctx.changes.emit({ kind: 'member', id: m.user.id });
  return m;
}

/** Ids of public library workouts, as the library lists them (for tests that need some). */
export async function libraryWorkoutIds(client: TestClient, count: number): Promise<number[]> {
  const res = await client.get(`/api/workout?scope=library&limit=${count}`);
  const ids = res.json<{ items: { id: number }[] }>().items.map((w) => w.id);
  if (ids.length < count)
    throw new Error(`too few library workouts: ${res.statusCode} ${res.body}`);
  return ids;
}

/** The id of a public library workout (for tests that need any one). */
export async function libraryWorkoutId(client: TestClient): Promise<number> {
  return (await libraryWorkoutIds(client, 1))[0]!;
}
