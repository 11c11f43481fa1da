import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { tempDataDir } from '../../test/uploads';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: tempDataDir() });
});
afterAll(async () => {
  await t.close();
});

describe('GET /health', () => {
  it('reports ok while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok', storage: 'ok' });
  });

  it('answers 503 when the database is down', async () => {
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', db: 'down', storage: 'ok' });
  });
});
