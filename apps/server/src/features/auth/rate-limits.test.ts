import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { logCollector } from '../../test/log-collector';
import { createTestApp, member, TestClient, validSignUp, type TestApp } from '../../test/test-app';
import { hashPassword, passwordHashingPeak } from './password';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function app(env: Record<string, string>): Promise<TestApp> {
  t = await createTestApp(env);
  return t;
}

/** A browser (cookie and CSRF token) that signs in, maybe behind a proxy naming its address. */
async function signIn(a: TestApp, email: string, password: string, address?: string) {
  const client = await new TestClient(a.app).begin();
  return client.request(
    'POST',
    '/api/auth/sign_in',
    { email, password },
    address ? { headers: { 'x-forwarded-for': address } } : {},
  );
}

function expectLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({
    error: 'rate_limited',
    message: expect.any(String) as string,
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('sign-in limits', () => {
  it('stop 30 wrong passwords on one account from rotating forwarded addresses', async () => {
    const a = await app({ TRUST_PROXY: 'true', SIGN_IN_ACCOUNT_RATE_LIMIT: '20' });
    const { user } = await member(a);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await signIn(a, user.email, `wrong-${i}`, `203.0.113.${i + 1}`);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expectLimited(res);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    // The account itself is what is limited: even the right password waits.
    expectLimited(await signIn(a, user.email, validSignUp.password, '198.51.100.7'));
  });

  it('stop one address trying one password on many accounts', async () => {
    const a = await app({ SIGN_IN_ADDRESS_RATE_LIMIT: '15' });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      statuses.push((await signIn(a, `someone${i}@example.org`, 'password123')).statusCode);
    }
    expect(statuses.slice(0, 15).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(15).every((s) => s === 429)).toBe(true);
    expectLimited(await signIn(a, 'another@example.org', 'password123'));
  });
});

describe('sign-up limits', () => {
  it('allow a few accounts per address, then answer 429; another address may still sign up', async () => {
    const a = await app({ TRUST_PROXY: 'true', SIGN_UP_RATE_LIMIT: '3' });
    const signUp = async (i: number, address: string) =>
      (await new TestClient(a.app).begin()).request(
        'POST',
        '/api/auth/sign_up',
        { ...validSignUp, email: `new${i}@example.org` },
        { headers: { 'x-forwarded-for': address } },
      );
    for (let i = 0; i < 3; i += 1) expect((await signUp(i, '203.0.113.9')).statusCode).toBe(201);
    expectLimited(await signUp(3, '203.0.113.9'));
    expect((await signUp(4, '203.0.113.10')).statusCode).toBe(201);
  });

  it('with TRUST_PROXY=1 count the address the proxy saw, not the forwarded ones a client made up', async () => {
    const a = await app({ TRUST_PROXY: '1', SIGN_UP_RATE_LIMIT: '10' });
    // Behind one nginx: the client's own X-Forwarded-For, then the address nginx appends.
    const signUp = async (i: number, forwarded: string) =>
      (await new TestClient(a.app).begin()).request(
        'POST',
        '/api/auth/sign_up',
        { ...validSignUp, email: `rotating${i}@example.org` },
        { headers: { 'x-forwarded-for': forwarded } },
      );
    for (let i = 0; i < 10; i += 1) {
      expect((await signUp(i, `198.51.100.${i + 1}, 203.0.113.7`)).statusCode).toBe(201);
    }
    expectLimited(await signUp(10, '198.51.100.99, 203.0.113.7'));
    expect((await signUp(11, '198.51.100.99, 203.0.113.8')).statusCode).toBe(201);
  });

  it('count real sign-ups made through the app', async () => {
    const a = await app({ SIGN_UP_RATE_LIMIT: '2' });
    await member(a);
    await member(a);
    const client = await new TestClient(a.app).begin();
    const res = await client.post('/api/auth/sign_up', {
      ...validSignUp,
      email: 'third@example.org',
    });
    expectLimited(res);
    expect(res.json<{ message: string }>().message).toMatch(/Too many accounts/);
  });
});

describe('password change limits', () => {
  it('limit wrong current passwords on one account', async () => {
    const a = await app({ PASSWORD_CHANGE_RATE_LIMIT: '3' });
    const { client } = await member(a);
    const change = () =>
      client.put('/api/profile/password', {
        current_password: 'not my password',
        new_password: 'a brand new password',
      });
    for (let i = 0; i < 3; i += 1) expect((await change()).statusCode).toBe(400);
    const limited = await change();
    expectLimited(limited);
    expect(limited.json<{ message: string }>().message).toMatch(/Too many password change/);
  });
});

describe('password hashing', () => {
  it('runs at most PASSWORD_HASH_CONCURRENCY hashes at once under a flood of sign-ins', async () => {
    const a = await app({
      SIGN_IN_RATE_LIMIT: '1000',
      PASSWORD_HASH_CONCURRENCY: '2',
      PASSWORD_HASH_QUEUE: '100',
    });
    const { user } = await member(a);
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => signIn(a, user.email, `wrong-${i}`)),
      ...Array.from({ length: 12 }, (_, i) => signIn(a, `nobody${i}@example.org`, 'x-x-x-x-x')),
    ]);
    expect(answers.every((res) => res.statusCode === 401)).toBe(true);
    expect(passwordHashingPeak()).toBeGreaterThanOrEqual(1);
    expect(passwordHashingPeak()).toBeLessThanOrEqual(2);
  });

  it('refuses hashing beyond the queue with 503 and Retry-After, never a 500', async () => {
    const a = await app({
      SIGN_IN_RATE_LIMIT: '1000',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '0',
      PASSWORD_HASH_REFUSAL_HOLD_MS: '0',
    });
    const { user } = await member(a);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => signIn(a, user.email, `wrong-${i}`)),
    );
    for (const res of answers) {
      expect([401, 503]).toContain(res.statusCode);
      if (res.statusCode === 503) {
        expect(res.json()).toMatchObject({ error: 'service_unavailable' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(passwordHashingPeak()).toBe(1);
    expect((await a.app.inject({ url: '/health' })).statusCode).toBe(200);
  });

  it('logs one line for a burst of refusals, not one per refused sign-in', async () => {
    const { entries, logger } = logCollector();
    t = await createTestApp(
      {
        PASSWORD_HASH_CONCURRENCY: '1',
        PASSWORD_HASH_QUEUE: '0',
        PASSWORD_HASH_REFUSAL_HOLD_MS: '0',
      },
      { logger },
    );
    const client = await new TestClient(t.app).begin();
    const holding = hashPassword('holds-the-only-slot');
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await client.request('POST', '/api/auth/sign_in', {
        email: `nobody-${i}@example.com`,
        password: 'guess-123456',
      });
      statuses.push(res.statusCode);
    }
    await holding;
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(20);
    const refusals = entries.filter((e) => e.level >= 40 && /try again|busy/i.test(e.msg));
    expect(refusals).toHaveLength(1);
  });

  it('refuses a sign-in before reading its body while hashing is full', async () => {
    const a = await app({
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '0',
      PASSWORD_HASH_REFUSAL_HOLD_MS: '0',
    });
    const client = await new TestClient(a.app).begin();
    const garbled = () =>
      client.request('POST', '/api/auth/sign_in', '{ not json', {
        headers: { 'content-type': 'application/json' },
      });
    // One hash holds the only slot (tens of milliseconds on the thread pool).
    const holding = hashPassword('holds-the-only-slot');
    const res = await garbled();
    // Unparsable, so a 400 had the body been read: the 503 came first.
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'service_unavailable' });
    await holding;
    const after = await garbled();
    expect(after.statusCode).toBe(400);
  });

  it('holds a sign-in that finds hashing full, and lets it through if a turn frees meanwhile', async () => {
    // The hold is far longer than the hash holding the only slot (tens of milliseconds): the
    // held request finds the slot free when it is looked at again, so its body is read (and,
    // being unparsable, answered 400) instead of refused with 503.
    const a = await app({
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '0',
      PASSWORD_HASH_REFUSAL_HOLD_MS: '1500',
    });
    const client = await new TestClient(a.app).begin();
    const holding = hashPassword('holds-the-only-slot');
    const res = await client.request('POST', '/api/auth/sign_in', '{ not json', {
      headers: { 'content-type': 'application/json' },
    });
    await holding;
    expect(res.statusCode).toBe(400);
  });
});
