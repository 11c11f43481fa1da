import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRedisPubSub, type PubSub } from './lib/pubsub';
import {
  isBroadcast,
  notificationsIdentifier,
  openCable,
  type RawCable,
} from './plugins/cable/cable-test-client';
import { logCollector, type LogEntry } from './test/log-collector';
import { OwnRedis, TcpRelay } from './test/redis-server';
import {
  befriend,
  createTestApp,
  libraryWorkoutIds,
  member,
  TestClient,
  type TestApp,
} from './test/test-app';

/** This file's own channels: test files run at once must not hear each other. */
const namespace = `fitcoach-test:${randomUUID()}:`;
/**
 * Reconnection backs off up to this in these tests (5 s in production); resyncs wait for the
 * spread that leaves between nodes (2.1 s here).
 */
const fast = { maxReconnectDelayMs: 100 };

/** Asks again every 50 ms until `check` holds; fails after `tries` (a deadline, not a timing). */
async function eventually(check: () => Promise<boolean>, tries = 60): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the condition never held');
}

async function health(t: TestApp) {
  const res = await t.app.inject({ method: 'GET', url: '/health' });
  return { code: res.statusCode, body: res.json<Record<string, string>>() };
}

/** The same signed-in member on another node (a load balancer may send them anywhere). */
function sameMemberOn(t: TestApp, client: TestClient): TestClient {
  const other = new TestClient(t.app);
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  other.csrfToken = client.csrfToken;
  return other;
}

async function subscribed(cable: RawCable) {
  await cable.ofType('welcome');
  cable.send({ command: 'subscribe', identifier: notificationsIdentifier });
  return cable.next((f) => f.identifier === notificationsIdentifier && typeof f.type === 'string');
}

const aboutRedis = (logs: LogEntry[]) =>
  logs.filter((l) => /redis/i.test(l.msg)).map((l) => [l.level, l.msg]);

const isResync = (f: Record<string, unknown>) =>
  (f.message as { type?: unknown } | undefined)?.type === 'resync';

describe('a node without Redis configured', () => {
  it('is never degraded: /health reports no Redis', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.pubsub.connected).toBe(true);
      expect(await health(t)).toEqual({
        code: 200,
        body: { status: 'ok', db: 'ok', storage: 'ok' },
      });
    } finally {
      await t.close();
    }
  });
});

// Registered when REDIS_URL is set (CI sets it), but each test runs a redis-server of its own,
// on a spare port, so that it can kill it.
if (process.env.REDIS_URL) {
  describe('Redis down', () => {
    let redis: OwnRedis;
    let first: TestApp;
    let workoutIds: number[];
    beforeAll(async () => {
      redis = await OwnRedis.start();
      first = await createTestApp();
      workoutIds = await libraryWorkoutIds((await member(first)).client, 2);
    });
    // A test that failed half-way must not leave the next one without its Redis.
    beforeEach(async () => {
      redis.resume();
      if (!redis.running) await redis.restart();
    });
    afterAll(async () => {
      await first?.close();
      await redis?.kill();
    });

    it('a node boots and serves, reports degraded, and joins the fan-out when Redis returns', async () => {
      await redis.kill();
      const pubA = await createRedisPubSub(redis.url, namespace, fast);
      const pubB: PubSub[] = [];
      const { entries: logs, logger } = logCollector();
      const a = await createTestApp({}, { database: first.database, pubsub: pubA, logger });
      let b: TestApp | null = null;
      try {
        await a.app.listen({ port: 0, host: '127.0.0.1' });
        expect(await health(a)).toEqual({
          code: 200,
          body: { status: 'degraded', db: 'ok', storage: 'ok', redis: 'down' },
        });
        // It serves: sign-up, and a live subscription confirmed without waiting for Redis.
        const friend = await member(a);
        const cable = await openCable(a.app, friend.client);
        expect((await subscribed(cable)).type).toBe('confirm_subscription');

        await redis.restart();
        await eventually(async () => (await health(a)).body.status === 'ok');
        expect(await health(a)).toEqual({
          code: 200,
          body: { status: 'ok', db: 'ok', storage: 'ok', redis: 'ok' },
        });
        // Back: the open page is told to refetch what it may have missed.
        await cable.next(isResync);
        // Every reconnection attempt failed meanwhile: the log has one warning, and one line
        // for the recovery.
        expect(aboutRedis(logs)).toEqual([
          [40, expect.stringMatching(/unreachable/)],
          [30, expect.stringMatching(/back/)],
        ]);

        // And it hears the other nodes: a share made on node B reaches the socket on node A.
        pubB.push(await createRedisPubSub(redis.url, namespace, fast));
        b = await createTestApp({}, { database: first.database, pubsub: pubB[0]! });
        const sharer = await member(b, { name: 'Node B Member' });
        await befriend(b, sharer.user.id, friend.user.id);
        const shared = await sharer.client.post('/api/workout/share_workout', {
          friend_id: friend.user.id,
          workout_id: workoutIds[0],
        });
        expect(shared.statusCode).toBeLessThan(300);
        const frame = await cable.next((f) => isBroadcast(f) && !isResync(f));
        expect(frame.message).toMatchObject({
          type: 'notification.created',
          notification: { actor: { name: 'Node B Member' } },
        });
        cable.close();
      } finally {
        await b?.close();
        await a.close();
        await Promise.all([pubA, ...pubB].map((p) => p.close()));
      }
    });

    it('sessions end on every node within a second, caches follow, and pages resync on return', async () => {
      const [pubA, pubB] = await Promise.all([
        createRedisPubSub(redis.url, namespace, fast),
        createRedisPubSub(redis.url, namespace, fast),
      ]);
      const { entries: logs, logger } = logCollector();
      const a = await createTestApp({}, { database: first.database, pubsub: pubA, logger });
      const b = await createTestApp({}, { database: first.database, pubsub: pubB });
      try {
        await a.app.listen({ port: 0, host: '127.0.0.1' });
        expect((await health(a)).body.status).toBe('ok');
        const leaving = await member(a);
        const staying = await member(a);
        const sharer = await member(b);
        await befriend(a, sharer.user.id, staying.user.id);
        const leavingOnB = sameMemberOn(b, leaving.client);
        const stayingOnB = sameMemberOn(b, staying.client);
        const leavingCable = await openCable(a.app, leaving.client);
        const stayingCable = await openCable(a.app, staying.client);
        await subscribed(leavingCable);
        await subscribed(stayingCable);
        // Node A holds the session and the workout page in its caches.
        expect((await leaving.client.get('/api/profile')).statusCode).toBe(200);
        const url = `/api/workout/${workoutIds[1]}`;
        const page = await staying.client.get(url);
        const groupId = page.json<{ groups: { id: number; liked: boolean }[] }>().groups[0]!;
        expect(groupId.liked).toBe(false);

        await redis.kill();
        await eventually(async () => (await health(a)).body.redis === 'down');
        await eventually(async () => (await health(b)).body.redis === 'down');

        // Writes answer, without Redis.
        const liked = await stayingOnB.post('/api/workout/like', {
          exercise_group_id: groupId.id,
          liked: true,
        });
        expect(liked.statusCode).toBe(200);
        const shared = await sharer.client.post('/api/workout/share_workout', {
          friend_id: staying.user.id,
          workout_id: workoutIds[1],
        });
        expect(shared.statusCode).toBeLessThan(300);
        // Node A's cached page follows the like made on node B.
        await eventually(
          async () =>
            (await staying.client.get(url)).json<{ groups: { liked: boolean }[] }>().groups[0]!
              .liked,
          40,
        );

        // Signed out through node B: node A refuses the session, and closes its socket.
        expect((await leavingOnB.delete('/api/auth/sign_out')).statusCode).toBeLessThan(300);
        await eventually(
          async () => (await leaving.client.get('/api/profile')).statusCode === 401,
          40,
        );
        expect(await leavingCable.ofType('disconnect')).toEqual({
          type: 'disconnect',
          reason: 'unauthorized',
          reconnect: false,
        });

        // The share was stored but its push was lost: when Redis is back the page refetches.
        expect(stayingCable.frames.some((f) => isBroadcast(f))).toBe(false);
        await redis.restart();
        await stayingCable.next(isResync);
        await eventually(async () => (await health(b)).body.status === 'ok');
        // However many reconnection attempts failed: one warning, one line for the recovery.
        expect(aboutRedis(logs)).toEqual([
          [40, expect.stringMatching(/lost/)],
          [30, expect.stringMatching(/back/)],
        ]);
        stayingCable.close();
      } finally {
        await a.close();
        await b.close();
        await Promise.all([pubA.close(), pubB.close()]);
      }
    });

    it('a node cut off alone tells the others when it is back: their pages and caches resync', async () => {
      const relay = await TcpRelay.start(redis.port);
      const pubA = await createRedisPubSub(relay.url, namespace, fast);
      const pubB = await createRedisPubSub(redis.url, namespace, fast);
      const a = await createTestApp({}, { database: first.database, pubsub: pubA });
      const b = await createTestApp({}, { database: first.database, pubsub: pubB });
      try {
        await b.app.listen({ port: 0, host: '127.0.0.1' });
        const friend = await member(b);
        const leaving = await member(b);
        const sharer = await member(a);
        await befriend(a, sharer.user.id, friend.user.id);
        const cable = await openCable(b.app, friend.client);
        await subscribed(cable);
        // Node B holds the session in its cache.
        expect((await leaving.client.get('/api/profile')).statusCode).toBe(200);

        await relay.cut();
        await eventually(async () => (await health(a)).body.redis === 'down');
        expect((await health(b)).body.status).toBe('ok');
        // Made on node A while it is cut off: the push and the sign-out do not reach node B.
        const shared = await sharer.client.post('/api/workout/share_workout', {
          friend_id: friend.user.id,
          workout_id: workoutIds[0],
        });
        expect(shared.statusCode).toBeLessThan(300);
        const leavingOnA = sameMemberOn(a, leaving.client);
        expect((await leavingOnA.delete('/api/auth/sign_out')).statusCode).toBeLessThan(300);

        await relay.restore();
        await eventually(async () => (await health(a)).body.status === 'ok');
        // Node B hears node A's return: its page refetches, its cached session is dropped.
        await cable.next(isResync);
        await eventually(async () => (await leaving.client.get('/api/profile')).statusCode === 401);
        expect(cable.frames.filter(isResync)).toHaveLength(1);
        cable.close();
      } finally {
        await a.close();
        await b.close();
        await Promise.all([pubA.close(), pubB.close()]);
        await relay.cut();
      }
    });

    it('when the nodes find Redis back one after another, a page refetches once', async () => {
      // Each node reconnects on its own backoff: after an outage they come back up to a
      // reconnection delay apart, and each announces its return.
      const relays = await Promise.all([0, 1, 2].map(() => TcpRelay.start(redis.port)));
      const pubs = await Promise.all(
        relays.map((relay) => createRedisPubSub(relay.url, namespace, fast)),
      );
      const nodes: TestApp[] = [];
      try {
        for (const pubsub of pubs) {
          nodes.push(await createTestApp({}, { database: first.database, pubsub }));
        }
        const [a] = nodes as [TestApp];
        await a.app.listen({ port: 0, host: '127.0.0.1' });
        const { client } = await member(a);
        const cable = await openCable(a.app, client);
        await subscribed(cable);

        for (const relay of relays) await relay.cut();
        for (const node of nodes) {
          await eventually(async () => (await health(node)).body.redis === 'down');
        }
        for (const [i, relay] of relays.entries()) {
          await relay.restore();
          await eventually(async () => (await health(nodes[i]!)).body.status === 'ok');
          // Apart by more than a moment, as a backoff leaves them, within one reconnection delay.
          await new Promise((r) => setTimeout(r, fast.maxReconnectDelayMs * 4));
        }
        await cable.next(isResync);
        // Every node's announcement has been heard; any further resync would come within the
        // window after it.
        await new Promise((r) => setTimeout(r, a.app.pubsub.recoverySpreadMs * 2));
        expect(cable.frames.filter(isResync)).toHaveLength(1);
        cable.close();
      } finally {
        for (const node of nodes) await node.close();
        await Promise.all(pubs.map((p) => p.close()));
        for (const relay of relays) await relay.cut();
      }
    });

    it('a Redis that stops answering counts as down, and pages resync when it answers again', async () => {
      const pub = await createRedisPubSub(redis.url, namespace, { ...fast, commandTimeoutMs: 300 });
      const t = await createTestApp({}, { database: first.database, pubsub: pub });
      try {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        const { client } = await member(t);
        const cable = await openCable(t.app, client);
        await subscribed(cable);
        redis.pause();
        // Its connections stay open; an unanswered PING tells.
        await eventually(async () => (await health(t)).body.status === 'degraded', 200);
        redis.resume();
        await eventually(async () => (await health(t)).body.status === 'ok', 200);
        await cable.next(isResync);
        cable.close();
      } finally {
        redis.resume();
        await t.close();
        await pub.close();
      }
    });

    it('a publish or subscribe to a Redis that stopped answering waits its time-out, not for ever', async () => {
      const pub = await createRedisPubSub(redis.url, namespace, { commandTimeoutMs: 200 });
      try {
        redis.pause();
        // Otherwise every write's message would wait for ever, and shutdown with them.
        await expect(pub.publish('frozen', 'hello')).rejects.toThrow(/did not answer/);
        // A page's subscription is confirmed; the SUBSCRIBE completes when Redis wakes up.
        const heard: string[] = [];
        await pub.subscribe('frozen', (m) => void heard.push(m));
        redis.resume();
        await eventually(async () => {
          await pub.publish('frozen', 'awake').catch(() => {});
          return heard.includes('awake');
        });
      } finally {
        redis.resume();
        await pub.close();
      }
    });

    it('a write does not wait for a broadcast to a Redis that stopped answering', async () => {
      // A publish may wait up to a minute here: the answer must not.
      const pub = await createRedisPubSub(redis.url, namespace, { commandTimeoutMs: 60_000 });
      const t = await createTestApp({}, { database: first.database, pubsub: pub });
      try {
        const sharer = await member(t);
        const friend = await member(t);
        await befriend(t, sharer.user.id, friend.user.id);
        redis.pause();
        const shared = await sharer.client.post('/api/workout/share_workout', {
          friend_id: friend.user.id,
          workout_id: workoutIds[0],
        });
        expect(shared.statusCode).toBeLessThan(300);
        // Answered while its broadcast and its message to the other nodes still wait on Redis.
        const settled = t.app.ctx.changes.settled().then(() => 'settled');
        const now = new Promise((r) => setImmediate(() => r('pending')));
        expect(await Promise.race([settled, now])).toBe('pending');
        redis.resume();
        await settled;
      } finally {
        redis.resume();
        await t.close();
        await pub.close();
      }
    });
  });
}
