import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisPubSub } from '../../lib/pubsub';
import {
  befriend,
  createTestApp,
  member,
  type TestApp,
  libraryWorkoutIds,
} from '../../test/test-app';
import WebSocket from 'ws';
import {
  cableUrl,
  isBroadcast,
  notificationsIdentifier,
  openCable,
  type RawCable,
} from './cable-test-client';

/** This file's own channels on the shared Redis: test files run at once must not hear each other. */
const namespace = `fitcoach-test:${randomUUID()}:`;

let t: TestApp;
let workoutId: number;
let otherWorkoutId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { client } = await member(t);
  [workoutId, otherWorkoutId] = (await libraryWorkoutIds(client, 2)) as [number, number];
});
afterAll(async () => {
  await t.close();
});

async function subscribed(cable: RawCable, identifier = notificationsIdentifier) {
  await cable.ofType('welcome');
  cable.send({ command: 'subscribe', identifier });
  return cable.next((f) => f.identifier === identifier && typeof f.type === 'string');
}

describe('/cable handshake', () => {
  it('welcomes a signed-in member on the actioncable-v1-json subprotocol', async () => {
    const { client } = await member(t);
    const cable = await openCable(t.app, client);
    expect(cable.ws.protocol).toBe('actioncable-v1-json');
    expect(await cable.ofType('welcome')).toEqual({ type: 'welcome' });
    cable.close();
  });

  it('tells a visitor without a session they are unauthorized, and closes', async () => {
    const cable = await openCable(t.app, null);
    expect(await cable.ofType('disconnect')).toEqual({
      type: 'disconnect',
      reason: 'unauthorized',
      reconnect: false,
    });
    await cable.closed;
    expect(cable.frames.some((f) => f.type === 'welcome')).toBe(false);
  });

  it('survives an oversized frame from a socket it is refusing', async () => {
    const { url, origin } = cableUrl(t.app);
    const ws = new WebSocket(url, ['actioncable-v1-json'], { headers: { origin } });
    // Sent the moment the refusal arrives, while the server still reads the socket.
    ws.once('message', () => ws.send('x'.repeat(70 * 1024)));
    ws.on('error', () => {});
    await new Promise((resolve) => ws.once('close', resolve));
    // The server is still up and serving.
    const { client } = await member(t);
    const next = await openCable(t.app, client);
    expect(await next.ofType('welcome')).toEqual({ type: 'welcome' });
    next.close();
  });

  it('closes a signed-in socket that sends a frame over 64 KB', async () => {
    const { client } = await member(t);
    const cable = await openCable(t.app, client);
    await cable.ofType('welcome');
    cable.ws.send(JSON.stringify({ command: 'subscribe', identifier: 'x'.repeat(70 * 1024) }));
    expect((await cable.closed).code).toBe(1009);
  });

  it('refuses a forged session cookie like no cookie at all', async () => {
    const { client } = await member(t);
    client.cookies.set('fitcoach_session', 'x'.repeat(43));
    const cable = await openCable(t.app, client);
    expect((await cable.ofType('disconnect')).reason).toBe('unauthorized');
  });

  it('refuses the handshake from another origin, or without one', async () => {
    const { client } = await member(t);
    await expect(openCable(t.app, client, { origin: 'https://evil.example' })).rejects.toThrow(
      'handshake refused: 403',
    );
    await expect(openCable(t.app, client, { origin: null })).rejects.toThrow(
      'handshake refused: 403',
    );
  });

  it('asks a client without the Action Cable subprotocol to go away', async () => {
    const { client } = await member(t);
    const cable = await openCable(t.app, client, { protocols: [] });
    expect(await cable.ofType('disconnect')).toMatchObject({
      reason: 'invalid_request',
      reconnect: false,
    });
  });

  it('answers a plain GET /cable with 426 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/cable' });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toMatchObject({ error: 'upgrade_required' });
  });
});

describe('/cable commands', () => {
  it('tells both members’ pages when a request is sent, and again when it is cancelled', async () => {
    const alice = await member(t);
    const bob = await member(t);
    const bobCable = await openCable(t.app, bob.client);
    await subscribed(bobCable);
    const aliceCable = await openCable(t.app, alice.client);
    await subscribed(aliceCable);
    const changed = (cable: RawCable, after: number) =>
      cable.next(
        (f) =>
          (f.message as { type?: string } | undefined)?.type === 'relationships.changed' &&
          cable.frames.indexOf(f) >= after,
      );

    const asked = await alice.client.post('/api/profile/add_friend', { friend_id: bob.user.id });
    expect(asked.statusCode).toBe(200);
    const first = await changed(bobCable, 0);
    expect(first.message).toEqual({ type: 'relationships.changed' });
    await changed(aliceCable, 0);

    // Cancelled by the asker: the other member's open list must drop the request.
    const mark = bobCable.frames.length;
    const cancelled = await alice.client.request('DELETE', `/api/friends/${bob.user.id}`);
    expect(cancelled.statusCode).toBe(200);
    await changed(bobCable, mark);
    bobCable.close();
    aliceCable.close();
  });

  it('confirms NotificationsChannel and delivers a share as it happens', async () => {
    const alice = await member(t, { name: 'Alice Sharer' });
    const bob = await member(t);
    await befriend(t, alice.user.id, bob.user.id);
    const cable = await openCable(t.app, bob.client);
    expect(await subscribed(cable)).toEqual({
      identifier: notificationsIdentifier,
      type: 'confirm_subscription',
    });

    const shared = await alice.client.post('/api/workout/share_workout', {
      friend_id: bob.user.id,
      workout_id: workoutId,
    });
    expect(shared.statusCode).toBe(200);
    const frame = await cable.next((f) => isBroadcast(f));
    expect(frame.identifier).toBe(notificationsIdentifier);
    expect(frame.message).toMatchObject({
      type: 'notification.created',
      notification: {
        kind: 'workout_shared',
        title: 'Alice Sharer shared a workout with you',
        link: `/workouts/${workoutId}`,
        actor: { id: alice.user.id, name: 'Alice Sharer' },
      },
    });
    // Alice's own stream heard nothing of it.
    const aliceCable = await openCable(t.app, alice.client);
    await subscribed(aliceCable);
    await alice.client.post('/api/workout/share_workout', {
      friend_id: bob.user.id,
      workout_id: otherWorkoutId,
    });
    await cable.next(
      (f) => isBroadcast(f) && cable.frames.indexOf(f) > cable.frames.indexOf(frame),
    );
    expect(aliceCable.frames.filter((f) => isBroadcast(f))).toEqual([]);
    cable.close();
    aliceCable.close();
  });

  it('rejects an unknown channel and another member’s stream', async () => {
    const { client } = await member(t);
    const cable = await openCable(t.app, client);
    const unknown = JSON.stringify({ channel: 'NoSuchChannel' });
    expect(await subscribed(cable, unknown)).toEqual({
      identifier: unknown,
      type: 'reject_subscription',
    });
    const someoneElse = JSON.stringify({ channel: 'NotificationsChannel', user_id: 1 });
    expect((await subscribed(cable, someoneElse)).type).toBe('reject_subscription');
    // The connection is still good for a proper subscription.
    expect((await subscribed(cable)).type).toBe('confirm_subscription');
    cable.close();
  });

  it('stops delivering after unsubscribe; unknown actions are ignored', async () => {
    const admin = await member(t);
    await t.database.db.execute(
      `update users set role = 'admin' where id = ${admin.user.id}` as never,
    );
    const { client } = await member(t);
    const cable = await openCable(t.app, client);
    await subscribed(cable);
    cable.send({
      command: 'message',
      identifier: notificationsIdentifier,
      data: JSON.stringify({ action: 'no_such_action' }),
    });
    const first = await admin.client.post('/api/notifications/announcements', {
      title: 'Gym closed Monday',
    });
    expect(first.statusCode).toBe(201);
    const heard = await cable.next((f) => isBroadcast(f));
    expect(heard.message).toMatchObject({
      type: 'notification.created',
      notification: { kind: 'announcement', title: 'Gym closed Monday' },
    });

    cable.send({ command: 'unsubscribe', identifier: notificationsIdentifier });
    // A fresh subscription on a second socket proves the next broadcast went out.
    const witness = await openCable(t.app, client);
    await subscribed(witness);
    await admin.client.post('/api/notifications/announcements', { title: 'Open again Tuesday' });
    await witness.next((f) => isBroadcast(f));
    expect(cable.frames.filter((f) => isBroadcast(f))).toHaveLength(1);
    expect(cable.ws.readyState).toBe(cable.ws.OPEN);
    cable.close();
    witness.close();
  });

  it.each([
    ['bad JSON', '{"command": "subscribe", '],
    ['an unknown command', { command: 'launch', identifier: notificationsIdentifier }],
    ['an identifier that is not JSON', { command: 'subscribe', identifier: 'Notifications' }],
    ['an identifier without a channel', { command: 'subscribe', identifier: '{"room":1}' }],
    [
      'message data that is not an object',
      { command: 'message', identifier: notificationsIdentifier, data: '[1]' },
    ],
  ])('disconnects a client that sends %s (invalid_request, no reconnect)', async (_, frame) => {
    const { client } = await member(t);
    const cable = await openCable(t.app, client);
    await cable.ofType('welcome');
    cable.send(frame);
    expect(await cable.ofType('disconnect')).toEqual({
      type: 'disconnect',
      reason: 'invalid_request',
      reconnect: false,
    });
    await cable.closed;
  });

  it('pings every 3 seconds with the server time', async () => {
    const { client } = await member(t);
    const cable = await openCable(t.app, client);
    const first = await cable.ofType('ping', 4000);
    const second = await cable.next(
      (f) =>
        f.type === 'ping' && f !== first && cable.frames.indexOf(f) > cable.frames.indexOf(first),
      4000,
    );
    const gap = (second.message as number) - (first.message as number);
    expect(gap).toBeGreaterThanOrEqual(2);
    expect(gap).toBeLessThanOrEqual(4);
    expect(Math.abs((first.message as number) - Date.now() / 1000)).toBeLessThan(10);
    cable.close();
  }, 10_000);

  it('closes the sockets of a session that signs out', async () => {
    const { client } = await member(t);
    const cable = await openCable(t.app, client);
    await subscribed(cable);
    expect((await client.delete('/api/auth/sign_out')).statusCode).toBeLessThan(300);
    expect(await cable.ofType('disconnect')).toMatchObject({ reason: 'unauthorized' });
    await cable.closed;
  });
});

describe('/cable on shutdown', () => {
  it('tells every client to reconnect when the server stops', async () => {
    const other = await createTestApp({}, { database: t.database });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const { client } = await member(other);
    const cable = await openCable(other.app, client);
    await subscribed(cable);
    const closing = other.close();
    expect(await cable.ofType('disconnect')).toEqual({
      type: 'disconnect',
      reason: 'server_restart',
      reconnect: true,
    });
    await cable.closed;
    await closing;
  });
});

const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  describe('/cable across two servers on Redis', () => {
    it('a broadcast on one node reaches a subscriber on the other', async () => {
      const [pubA, pubB] = await Promise.all([
        createRedisPubSub(redisUrl, namespace),
        createRedisPubSub(redisUrl, namespace),
      ]);
      const a = await createTestApp({}, { database: t.database, pubsub: pubA });
      const b = await createTestApp({}, { database: t.database, pubsub: pubB });
      try {
        await a.app.listen({ port: 0, host: '127.0.0.1' });
        await b.app.listen({ port: 0, host: '127.0.0.1' });
        const sharer = await member(a, { name: 'Node A Member' });
        const friend = await member(b);
        await befriend(a, sharer.user.id, friend.user.id);
        const cable = await openCable(b.app, friend.client);
        await subscribed(cable);
        // Shared through node A's API; the subscriber is connected to node B.
        await sharer.client.post('/api/workout/share_workout', {
          friend_id: friend.user.id,
          workout_id: workoutId,
        });
        const frame = await cable.next((f) => isBroadcast(f));
        expect(frame.message).toMatchObject({
          type: 'notification.created',
          notification: { actor: { name: 'Node A Member' } },
        });
        cable.close();

        // Leaving and coming straight back (a remount) must not lose the stream on node B:
        // the unsubscribe and the new subscribe reach Redis in order.
        const again = await openCable(b.app, friend.client);
        await subscribed(again);
        again.send({ command: 'unsubscribe', identifier: notificationsIdentifier });
        again.send({ command: 'subscribe', identifier: notificationsIdentifier });
        await again.next(
          (f) =>
            f.type === 'confirm_subscription' &&
            again.frames.filter((x) => x.type === 'confirm_subscription').length === 2,
        );
        await sharer.client.post('/api/workout/share_workout', {
          friend_id: friend.user.id,
          workout_id: otherWorkoutId,
        });
        expect((await again.next((f) => isBroadcast(f))).message).toMatchObject({
          type: 'notification.created',
        });
        again.close();
      } finally {
        await a.close();
        await b.close();
        await Promise.all([pubA.close(), pubB.close()]);
      }
    });
  });
}
