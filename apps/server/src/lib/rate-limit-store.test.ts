import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, member, TestClient, validSignUp, type TestApp } from '../test/test-app';

/** A free local port for this file's own Redis. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

/** Starts a throwaway redis-server (no persistence) and waits until it answers. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve();
    });
    child.once('exit', () => reject(new Error('redis-server exited')));
  });
  return child;
}

async function signIn(node: TestApp, email: string) {
  const client = await new TestClient(node.app).begin();
  return client.post('/api/auth/sign_in', { email, password: 'a wrong password' });
}

describe.skipIf(!hasRedis)('rate limits with REDIS_URL', () => {
  let redis: ChildProcess;
  let nodeA: TestApp;
  let nodeB: TestApp;
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    redis = await startRedis(port);
    url = `redis://127.0.0.1:${port}`;
    const env = { REDIS_URL: url, SIGN_IN_ACCOUNT_RATE_LIMIT: '6' };
    nodeA = await createTestApp(env);
    nodeB = await createTestApp(env, { database: nodeA.database });
    await Promise.all([nodeA.app.rateLimitCounters?.ready, nodeB.app.rateLimitCounters?.ready]);
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
    redis?.kill();
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
    redis.kill();
    await new Promise((resolve) => redis.once('exit', resolve));
    const { user } = await member(nodeA);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await signIn(nodeA, user.email)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });
});

describe.skipIf(!hasRedis)('rate limits with a Redis that stopped answering', () => {
  let redis: ChildProcess;
  let node: TestApp;

  beforeAll(async () => {
    const port = await freePort();
    redis = await startRedis(port);
    node = await createTestApp({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      SIGN_IN_ACCOUNT_RATE_LIMIT: '6',
    });
    await node.app.rateLimitCounters?.ready;
  });
  afterAll(async () => {
    // A frozen process cannot act on SIGTERM: it is resumed first, then stopped.
    redis?.kill('SIGCONT');
    redis?.kill();
    await node?.close();
  });

  it('answer sign-ins (frozen: connections open, no replies) and still limit in memory', async () => {
    const { user } = await member(node);
    // Frozen, as a Redis swapping to death or a silent network: its sockets stay open.
    redis.kill('SIGSTOP');
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
    redis.kill('SIGCONT');
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
