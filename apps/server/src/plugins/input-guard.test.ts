import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Valid JSON nested `depth` levels deep: arrays, or objects under one key. */
function nested(kind: 'array' | 'object', depth: number): string {
  return kind === 'array'
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

describe('deeply nested bodies', () => {
  for (const kind of ['array', 'object'] as const) {
    for (const depth of [8_000, 50_000]) {
      it(`refuse ${depth} levels of ${kind}s with 400 in the error shape, as anyone`, async () => {
        const client = await new TestClient(t.app).begin();
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign_in',
          headers: {
            'content-type': 'application/json',
            'x-csrf-token': client.csrfToken ?? '',
            cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          },
          payload: nested(kind, depth),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          error: 'validation_failed',
          message: expect.stringMatching(/nested/) as string,
        });
      });
    }
  }

  it('still take ordinary nesting, and still find a NUL deep inside', async () => {
    const client = await new TestClient(t.app).begin();
    const res = await client.post('/api/auth/sign_in', {
      email: 'x@example.org',
      password: 'whatever',
      extra: { a: [{ b: [['c\u0000']] }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'validation_failed',
      issues: [{ path: 'extra.a.0.b.0.0' }],
    });
  });
});
