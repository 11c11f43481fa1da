import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '@fitcoach/shared/profile';
import type { ActiveSession } from './auth/sessions';
import { permissionsPlugin } from './permissions';
import { webAppPlugin } from './web-app';

/** Stands in for the auth plugin: the session's role comes from a header. */
const fakeAuth = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('session', null);
    app.addHook('onRequest', (request, _reply, done) => {
      const role = request.headers['x-role'] as Role | undefined;
      request.session = role ? ({ user: { role } } as unknown as ActiveSession) : null;
      done();
    });
  },
  { name: 'auth' },
);

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function appWith(register: (app: FastifyInstance) => void) {
  app = Fastify();
  await app.register(fakeAuth);
  await app.register(permissionsPlugin);
  await app.register(
    async (api) => {
      register(api);
    },
    { prefix: '/api' },
  );
  return app;
}

describe('the permissions plugin', () => {
  it('will not start while a documented route has no entry, naming every one', async () => {
    const made = await appWith((api) => {
      api.get('/nowhere/:id', () => 'x');
      api.post('/nowhere', () => 'x');
      api.get('/hidden', { schema: { hide: true } }, () => 'x');
      api.get('/admin/users', () => 'x');
    });
    await expect(made.ready()).rejects.toThrow(
      /2 route\(s\) have no entry in the permission table[\s\S]*'GET \/api\/nowhere\/\{id\}'[\s\S]*'POST \/api\/nowhere'/,
    );
  });

  it('checks the gate before the handler: 401 signed out, 403 for a role it does not let in', async () => {
    let ran = 0;
    const made = await appWith((api) => {
      api.get('/admin/users', () => {
        ran += 1;
        return { ok: true };
      });
      api.get('/coach/clients', () => ({ ok: true }));
      api.get('/auth/me', () => ({ ok: true }));
    });
    await made.ready();
    const status = async (url: string, role?: Role, method: 'GET' | 'HEAD' = 'GET') =>
      (await made.inject({ method, url, headers: role ? { 'x-role': role } : {} })).statusCode;
    expect(await status('/api/admin/users')).toBe(401);
    expect(await status('/api/admin/users', 'member')).toBe(403);
    expect(await status('/api/admin/users', 'coach')).toBe(403);
    expect(await status('/api/admin/users', 'member', 'HEAD')).toBe(403);
    expect(ran).toBe(0);
    expect(await status('/api/admin/users', 'admin')).toBe(200);
    expect(await status('/api/coach/clients', 'member')).toBe(403);
    expect(await status('/api/coach/clients', 'coach')).toBe(200);
    expect(await status('/api/auth/me')).toBe(200);
  });

  it('asks no entry of the built web app’s files (hidden from the API’s documents)', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'fitcoach-web-'));
    try {
      mkdirSync(path.join(dist, 'assets'));
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
      writeFileSync(path.join(dist, 'assets', 'app.js'), '');
      const made = await appWith(() => {});
      await made.register(webAppPlugin, { distDir: dist });
      await made.ready();
      expect((await made.inject({ url: '/assets/app.js' })).statusCode).toBe(200);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
