import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OwnRedis } from '../test/redis-server';
import { createTestApp, member, TestClient, validSignUp, type TestApp } from '../test/test-app';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

async function signIn(node: TestApp, email: string) {
  const client = await new TestClient(node.app).begin();
  return client.post('/api/auth/sign_in', { email, password: 'a wrong password' });
}

describe.skipIf(!hasRedis)('rate limits with REDIS_URL', () => {
  let redis: OwnRedis;
  let nodeA: TestApp;
  let nodeB: TestApp;

  beforeAll(async () => {
    redis = await OwnRedis.start();
    const env = { REDIS_URL: redis.url, SIGN_IN_ACCOUNT_RATE_LIMIT: '6' };
    nodeA = await createTestApp(env);
    nodeB = await createTestApp(env, { database: nodeA.database });
    await Promise.all([nodeA.app.rateLimitCounters?.ready, nodeB.app.rateLimitCounters?.ready]);
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
    await redis?.kill();
  });

  it('count attempts on every node together', async () => {
    const { user } = await member(nodeA);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      statuses.push((await signIn(i % 2 === 0 ? nodeA : nodeB, user.email)).statusCode);
    }
    // Three on each node would pass a per-node count of 6; together they reach it.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });

  it('still limit, on each node, while Redis is down, and answer without waiting on it', async () => {
    await redis.kill();
    const { user } = await member(nodeA);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await signIn(nodeA, user.email)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });
});

describe.skipIf(!hasRedis)('rate limits with a Redis that stopped answering', () => {
  let redis: OwnRedis;
  let node: TestApp;

  beforeAll(async () => {
    redis = await OwnRedis.start();
    node = await createTestApp({
      REDIS_URL: redis.url,
      SIGN_IN_ACCOUNT_RATE_LIMIT: '6',
    });
    await node.app.rateLimitCounters?.ready;
  });
  afterAll(async () => {
    // A frozen process is resumed first, then stopped.
    redis?.resume();
    await redis?.kill();
    await node?.close();
  });

  it('answer sign-ins (frozen: connections open, no replies) and still limit in memory', async () => {
    const { user } = await member(node);
    // Frozen, as a Redis swapping to death or a silent network: its sockets stay open.
    redis.pause();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await signIn(node, user.email)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // A sign-up still goes through, and the right password still signs in on another account.
    const other = await member(node);
    const client = await new TestClient(node.app).begin();
    const res = await client.post('/api/auth/sign_in', {
      email: other.user.email,
      password: validSignUp.password,
    });
    expect(res.statusCode).toBe(200);
  });

  it('count in Redis again once it answers', async () => {
    redis.resume();
    const { user } = await member(node);
    // Until a command succeeds again the node counts in memory; the first answered probe (a
    // PING, sent by a count) marks the link healthy, and later counts go to Redis again.
    await expect
      .poll(async () => {
        await signIn(node, user.email);
        return node.app.rateLimitCounters?.healthy;
      })
      .toBe(true);
  });
});
