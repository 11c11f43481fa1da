import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logCollector } from '../test/log-collector';
import { createTestApp, member, type TestApp } from '../test/test-app';
import { openDatabase, type DatabaseHandle } from './client';
import { startEmbeddedPostgres, withDatabase, type EmbeddedPostgres } from './embedded-postgres';
import { runMigrations } from './migrate';
import { seedDatabase } from './seed/seed';

// A PostgreSQL this test starts itself, so that it can restart it: the app's pool loses every
// connection (57P01 "terminating connection due to administrator command" on the busy ones,
// a refused socket while it is down) and must ride it out.
const dir = mkdtempSync(path.join(tmpdir(), 'fitcoach-restart-'));
let server: EmbeddedPostgres;
let database: DatabaseHandle;
let t: TestApp;
/** The app's log lines, to count what an outage writes. */
const { entries: logLines, logger } = logCollector();

beforeAll(async () => {
  server = await startEmbeddedPostgres({ dir });
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('create database fitcoach');
  await admin.end();
  database = await openDatabase({ url: withDatabase(server.url, 'fitcoach'), poolMax: 5 });
  await runMigrations(database);
  await seedDatabase(database.db, { demo: false });
  t = await createTestApp({}, { database, logger });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await database?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const today = () => new Date().toISOString().slice(0, 10);

describe('PostgreSQL restarting under load', () => {
  it('answers 503 with Retry-After meanwhile, recovers within 5 s and loses no acknowledged write', async () => {
    const { client, user } = await member(t);
    const acknowledged: number[] = [];
    const outageAnswers: { status: number; retryAfter: unknown; error: unknown }[] = [];
    let running = true;

    // Two writers and a reader keep the pool busy while the server goes away and comes back.
    // The reader (and the check for recovery below) asks for what is read from the database on
    // every request: a cached answer (the profile's) is served through an outage.
    const writer = async () => {
      while (running) {
        const res = await client.post('/api/workout_log/manual', {
          title: 'Restart drill',
          performed_on: today(),
        });
        if (res.statusCode === 201) acknowledged.push(res.json<{ log_id: number }>().log_id);
        else {
          outageAnswers.push({
            status: res.statusCode,
            retryAfter: res.headers['retry-after'],
            error: res.json<{ error: string }>().error,
          });
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    };
    const reader = async () => {
      while (running) {
        const res = await client.get('/api/notifications');
        if (res.statusCode !== 200) {
          outageAnswers.push({
            status: res.statusCode,
            retryAfter: res.headers['retry-after'],
            error: res.json<{ error: string }>().error,
          });
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    };
    const load = Promise.all([writer(), writer(), reader()]);

    await new Promise((r) => setTimeout(r, 300));
    await server.stop();
    // Down for a while: every request now meets a missing server.
    await new Promise((r) => setTimeout(r, 700));
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(503);

    server = await startEmbeddedPostgres({ dir });
    const backAt = Date.now();
    let recovered = false;
    while (!recovered && Date.now() - backAt < 5_000) {
      const res = await client.get('/api/notifications');
      recovered = res.statusCode === 200;
      if (!recovered) await new Promise((r) => setTimeout(r, 100));
    }
    running = false;
    await load;

    expect(recovered).toBe(true);
    expect(outageAnswers.length).toBeGreaterThan(0);
    for (const answer of outageAnswers) {
      expect(answer).toEqual({
        status: 503,
        retryAfter: expect.any(String),
        error: 'service_unavailable',
      });
    }
    const stored = await database.pool.query<{ id: number }>(
      'select id from workout_logs where user_id = $1',
      [user.id],
    );
    const storedIds = new Set(stored.rows.map((r) => r.id));
    for (const id of acknowledged) expect(storedIds.has(id)).toBe(true);
    expect(acknowledged.length).toBeGreaterThan(0);
    // One line for the outage, not a stack per failed request.
    const outageLines = logLines.filter((l) => l.msg.startsWith('database unavailable'));
    expect(outageAnswers.length).toBeGreaterThan(5);
    expect(outageLines.length).toBeGreaterThanOrEqual(1);
    expect(outageLines.length).toBeLessThanOrEqual(2);
    // No client stays checked out: a pool that kept one per broken BEGIN would fill up.
    expect(database.pool.totalCount - database.pool.idleCount).toBe(0);
  }, 60_000);
});
