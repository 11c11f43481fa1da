import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from './db/schema/accounts';
import { createTestApp, member, type TestApp, type TestClient } from './test/test-app';

/**
 * Every registered route, fuzzed with NUL characters in each string it reads: path params,
 * query fields, body fields (nested ones and keys too) and the session cookie. None may answer
 * 5xx: PostgreSQL cannot hold NUL in text, and a 500 there is a stack trace per request.
 */
const NUL = 'a\u0000b';

type JsonSchema = {
  type?: string | string[];
  format?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
};

/** A plausible string for the schema (so that the other fields pass and the NUL one is read). */
function text(schema: JsonSchema, key: string): string {
  if (schema.format === 'email' || key === 'email') return 'fuzz@example.org';
  if (key === 'performed_on') return new Date().toISOString().slice(0, 10);
  if (schema.format === 'date' || key.endsWith('date')) return '2000-01-15';
  if (schema.format === 'date-time') return '2024-01-15T10:00:00Z';
  return 'fuzz'.padEnd(schema.minLength ?? 0, 'z');
}

/**
 * A value of the schema's shape; the string at `target` (a dotted path) gets a NUL. Every
 * string path met is added to `paths`, so a caller can aim at each in turn.
 */
function sample(schema: JsonSchema | undefined, target: string, paths: string[], at = ''): unknown {
  if (!schema || at.split('.').length > 10) return target === at ? NUL : 'fuzz';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) {
    const option = options.find((o) => o.type !== 'null') ?? options[0];
    return sample(option, target, paths, at);
  }
  const type =
    (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type) ?? 'string';
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [
          k,
          sample(v, target, paths, at ? `${at}.${k}` : k),
        ]),
      );
    case 'array': {
      const item = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, (_, i) =>
        sample(item ?? schema.prefixItems?.[0], target, paths, `${at}.${i}`),
      );
    }
    case 'integer':
    case 'number':
      // Body measures are checked by range in the member's units, which the schema cannot show.
      if (at === 'weight') return 70;
      if (at === 'height') return 170;
      return Math.min(
        Math.max(1, Math.ceil(schema.minimum ?? schema.exclusiveMinimum ?? 1)),
        schema.maximum ?? Infinity,
      );
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      paths.push(at);
      return at === target
        ? `${text(schema, at.split('.').pop() ?? '')}\u0000`
        : text(schema, at.split('.').pop() ?? '');
  }
}

/** One body per string field, each with a NUL in that field only (and one with NUL in all). */
function nulBodies(schema: JsonSchema | undefined): unknown[] {
  const paths: string[] = [];
  sample(schema, '\u0001none', paths);
  return paths.map((path) => sample(schema, path, []));
}

function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
}

interface Target {
  method: InjectOptions['method'];
  url: string;
  query?: JsonSchema;
  body?: JsonSchema;
}

function urlWith(url: string, value: string): string {
  return url.replace(/:[A-Za-z_]+/g, value).replace(/\*$/, value);
}

/** NUL, then other values a query string should never turn into a 500 (cursors included). */
const BAD_QUERY_VALUES = [
  'a%00b',
  '%E0%A4%A',
  '%FF%FE',
  'x'.repeat(3000),
  '-1',
  '9'.repeat(40),
  '1e400',
  'eyJhIjoxfQ',
  'bnVsbA',
  'W10',
  '__proto__',
  'a&a=b',
];

let t: TestApp;
let client: TestClient;
let admin: TestClient;
const targets: Target[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute(route: RouteOptions) {
        const methods = [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
        for (const method of methods) {
          targets.push({
            method,
            url: route.url,
            query: jsonSchemaOf(route.schema?.querystring),
            body: jsonSchemaOf(route.schema?.body),
          });
        }
      },
    },
  );
  ({ client } = await member(t));
  admin = await newAdmin();
});

async function newAdmin(): Promise<TestClient> {
  const staff = await member(t);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.user.id));
  t.app.sessionCache.forgetMember(staff.user.id);
  return staff.client;
}
afterAll(() => t.close());

/** Sign-out last: it ends the session the other routes run in. */
function ordered(list: Target[]): Target[] {
  const last = (x: Target) => (x.url.endsWith('/sign_out') ? 1 : 0);
  return [...list].sort((a, b) => last(a) - last(b));
}

describe('NUL characters on every route', () => {
  it.each([
    ['a member', () => client],
    ['an admin', () => admin],
  ])('never answer 5xx, wherever they are, sent by %s', async (_who, as) => {
    const viewer = as();
    expect(targets.length).toBeGreaterThan(30);
    const failures: string[] = [];
    async function attempt(
      label: string,
      target: Target,
      url: string,
      body?: unknown,
      headers?: Record<string, string>,
    ) {
      const withBody = target.method !== 'GET' && body !== undefined;
      const res = await viewer.request(
        target.method,
        url,
        withBody ? body : undefined,
        headers ? { headers } : {},
      );
      if (res.statusCode >= 500) {
        failures.push(`${target.method} ${url} (${label}): ${res.statusCode} ${res.body}`);
      }
    }
    for (const target of ordered(targets)) {
      const validUrl = urlWith(target.url, '1');
      if (target.url.includes(':') || target.url.endsWith('*')) {
        await attempt('path', target, urlWith(target.url, '1%00'));
      }
      for (const key of [...Object.keys(target.query?.properties ?? {}), 'q']) {
        for (const value of BAD_QUERY_VALUES) {
          await attempt(`query ${key}`, target, `${validUrl}?${encodeURIComponent(key)}=${value}`);
        }
      }
      await attempt('query key', target, `${validUrl}?a%00b=1`);
      if (target.method !== 'GET') {
        for (const body of nulBodies(target.body)) await attempt('body', target, validUrl, body);
        await attempt('body key', target, validUrl, { 'a\u0000b': 1 });
        await attempt('nested body', target, validUrl, { items: [{ deep: { text: NUL } }] });
      }
      await attempt('cookie', target, validUrl, undefined, { cookie: 'fitcoach_session=a%00b' });
    }
    expect(failures).toEqual([]);
  });

  it('are refused with 400 in the error shape, naming the field', async () => {
    // Signed in anew: the walk above signed its members out, and a route's gate answers 401
    // before any validation.
    ({ client } = await member(t));
    const res = await client.post('/api/auth/sign_in', { email: 'a@b.org', password: NUL });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'validation_failed',
      issues: [{ path: 'password', message: expect.stringContaining('NUL') as string }],
    });
    const search = await client.get('/api/exercise?q=a%00b');
    expect(search.statusCode, search.body).toBe(400);
    expect(search.json()).toMatchObject({ error: 'validation_failed' });
  });
});

describe('ids in paths', () => {
  const notCanonical = [
    '0x10',
    '0b11',
    '0o7',
    '%2B1',
    '%201',
    '1%20',
    '1e1',
    '01',
    '1.0',
    '-1',
    '0',
  ];

  it('are read only in canonical decimal form, on every route with an :id', async () => {
    const withId = targets.filter((x) => x.url.includes(':id'));
    expect(withId.length).toBeGreaterThan(10);
    // Signed in anew (the walk signed out), as an admin: past every route's gate.
    admin = await newAdmin();
    const accepted: string[] = [];
    for (const target of withId) {
      for (const id of notCanonical) {
        const url = target.url.replace(':id', id).replace(/:[A-Za-z_]+/g, '1');
        const res = await admin.request(
          target.method,
          url,
          target.method === 'GET' ? undefined : {},
        );
        if (res.statusCode !== 400 || res.json<{ error: string }>().error !== 'validation_failed') {
          accepted.push(`${target.method} ${url}: ${res.statusCode}`);
        }
      }
    }
    expect(accepted).toEqual([]);
  });
});
