import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signUpMember,
  TestClient,
  validSignUp,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_RATE_LIMIT: '5' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/auth/me', () => {
  it('answers no user and a CSRF token to a visitor', async () => {
    const client = new TestClient(t.app);
    const res = await client.get('/api/auth/me');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ user: unknown; csrf_token: string }>();
    expect(body.user).toBeNull();
    expect(body.csrf_token.length).toBeGreaterThan(10);
    expect(client.cookies.has('fitcoach_csrf')).toBe(true);
  });
});

describe('POST /api/auth/sign_up', () => {
  it('creates a member, signs them in and stores canonical units', async () => {
    const client = await new TestClient(t.app).begin();
    const res = await client.post('/api/auth/sign_up', {
      ...validSignUp,
      email: 'Imperial@Example.org',
      measurement_type: 'imperial',
      weight: 180,
      height: 71,
      workout_goal: 'sport',
      sport_type: 'basketball',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ user: { email: string; role: string; measurement_type: string } }>();
    expect(body.user).toMatchObject({
      email: 'imperial@example.org',
      role: 'member',
      measurement_type: 'imperial',
    });
    const sessionCookie = res.cookies.find((c) => c.name === 'fitcoach_session');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const profile = await client.get('/api/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ weight: 180, height: 71, sport_type: 'basketball' });
  });

  it('answers 400 with per-field issues for bad input and writes nothing', async () => {
    const client = await new TestClient(t.app).begin();
    const res = await client.post('/api/auth/sign_up', {
      ...validSignUp,
      email: 'not-an-email',
      password: 'short',
      weight: -3,
      workout_goal: 'sport',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; message: string; issues: { path: string }[] }>();
    expect(body.error).toBe('validation_failed');
    expect(body.message).toBeTruthy();
    expect(body.issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['email', 'password', 'weight', 'sport_type']),
    );
    const me = await client.get('/api/auth/me');
    expect(me.json<{ user: unknown }>().user).toBeNull();
  });

  it('answers 400, not 500, to a body that is not JSON or not an object', async () => {
    const client = await new TestClient(t.app).begin();
    const notJson = await client.request('POST', '/api/auth/sign_up', '{"name":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ error: 'validation_failed' });
    const array = await client.post('/api/auth/sign_up', [1, 2, 3]);
    expect(array.statusCode).toBe(400);
    const nullBody = await client.request('POST', '/api/auth/sign_up', 'null', {
      headers: { 'content-type': 'application/json' },
    });
    expect(nullBody.statusCode).toBe(400);
    const textBody = await client.post('/api/auth/sign_up', 'just words');
    expect(textBody.statusCode).toBe(415);
    expect(textBody.json()).toMatchObject({ error: 'unsupported_media_type' });
    const unknownEnum = await client.post('/api/auth/sign_up', { ...validSignUp, gender: 'robot' });
    expect(unknownEnum.statusCode).toBe(400);
  });

  it('answers 409 to a duplicate email in any letter case', async () => {
    const first = new TestClient(t.app);
    await signUpMember(first, { email: 'dup@example.org' });
    const second = await new TestClient(t.app).begin();
    const res = await second.post('/api/auth/sign_up', {
      ...validSignUp,
      email: 'DUP@example.org',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'email_taken' });
  });
});

describe('POST /api/auth/sign_in', () => {
  it('refuses a wrong password or unknown email with the same 401, then accepts the right one', async () => {
    await signUpMember(new TestClient(t.app), { email: 'signin@example.org' });
    const client = await new TestClient(t.app).begin();

    const wrongPassword = await client.post('/api/auth/sign_in', {
      email: 'signin@example.org',
      password: 'not the password',
    });
    const unknownEmail = await client.post('/api/auth/sign_in', {
      email: 'nobody@example.org',
      password: 'not the password',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json()).toMatchObject({ error: 'invalid_credentials' });

    const ok = await client.post('/api/auth/sign_in', {
      email: 'SIGNIN@example.org',
      password: validSignUp.password,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ user: { email: string } }>().user.email).toBe('signin@example.org');
  });

  it('issues a new session id at every sign-in and makes the old CSRF token stale', async () => {
    await signUpMember(new TestClient(t.app), { email: 'rotate@example.org' });
    const client = await new TestClient(t.app).begin();
    const anonymousToken = client.csrfToken;
    await client.post('/api/auth/sign_in', {
      email: 'rotate@example.org',
      password: validSignUp.password,
    });
    const firstSession = client.cookies.get('fitcoach_session');
    const firstToken = client.csrfToken;
    await client.post('/api/auth/sign_in', {
      email: 'rotate@example.org',
      password: validSignUp.password,
    });
    expect(client.cookies.get('fitcoach_session')).not.toBe(firstSession);

    client.csrfToken = anonymousToken;
    const stale = await client.put('/api/profile/password', {
      current_password: validSignUp.password,
      new_password: 'whatever12345',
    });
    expect(stale.statusCode).toBe(403);
    client.csrfToken = firstToken;
    expect(
      (
        await client.put('/api/profile/password', {
          current_password: 'x',
          new_password: 'whatever12345',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('rate limits repeated attempts with a 429 and a clear message', async () => {
    const client = await new TestClient(t.app).begin();
    const attempt = () =>
      client.post('/api/auth/sign_in', { email: 'limited@example.org', password: 'guess-guess' });
    for (let i = 0; i < 5; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
    expect(limited.json<{ message: string }>().message).toMatch(/Too many sign-in attempts/);
    // Another account from the same address is not locked out.
    expect(
      (await client.post('/api/auth/sign_in', { email: 'other@example.org', password: 'x' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('CSRF', () => {
  it('refuses every mutation without a valid X-CSRF-Token', async () => {
    const client = await new TestClient(t.app).begin();
    const noHeader = await client.post('/api/auth/sign_up', validSignUp, { csrf: false });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toMatchObject({ error: 'invalid_csrf_token' });

    const forged = await client.request('POST', '/api/auth/sign_in', validSignUp, {
      csrf: false,
      headers: { 'x-csrf-token': 'forged-token' },
    });
    expect(forged.statusCode).toBe(403);

    // A token from another browser does not fit this browser's secret.
    const other = await new TestClient(t.app).begin();
    client.csrfToken = other.csrfToken;
    expect((await client.delete('/api/auth/sign_out')).statusCode).toBe(403);
  });
});

describe('DELETE /api/auth/sign_out', () => {
  it('ends the session so that the API answers 401 afterwards', async () => {
    const client = new TestClient(t.app);
    await signUpMember(client, { email: 'leaving@example.org' });
    const oldSession = client.cookies.get('fitcoach_session');
    expect((await client.get('/api/profile')).statusCode).toBe(200);

    const out = await client.delete('/api/auth/sign_out');
    expect(out.statusCode).toBe(200);
    expect(out.json<{ user: unknown }>().user).toBeNull();
    expect(client.cookies.has('fitcoach_session')).toBe(false);

    const after = await client.get('/api/profile');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: 'unauthorized' });

    // Replaying the old cookie does not bring the session back.
    client.cookies.set('fitcoach_session', oldSession ?? '');
    expect((await client.get('/api/profile')).statusCode).toBe(401);
  });
});

describe('errors and docs', () => {
  it('answers unknown API routes with a JSON 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('serves OpenAPI generated from the Zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/sign_up', '/api/auth/sign_in', '/api/profile']),
    );
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
