// The official @rails/actioncable consumer (what the web app runs) against /cable, in Node:
// the browser's WebSocket is `ws` carrying the member's cookie and the page's Origin.
import type { AddressInfo } from 'node:net';
import { adapters, createConsumer, type Consumer } from '@rails/actioncable';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  befriend,
  createTestApp,
  member,
  TestClient,
  type TestApp,
  libraryWorkoutId,
} from '../../test/test-app';
import { cableUrl, cookieHeader } from './cable-test-client';

// The library listens for page visibility on the global object; Node has no such events.
const g = globalThis as unknown as Record<string, unknown>;
g.addEventListener ??= () => {};
g.removeEventListener ??= () => {};

let t: TestApp;
let workoutId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { client } = await member(t);
  workoutId = await libraryWorkoutId(client);
});
afterAll(async () => {
  await t.close();
});

/** A consumer as a signed-in page on the server's origin would make it. */
function consumerFor(app: TestApp['app'], cookie: string): Consumer {
  const { url, origin } = cableUrl(app);
  adapters.WebSocket = class extends WebSocket {
    constructor(address: string, protocols: string[]) {
      super(address, protocols, { headers: { cookie, origin } });
    }
  } as unknown as typeof adapters.WebSocket;
  return createConsumer(url);
}

function waitFor<T>(register: (done: (value: T) => void) => void, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

describe('@rails/actioncable consumer', () => {
  it('subscribes to NotificationsChannel and receives a share', async () => {
    const alice = await member(t, { name: 'Alice Consumer' });
    const bob = await member(t);
    await befriend(t, alice.user.id, bob.user.id);
    const consumer = consumerFor(t.app, cookieHeader(bob.client));
    const received: unknown[] = [];
    let onReceived: ((value: unknown) => void) | null = null;
    await waitFor<void>((done) => {
      consumer.subscriptions.create(
        { channel: 'NotificationsChannel' },
        {
          connected: () => done(),
          received: (data: unknown) => {
            received.push(data);
            onReceived?.(data);
          },
        },
      );
    }, 5000);
    const arrived = waitFor<unknown>((done) => (onReceived = done), 5000);
    await alice.client.post('/api/workout/share_workout', {
      friend_id: bob.user.id,
      workout_id: workoutId,
    });
    expect(await arrived).toMatchObject({
      type: 'notification.created',
      notification: { title: 'Alice Consumer shared a workout with you' },
    });
    consumer.disconnect();
  });

  it('is rejected for a channel that does not exist', async () => {
    const bob = await member(t);
    const consumer = consumerFor(t.app, cookieHeader(bob.client));
    await waitFor<void>((done) => {
      consumer.subscriptions.create({ channel: 'NoSuchChannel' }, { rejected: () => done() });
    }, 5000);
    consumer.disconnect();
  });

  it('reopens and resubscribes by itself after the server restarts', async () => {
    const node = await createTestApp({}, { database: t.database });
    await node.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = node.app.server.address() as AddressInfo;
    const alice = await member(node, { name: 'Alice Restart' });
    const bob = await member(node);
    await befriend(node, alice.user.id, bob.user.id);
    const consumer = consumerFor(node.app, cookieHeader(bob.client));
    const events: string[] = [];
    let notify: (() => void) | null = null;
    let onMessage: ((value: unknown) => void) | null = null;
    consumer.subscriptions.create(
      { channel: 'NotificationsChannel' },
      {
        connected: () => {
          events.push('connected');
          notify?.();
        },
        disconnected: ({ willAttemptReconnect }: { willAttemptReconnect: boolean }) => {
          events.push(`disconnected:${willAttemptReconnect}`);
          notify?.();
        },
        received: (data: unknown) => onMessage?.(data),
      },
    );
    const until = (want: (e: string[]) => boolean, ms: number) =>
      waitFor<void>((done) => {
        notify = () => {
          if (want(events)) done();
        };
        notify();
      }, ms);
    await until((e) => e.includes('connected'), 5000);

    // The server goes down (clients are told server_restart, reconnect) and comes back.
    await node.close();
    await until((e) => e.includes('disconnected:true'), 5000);
    const again = await createTestApp({}, { database: t.database });
    try {
      await again.app.listen({ port, host: '127.0.0.1' });
      // The library reopens a connection silent for 6 s, then resubscribes.
      await until((e) => e.filter((x) => x === 'connected').length === 2, 30_000);
      // Alice, still signed in, shares through the new process; Bob hears it live.
      const aliceAgain = new TestClient(again.app);
      for (const [k, v] of alice.client.cookies) aliceAgain.cookies.set(k, v);
      aliceAgain.csrfToken = alice.client.csrfToken;
      const arrived = waitFor<unknown>((done) => (onMessage = done), 5000);
      const shared = await aliceAgain.post('/api/workout/share_workout', {
        friend_id: bob.user.id,
        workout_id: workoutId,
      });
      expect(shared.statusCode).toBe(200);
      expect(await arrived).toMatchObject({
        notification: { title: 'Alice Restart shared a workout with you' },
      });
      consumer.disconnect();
    } finally {
      await again.close();
    }
  }, 45_000);
});
