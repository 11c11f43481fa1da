import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, or } from 'drizzle-orm';
import { CHAT_MESSAGE_MAX } from '@fitcoach/shared/chat';
import { friendships, memberBlocks } from '../../db/schema/social';
import { befriend, createTestApp, member, type TestApp } from '../../test/test-app';

let t: TestApp;

// A long delay: the tests run the notifier's pending checks themselves (`flush`), so whether a
// notification is made never depends on how fast the machine is.
beforeAll(async () => {
  t = await createTestApp({ CHAT_NOTIFY_DELAY_MS: '600000' });
});
afterAll(async () => {
  await t.close();
});

interface Message {
  id: number;
  sender_id: number;
  recipient_id: number;
  body: string;
  read_at: string | null;
}
interface Page {
  items: Message[];
  next_cursor: string | null;
}

async function friends(nameA = 'Ana', nameB = 'Kim') {
  const a = await member(t, { name: nameA });
  const b = await member(t, { name: nameB });
  await befriend(t, a.user.id, b.user.id);
  return { a, b };
}

/** Unfriends the way the friends feature does: both rows gone, the change announced. */
async function unfriend(x: number, y: number) {
  await t.database.db
    .delete(friendships)
    .where(
      or(
        and(eq(friendships.userId, x), eq(friendships.friendId, y)),
        and(eq(friendships.userId, y), eq(friendships.friendId, x)),
      ),
    );
  t.app.ctx.changes.emit({ kind: 'relationship', userIds: [x, y] });
}

async function block(blocker: number, blocked: number) {
  await t.database.db.insert(memberBlocks).values({ blockerId: blocker, blockedId: blocked });
  t.app.ctx.changes.emit({ kind: 'relationship', userIds: [blocker, blocked] });
}

async function chatNotifications(client: { get(url: string): Promise<{ json<T>(): T }> }) {
  const page = await client.get('/api/notifications');
  return page
    .json<{ items: { kind: string; link: string | null; title: string; body: string }[] }>()
    .items.filter((n) => n.kind === 'chat_message');
}

describe('chat between friends', () => {
  it('sends, lists newest first and pages back with a cursor', async () => {
    const { a, b } = await friends();
    for (let i = 1; i <= 5; i += 1) {
      const sender = i % 2 ? a : b;
      const other = i % 2 ? b : a;
      const res = await sender.client.post(`/api/chat/${other.user.id}/messages`, {
        body: `  message ${i}\n`,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json<Message>()).toMatchObject({
        body: `message ${i}`,
        sender_id: sender.user.id,
        recipient_id: other.user.id,
        read_at: null,
      });
    }
    const first = (await a.client.get(`/api/chat/${b.user.id}/messages?limit=2`)).json<Page>();
    expect(first.items.map((m) => m.body)).toEqual(['message 5', 'message 4']);
    expect(first).toMatchObject({ friend: { id: b.user.id, name: 'Kim' } });
    expect(first.next_cursor).not.toBeNull();
    const second = (
      await a.client.get(`/api/chat/${b.user.id}/messages?limit=2&before=${first.next_cursor}`)
    ).json<Page>();
    expect(second.items.map((m) => m.body)).toEqual(['message 3', 'message 2']);
    const last = (
      await b.client.get(`/api/chat/${a.user.id}/messages?limit=2&before=${second.next_cursor}`)
    ).json<Page>();
    expect(last.items.map((m) => m.body)).toEqual(['message 1']);
    expect(last.next_cursor).toBeNull();
    // Another conversation of Ana's stays apart.
    const c = await member(t);
    await befriend(t, a.user.id, c.user.id);
    await c.client.post(`/api/chat/${a.user.id}/messages`, { body: 'other chat' });
    const again = (await a.client.get(`/api/chat/${b.user.id}/messages`)).json<Page>();
    expect(again.items.map((m) => m.body)).not.toContain('other chat');
  });

  it('stores the text as it is: markup stays text', async () => {
    const { a, b } = await friends();
    const body = '<script>alert(1)</script> <b>bold</b> &amp; https://example.org/?a=1&b=2';
    const res = await a.client.post(`/api/chat/${b.user.id}/messages`, { body });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toContain('application/json');
    const page = (await b.client.get(`/api/chat/${a.user.id}/messages`)).json<Page>();
    expect(page.items[0]!.body).toBe(body);
  });

  it('takes 4,000 characters and refuses 4,001, empty text and control characters', async () => {
    const { a, b } = await friends();
    const url = `/api/chat/${b.user.id}/messages`;
    expect((await a.client.post(url, { body: 'x'.repeat(CHAT_MESSAGE_MAX) })).statusCode).toBe(201);
    const long = await a.client.post(url, { body: 'x'.repeat(CHAT_MESSAGE_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      error: 'validation_failed',
      issues: [{ path: 'body', message: 'Use at most 4000 characters.' }],
    });
    for (const body of ['', '   \n\t ', 'a\u0000b', 'bell\u0007', 'esc\u001b[31m', 'c1\u0085']) {
      const res = await a.client.post(url, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
    expect((await a.client.post(url, { body: 42 })).statusCode).toBe(400);
    expect((await a.client.post(url, {})).statusCode).toBe(400);
    // Tabs and new lines are text; a Windows line end is a new line.
    const ok = await a.client.post(url, { body: 'one\ttwo\r\nthree' });
    expect(ok.json<Message>().body).toBe('one\ttwo\nthree');
  });

  it('needs a session and a CSRF token', async () => {
    const { a, b } = await friends();
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/chat/${b.user.id}/messages` });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/chat/unread' })).statusCode).toBe(401);
    const res = await a.client.post(
      `/api/chat/${b.user.id}/messages`,
      { body: 'hi' },
      { csrf: false },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('who may chat', () => {
  it('refuses non-friends, a pending request, yourself and unknown or bad ids', async () => {
    const a = await member(t);
    const stranger = await member(t);
    const send = (id: number | string) =>
      a.client.post(`/api/chat/${id}/messages`, { body: 'hello' });
    const res = await send(stranger.user.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'forbidden', message: 'You can only message friends.' });
    expect((await a.client.get(`/api/chat/${stranger.user.id}/messages`)).statusCode).toBe(403);
    expect(
      (await a.client.post(`/api/chat/${stranger.user.id}/read`, { up_to_id: 1 })).statusCode,
    ).toBe(403);
    // A request not accepted yet is not a friendship.
    await t.database.db
      .insert(friendships)
      .values({ userId: a.user.id, friendId: stranger.user.id, status: 'pending' });
    expect((await send(stranger.user.id)).statusCode).toBe(403);
    expect((await send(a.user.id)).statusCode).toBe(403);
    const missing = await send(2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'not_found' });
    for (const bad of ['abc', '0', '-1', '1e3', '99999999999', '%00']) {
      expect((await send(bad)).statusCode, bad).toBe(400);
    }
    expect((await a.client.get(`/api/chat/${a.user.id}/messages?before=nonsense`)).statusCode).toBe(
      400,
    );
    expect((await a.client.get(`/api/chat/${a.user.id}/messages?limit=1000`)).statusCode).toBe(400);
  });

  it('stops at once when either one blocks the other, or they stop being friends', async () => {
    const { a, b } = await friends();
    expect(
      (await a.client.post(`/api/chat/${b.user.id}/messages`, { body: 'hi' })).statusCode,
    ).toBe(201);
    await block(b.user.id, a.user.id);
    expect(
      (await a.client.post(`/api/chat/${b.user.id}/messages`, { body: 'hi' })).statusCode,
    ).toBe(403);
    expect(
      (await b.client.post(`/api/chat/${a.user.id}/messages`, { body: 'hi' })).statusCode,
    ).toBe(403);
    // Blocked messages stop counting as unread.
    expect((await b.client.get('/api/chat/unread')).json()).toEqual({ total: 0, by_friend: [] });

    const other = await friends();
    await unfriend(other.a.user.id, other.b.user.id);
    const res = await other.b.client.post(`/api/chat/${other.a.user.id}/messages`, { body: 'x' });
    expect(res.statusCode).toBe(403);
  });
});

describe('reading and unread counts', () => {
  it('counts per friend, marks read up to an id, and never reads the other side', async () => {
    const { a, b } = await friends();
    const c = await member(t);
    await befriend(t, b.user.id, c.user.id);
    const ids: number[] = [];
    for (const body of ['one', 'two', 'three']) {
      ids.push(
        (await a.client.post(`/api/chat/${b.user.id}/messages`, { body })).json<Message>().id,
      );
    }
    await c.client.post(`/api/chat/${b.user.id}/messages`, { body: 'from c' });
    // B's own message to A is not B's unread.
    await b.client.post(`/api/chat/${a.user.id}/messages`, { body: 'reply' });
    expect((await b.client.get('/api/chat/unread')).json()).toEqual({
      total: 4,
      by_friend: [
        { friend_id: a.user.id, count: 3 },
        { friend_id: c.user.id, count: 1 },
      ].sort((x, y) => x.friend_id - y.friend_id),
    });
    const read = await b.client.post(`/api/chat/${a.user.id}/read`, { up_to_id: ids[1] });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ total: 2 });
    const page = (await a.client.get(`/api/chat/${b.user.id}/messages`)).json<Page>();
    const byBody = Object.fromEntries(page.items.map((m) => [m.body, m.read_at]));
    expect(byBody.one).not.toBeNull();
    expect(byBody.two).not.toBeNull();
    expect(byBody.three).toBeNull();
    expect(byBody.reply).toBeNull();
    // A reading "up to" B's ids marks only B's messages to A.
    await a.client.post(`/api/chat/${b.user.id}/read`, { up_to_id: 2_000_000_000 });
    expect((await b.client.get('/api/chat/unread')).json()).toMatchObject({ total: 2 });
    expect((await a.client.get('/api/chat/unread')).json()).toEqual({ total: 0, by_friend: [] });
    expect((await b.client.post(`/api/chat/${a.user.id}/read`, { up_to_id: 0 })).statusCode).toBe(
      400,
    );
  });
});

describe('notifications of unread messages', () => {
  it('tells the recipient once per conversation until they read it', async () => {
    const { a, b } = await friends('Nora Sender', 'Rita');
    await a.client.post(`/api/chat/${b.user.id}/messages`, { body: 'are you coming\nto the gym?' });
    await a.client.post(`/api/chat/${b.user.id}/messages`, { body: 'second' });
    await t.app.chatNotifier.flush();
    await t.app.ctx.changes.settled();
    const first = await chatNotifications(b.client);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      title: 'New message from Nora Sender',
      body: 'are you coming to the gym?',
      link: `/chat/${a.user.id}`,
    });
    // Still unread: a third message adds nothing.
    const third = await a.client.post(`/api/chat/${b.user.id}/messages`, { body: 'third' });
    await t.app.chatNotifier.flush();
    await t.app.ctx.changes.settled();
    expect(await chatNotifications(b.client)).toHaveLength(1);
    // Read: the next message is news again.
    await b.client.post(`/api/chat/${a.user.id}/read`, { up_to_id: third.json<Message>().id });
    await a.client.post(`/api/chat/${b.user.id}/messages`, { body: 'fourth' });
    await t.app.chatNotifier.flush();
    await t.app.ctx.changes.settled();
    expect(await chatNotifications(b.client)).toHaveLength(2);
    expect(await chatNotifications(a.client)).toHaveLength(0);
  });

  it('tells nobody of a message read while the chat was open', async () => {
    const { a, b } = await friends();
    const sent = await a.client.post(`/api/chat/${b.user.id}/messages`, { body: 'seen at once' });
    await b.client.post(`/api/chat/${a.user.id}/read`, { up_to_id: sent.json<Message>().id });
    await t.app.chatNotifier.flush();
    await t.app.ctx.changes.settled();
    expect(await chatNotifications(b.client)).toHaveLength(0);
  });

  it('notifies by itself once the delay has passed', async () => {
    const quick = await createTestApp({ CHAT_NOTIFY_DELAY_MS: '50' }, { database: t.database });
    try {
      const a = await member(quick);
      const b = await member(quick);
      await befriend(quick, a.user.id, b.user.id);
      await a.client.post(`/api/chat/${b.user.id}/messages`, { body: 'ping' });
      // settled() waits for the pending check: no flush here.
      await quick.app.ctx.changes.settled();
      expect(await chatNotifications(b.client)).toHaveLength(1);
    } finally {
      await quick.close();
    }
  });
});
