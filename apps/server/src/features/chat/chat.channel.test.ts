import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, or } from 'drizzle-orm';
import { friendships, memberBlocks } from '../../db/schema/social';
import { createRedisPubSub } from '../../lib/pubsub';
import { openCable, type RawCable } from '../../plugins/cable/cable-test-client';
import { befriend, createTestApp, member, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ CHAT_NOTIFY_DELAY_MS: '600000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

const chatWith = (friendId: number | string) =>
  JSON.stringify({ channel: 'ChatChannel', friend_id: friendId });
const ownUnread = JSON.stringify({ channel: 'ChatChannel' });

async function subscribe(cable: RawCable, identifier: string) {
  await cable.ofType('welcome');
  cable.send({ command: 'subscribe', identifier });
  const answer = await cable.next((f) => f.identifier === identifier && typeof f.type === 'string');
  return answer.type;
}

/** The next event of a subscription whose message matches. */
function event(cable: RawCable, identifier: string, type: string) {
  return cable.next(
    (f) =>
      f.identifier === identifier &&
      typeof f.message === 'object' &&
      f.message !== null &&
      (f.message as { type?: unknown }).type === type,
  );
}

function eventsOf(cable: RawCable, identifier: string, type: string) {
  return cable.frames.filter(
    (f) =>
      f.identifier === identifier && (f.message as { type?: unknown } | undefined)?.type === type,
  );
}

async function friendsOnline(app: TestApp = t, other: TestApp = app) {
  const a = await member(app, { name: 'Ana' });
  const b = await member(other, { name: 'Kim' });
  await befriend(app, a.user.id, b.user.id);
  const aCable = await openCable(app.app, a.client);
  const bCable = await openCable(other.app, b.client);
  expect(await subscribe(aCable, chatWith(b.user.id))).toBe('confirm_subscription');
  expect(await subscribe(bCable, chatWith(a.user.id))).toBe('confirm_subscription');
  return { a, b, aCable, bCable };
}

describe('ChatChannel', () => {
  it('refuses ids past PostgreSQL integers without a failed query (no error logged)', async () => {
    const a = await member(t, { name: 'Ana' });
    const cable = await openCable(t.app, a.client);
    const errors = vi.spyOn(t.app.log, 'error');
    try {
      for (const id of [2_147_483_648, 99_999_999_999, Number.MAX_SAFE_INTEGER]) {
        expect(await subscribe(cable, chatWith(id))).toBe('reject_subscription');
      }
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      cable.close();
    }
  });

  it('delivers a message live to both sides, and the unread count to the recipient', async () => {
    const { a, b, aCable, bCable } = await friendsOnline();
    expect(await subscribe(bCable, ownUnread)).toBe('confirm_subscription');
    const sent = await a.client.post(`/api/chat/${b.user.id}/messages`, { body: 'hi <b>Kim</b>' });
    expect(sent.statusCode).toBe(201);
    const heard = await event(bCable, chatWith(a.user.id), 'message');
    expect(heard.message).toEqual({ type: 'message', message: sent.json() });
    await event(aCable, chatWith(b.user.id), 'message');
    const unread = await event(bCable, ownUnread, 'unread');
    expect(unread.message).toEqual({
      type: 'unread',
      unread: { total: 1, by_friend: [{ friend_id: a.user.id, count: 1 }] },
    });
    aCable.close();
    bCable.close();
  });

  it('relays typing to the other side, at most once per interval', async () => {
    const { a, b, aCable, bCable } = await friendsOnline();
    const typing = {
      command: 'message',
      identifier: chatWith(b.user.id),
      data: '{"action":"typing"}',
    };
    aCable.send(typing);
    aCable.send(typing);
    aCable.send(typing);
    const heard = await event(bCable, chatWith(a.user.id), 'typing');
    expect(heard.message).toEqual({ type: 'typing', user_id: a.user.id });
    // A message broadcast after the typing frames arrives after any relays of them.
    await b.client.post(`/api/chat/${a.user.id}/messages`, { body: 'I see you typing' });
    await event(bCable, chatWith(a.user.id), 'message');
    expect(eventsOf(bCable, chatWith(a.user.id), 'typing')).toHaveLength(1);
    // Nothing was stored.
    const page = await b.client.get(`/api/chat/${a.user.id}/messages`);
    expect(page.json<{ items: unknown[] }>().items).toHaveLength(1);
    aCable.close();
    bCable.close();
  });

  it('tells the sender when their messages are read (the read receipt)', async () => {
    const { a, b, aCable, bCable } = await friendsOnline();
    expect(await subscribe(bCable, ownUnread)).toBe('confirm_subscription');
    const sent = await a.client.post(`/api/chat/${b.user.id}/messages`, { body: 'read me' });
    const id = sent.json<{ id: number }>().id;
    await event(bCable, ownUnread, 'unread');
    await b.client.post(`/api/chat/${a.user.id}/read`, { up_to_id: id });
    const receipt = await event(aCable, chatWith(b.user.id), 'read');
    expect(receipt.message).toEqual({ type: 'read', reader_id: b.user.id, up_to_id: id });
    // B's other tabs hear the badge go down.
    await bCable.next(
      (f) =>
        f.identifier === ownUnread &&
        (f.message as { unread?: { total: number } } | undefined)?.unread?.total === 0,
    );
    aCable.close();
    bCable.close();
  });

  it('refuses a subscription to a non-friend, a blocked friend, yourself or a bad id', async () => {
    const a = await member(t);
    const stranger = await member(t);
    const blocked = await member(t);
    await befriend(t, a.user.id, blocked.user.id);
    await t.database.db
      .insert(memberBlocks)
      .values({ blockerId: blocked.user.id, blockedId: a.user.id });
    const cable = await openCable(t.app, a.client);
    for (const id of [stranger.user.id, blocked.user.id, a.user.id, 2_000_000_000, '1', -3, 1.5]) {
      expect(await subscribe(cable, chatWith(id)), String(id)).toBe('reject_subscription');
    }
    // The connection is still good.
    expect(await subscribe(cable, ownUnread)).toBe('confirm_subscription');
    cable.close();
  });

  it('ends an open chat at once when they stop being friends, and refuses the next send', async () => {
    const { a, b, aCable, bCable } = await friendsOnline();
    await t.database.db
      .delete(friendships)
      .where(
        or(
          and(eq(friendships.userId, a.user.id), eq(friendships.friendId, b.user.id)),
          and(eq(friendships.userId, b.user.id), eq(friendships.friendId, a.user.id)),
        ),
      );
    t.app.ctx.changes.emit({ kind: 'relationship', userIds: [b.user.id, a.user.id] });
    expect(await aCable.next((f) => f.type === 'reject_subscription')).toEqual({
      identifier: chatWith(b.user.id),
      type: 'reject_subscription',
    });
    await bCable.next((f) => f.type === 'reject_subscription');
    const res = await a.client.post(`/api/chat/${b.user.id}/messages`, { body: 'still there?' });
    expect(res.statusCode).toBe(403);
    // Typing on the ended subscription reaches nobody; the sockets stay open.
    aCable.send({
      command: 'message',
      identifier: chatWith(b.user.id),
      data: '{"action":"typing"}',
    });
    expect(aCable.ws.readyState).toBe(aCable.ws.OPEN);
    // And subscribing again is refused.
    aCable.send({ command: 'subscribe', identifier: chatWith(b.user.id) });
    await aCable.next(
      (f) =>
        f.type === 'reject_subscription' &&
        aCable.frames.filter((x) => x.type === 'reject_subscription').length === 2,
    );
    expect(eventsOf(bCable, chatWith(a.user.id), 'typing')).toHaveLength(0);
    aCable.close();
    bCable.close();
  });

  it('ends an open chat when either one blocks the other', async () => {
    const { a, b, aCable, bCable } = await friendsOnline();
    // Another friend's chat on the same socket is not touched.
    const c = await member(t);
    await befriend(t, a.user.id, c.user.id);
    expect(await subscribe(aCable, chatWith(c.user.id))).toBe('confirm_subscription');
    await t.database.db.insert(memberBlocks).values({ blockerId: b.user.id, blockedId: a.user.id });
    t.app.ctx.changes.emit({ kind: 'relationship', userIds: [b.user.id, a.user.id] });
    await aCable.next((f) => f.type === 'reject_subscription');
    await bCable.next((f) => f.type === 'reject_subscription');
    expect((await a.client.post(`/api/chat/${b.user.id}/messages`, { body: 'x' })).statusCode).toBe(
      403,
    );
    await c.client.post(`/api/chat/${a.user.id}/messages`, { body: 'still friends' });
    expect((await event(aCable, chatWith(c.user.id), 'message')).message).toMatchObject({
      message: { body: 'still friends' },
    });
    expect(aCable.frames.filter((f) => f.type === 'reject_subscription')).toHaveLength(1);
    aCable.close();
    bCable.close();
  });

  it('keeps an open chat when a relationship change leaves them friends', async () => {
    const { a, b, aCable, bCable } = await friendsOnline();
    t.app.ctx.changes.emit({ kind: 'relationship', userIds: [a.user.id, b.user.id] });
    // Pending unread checks would hold settled() for their whole delay: run them now.
    await t.app.chatNotifier.flush();
    await t.app.ctx.changes.settled();
    await a.client.post(`/api/chat/${b.user.id}/messages`, { body: 'still here' });
    await event(bCable, chatWith(a.user.id), 'message');
    expect(bCable.frames.some((f) => f.type === 'reject_subscription')).toBe(false);
    aCable.close();
    bCable.close();
  });
});

const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  describe('ChatChannel across two servers on Redis', () => {
    it('delivers between nodes and ends chats on the other node', async () => {
      const namespace = `fitcoach-test:${randomUUID()}:`;
      const [pubA, pubB] = await Promise.all([
        createRedisPubSub(redisUrl, namespace),
        createRedisPubSub(redisUrl, namespace),
      ]);
      const nodeA = await createTestApp({}, { database: t.database, pubsub: pubA });
      const nodeB = await createTestApp({}, { database: t.database, pubsub: pubB });
      try {
        await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
        await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
        const { a, b, aCable, bCable } = await friendsOnline(nodeA, nodeB);
        await a.client.post(`/api/chat/${b.user.id}/messages`, { body: 'across nodes' });
        expect((await event(bCable, chatWith(a.user.id), 'message')).message).toMatchObject({
          message: { body: 'across nodes' },
        });
        aCable.send({
          command: 'message',
          identifier: chatWith(b.user.id),
          data: '{"action":"typing"}',
        });
        await event(bCable, chatWith(a.user.id), 'typing');
        // Blocked through node A; B's socket is on node B.
        await nodeA.database.db
          .insert(memberBlocks)
          .values({ blockerId: a.user.id, blockedId: b.user.id });
        nodeA.app.ctx.changes.emit({ kind: 'relationship', userIds: [a.user.id, b.user.id] });
        await bCable.next((f) => f.type === 'reject_subscription');
        aCable.close();
        bCable.close();
      } finally {
        await nodeA.close();
        await nodeB.close();
        await Promise.all([pubA.close(), pubB.close()]);
      }
    });
  });
}
