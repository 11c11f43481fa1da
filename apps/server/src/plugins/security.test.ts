import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  libraryWorkoutId,
  member,
  type TestApp,
  type TestClient,
} from '../test/test-app';

let t: TestApp;
let proxied: TestApp;
let client: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  proxied = await createTestApp({ TRUST_PROXY: 'true' }, { database: t.database });
  ({ client } = await member(t));
});
afterAll(async () => {
  await proxied.close();
  await t.close();
});

describe('HSTS', () => {
  it('is sent when the answer goes out over HTTPS behind a trusted proxy', async () => {
    const res = await proxied.app.inject({
      url: '/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('is not sent over plain HTTP, nor on a forwarded claim from an untrusted client', async () => {
    const plain = await proxied.app.inject({ url: '/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const untrusted = await t.app.inject({
      url: '/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('framing', () => {
  it('is one policy: X-Frame-Options DENY and frame-ancestors none, on pages and /api/docs', async () => {
    for (const url of ['/health', '/api/docs', '/api/docs/static/index.html']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(String(res.headers['content-security-policy']), url).toMatch(/frame-ancestors 'none'/);
      expect(String(res.headers['content-security-policy']), url).not.toMatch(
        /frame-ancestors 'self'/,
      );
    }
  });

  it('sends a Permissions-Policy that turns off what the app never uses', async () => {
    const res = await t.app.inject({ url: '/health' });
    const policy = String(res.headers['permissions-policy']);
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) {
      expect(policy).toContain(feature);
    }
  });
});

describe('Cache-Control on personal data', () => {
  it('is no-store on the profile, the session and every signed-in /api answer', async () => {
    const workoutId = await libraryWorkoutId(client);
    for (const url of [
      '/api/profile',
      '/api/auth/me',
      '/api/workout',
      `/api/workout/${workoutId}`,
      '/api/workout_log',
      '/api/notifications',
      '/api/profile/nope-404',
    ]) {
      const res = await client.get(url);
      expect(res.headers['cache-control'], `${url} ${res.statusCode}`).toBe('no-store');
    }
  });

  it('is no-store on the answer to a sign-in, which carries the member', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email: 'nobody@example.org', password: 'wrong password' },
    });
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });
});

describe('upgrade-insecure-requests', () => {
  // Sent over plain HTTP it sends the browser to https:// for every asset: a blank page when the
  // app is reached at http://192.168.x.x:3000 from a phone on the LAN.
  const pages = ['/', '/api/docs', '/api/docs/static/index.html'];

  it('is not in any page’s CSP over plain HTTP, nor on an untrusted forwarded claim', async () => {
    for (const url of pages) {
      for (const res of [
        await t.app.inject({ url, headers: { host: '192.168.1.20:3000' } }),
        await proxied.app.inject({ url, headers: { host: '192.168.1.20:3000' } }),
        await t.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } }),
      ]) {
        const csp = String(res.headers['content-security-policy']);
        expect(csp, url).toMatch(/default-src 'self'/);
        expect(csp, url).not.toMatch(/upgrade-insecure-requests/);
      }
    }
  });

  it('is in every page’s CSP when the request came over HTTPS through a trusted proxy', async () => {
    for (const url of pages) {
      const res = await proxied.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      expect(String(res.headers['content-security-policy']), url).toMatch(
        /upgrade-insecure-requests/,
      );
    }
  });
});

describe('the /api/docs CSP', () => {
  it('allows the inline styles swagger-ui sets, and still only our own scripts', async () => {
    for (const url of ['/api/docs', '/api/docs/static/index.html']) {
      const csp = String((await t.app.inject({ url })).headers['content-security-policy']);
      expect(csp, url).toMatch(/style-src 'self' 'unsafe-inline'/);
      // Only our own scripts: WebAssembly may compile, JavaScript may not be eval'd.
      expect(csp, url).toMatch(/script-src 'self' 'wasm-unsafe-eval';/);
    }
  });
});
