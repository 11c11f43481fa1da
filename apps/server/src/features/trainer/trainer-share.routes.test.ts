import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedTrainerThreadPage } from '@fitcoach/shared/feed';
import type {
  TrainerChatReply,
  TrainerThread,
  TrainerThreadDetail,
} from '@fitcoach/shared/trainer';
import { users } from '../../db/schema/accounts';
import { sharedTrainerThreads, trainerThreads } from '../../db/schema/coach';
import {
  befriend,
  createTestApp,
  member,
  type TestApp,
  type TestClient,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A member with a conversation of two questions, the trainer's cited replies and all. */
async function withThread(name = 'Thread Sharer') {
  const m = await member(t);
  await t.database.db.update(users).set({ name }).where(eq(users.id, m.user.id));
  const first = await m.client.post('/api/trainer/chat', {
    question: 'How much protein do I need per day to build muscle?',
  });
  expect(first.statusCode).toBe(200);
  const reply = first.json<TrainerChatReply>();
  expect(reply.citations.length).toBeGreaterThan(0);
  const second = await m.client.post('/api/trainer/chat', {
    question: 'How long should I rest between sets?',
    thread_id: reply.thread_id,
  });
  expect(second.statusCode).toBe(200);
  return { ...m, threadId: reply.thread_id };
}

const share = (client: TestClient, friend_id: unknown, thread_id: unknown) =>
  client.post('/api/trainer/share_thread', { friend_id, thread_id });

const sharedWithMe = async (client: TestClient) => {
  const res = await client.get('/api/shared/trainer_threads');
  expect(res.statusCode).toBe(200);
  return res.json<SharedTrainerThreadPage>().items;
};

describe('POST /api/trainer/share_thread', () => {
  it('shares once (idempotent), notifies the friend once, lists it and opens it read-only', async () => {
    const owner = await withThread();
    const friend = await member(t);
    await befriend(t, owner.user.id, friend.user.id);
    expect((await friend.client.get(`/api/trainer/threads/${owner.threadId}`)).statusCode).toBe(
      404,
    );

    for (let i = 0; i < 2; i++) {
      const res = await share(owner.client, friend.user.id, owner.threadId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'shared',
        message: 'Shared “How much protein do I need per day to build muscle?”.',
      });
    }
    const rows = await t.database.db
      .select()
      .from(sharedTrainerThreads)
      .where(eq(sharedTrainerThreads.threadId, owner.threadId));
    expect(rows).toHaveLength(1);

    const notes = (await friend.client.get('/api/notifications')).json<{
      items: { kind: string; title: string; body: string; link: string }[];
    }>();
    const told = notes.items.filter((n) => n.kind === 'trainer_thread_shared');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'Thread Sharer shared a conversation with the trainer with you',
      body: 'How much protein do I need per day to build muscle?',
      link: `/trainer/threads/${owner.threadId}`,
    });
    // The friend reads it in their own language.
    const spanish = await friend.client.request('GET', '/api/notifications', undefined, {
      headers: { 'accept-language': 'es' },
    });
    expect(
      spanish
        .json<{ items: { kind: string; title: string }[] }>()
        .items.find((n) => n.kind === 'trainer_thread_shared')?.title,
    ).toBe('Thread Sharer ha compartido contigo una conversación con el entrenador');

    const listed = await sharedWithMe(friend.client);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      from: { id: owner.user.id, name: 'Thread Sharer' },
      thread: {
        id: owner.threadId,
        title: 'How much protein do I need per day to build muscle?',
        question_count: 2,
      },
    });
    expect(listed[0]!.thread.persona_name).not.toBe('');

    const mine = (
      await owner.client.get(`/api/trainer/threads/${owner.threadId}`)
    ).json<TrainerThreadDetail>();
    expect(mine.is_mine).toBe(true);
    const opened = await friend.client.get(`/api/trainer/threads/${owner.threadId}`);
    expect(opened.statusCode).toBe(200);
    const read = opened.json<TrainerThreadDetail>();
    expect(read).toMatchObject({
      is_mine: false,
      owner: { id: owner.user.id, name: 'Thread Sharer' },
    });
    // The questions, the replies and the entries they cited, as the owner sees them.
    expect(read.messages).toEqual(mine.messages);
    expect(read.messages.map((m) => m.role)).toEqual(['member', 'trainer', 'member', 'trainer']);
    expect(read.messages[1]!.citations.length).toBeGreaterThan(0);

    // Read-only: the friend cannot share it on, rename it, delete it or add to it.
    const onward = await share(friend.client, owner.user.id, owner.threadId);
    expect(onward.statusCode).toBe(403);
    expect(onward.json()).toMatchObject({
      error: 'forbidden',
      message: 'Only the conversation’s owner can share it.',
    });
    // The friend reads it, so a change is refused as the owner's (403), not hidden (404).
    const renamed = await friend.client.request('PATCH', `/api/trainer/threads/${owner.threadId}`, {
      title: 'Mine now',
    });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json()).toMatchObject({
      error: 'forbidden',
      message: 'Only the conversation’s owner can change it.',
    });
    expect((await friend.client.delete(`/api/trainer/threads/${owner.threadId}`)).statusCode).toBe(
      403,
    );
    const added = await friend.client.post('/api/trainer/chat', {
      question: 'And creatine?',
      thread_id: owner.threadId,
    });
    expect(added.statusCode).toBe(404);
    // Nor is it one of the friend's own conversations.
    const theirs = (await friend.client.get('/api/trainer/threads')).json<{
      items: TrainerThread[];
    }>();
    expect(theirs.items.map((th) => th.id)).not.toContain(owner.threadId);
  });

  it('only to friends (a missing member answers the same), never yourself, only by the owner', async () => {
    const owner = await withThread();
    const friend = await member(t);
    const stranger = await member(t);
    await befriend(t, owner.user.id, friend.user.id);

    const toStranger = await share(owner.client, stranger.user.id, owner.threadId);
    expect(toStranger.statusCode).toBe(403);
    expect(toStranger.json()).toEqual({
      error: 'forbidden',
      message: 'You can only share a conversation with a friend.',
      issues: [{ path: 'friend_id', message: 'This member is not your friend.' }],
    });
    // A missing member answers as a non-friend does: sharing tells no one which ids exist.
    const toNobody = await share(owner.client, 99999999, owner.threadId);
    expect(toNobody.statusCode).toBe(403);
    expect(toNobody.json()).toEqual(toStranger.json());

    const toSelf = await share(owner.client, owner.user.id, owner.threadId);
    expect(toSelf.statusCode).toBe(422);
    expect(toSelf.json()).toMatchObject({
      issues: [{ path: 'friend_id', message: 'That is you.' }],
    });
    const spanish = await owner.client.request(
      'POST',
      '/api/trainer/share_thread',
      { friend_id: stranger.user.id, thread_id: owner.threadId },
      { headers: { 'accept-language': 'es' } },
    );
    expect(spanish.json()).toMatchObject({
      message: 'Solo puedes compartir una conversación con un amigo.',
    });

    // Another member's conversation: a 404 whoever asks, so its id does not leak.
    const others = await share(stranger.client, owner.user.id, owner.threadId);
    expect(others.statusCode).toBe(404);
    expect(others.json()).toMatchObject({ message: 'That conversation could not be found.' });
    expect((await share(owner.client, friend.user.id, 99999999)).statusCode).toBe(404);

    expect((await share(owner.client, 'x', owner.threadId)).statusCode).toBe(400);
    expect((await share(owner.client, friend.user.id, 0)).statusCode).toBe(400);
    expect((await owner.client.post('/api/trainer/share_thread', {})).statusCode).toBe(400);
    expect(
      (
        await owner.client.post(
          '/api/trainer/share_thread',
          { friend_id: friend.user.id, thread_id: owner.threadId },
          { csrf: false },
        )
      ).statusCode,
    ).toBe(403);
    // None of the refused shares left a row.
    const rows = await t.database.db
      .select()
      .from(sharedTrainerThreads)
      .where(eq(sharedTrainerThreads.threadId, owner.threadId));
    expect(rows).toHaveLength(0);
    expect(await sharedWithMe(stranger.client)).toEqual([]);
  });

  it('never across a block, either way; a block hides what was shared before it', async () => {
    const owner = await withThread();
    const friend = await member(t);
    const other = await member(t);
    await befriend(t, owner.user.id, friend.user.id);
    await befriend(t, owner.user.id, other.user.id);

    expect((await share(owner.client, friend.user.id, owner.threadId)).statusCode).toBe(200);
    expect(await sharedWithMe(friend.client)).toHaveLength(1);
    // The owner blocks the friend: no share, and the one made before is gone from their view.
    expect((await owner.client.post(`/api/friends/${friend.user.id}/block`)).statusCode).toBe(200);
    const blocked = await share(owner.client, friend.user.id, owner.threadId);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ message: 'You cannot share with this member.' });
    expect((await friend.client.get(`/api/trainer/threads/${owner.threadId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await friend.client.post(`/api/trainer/threads/${owner.threadId}/copy`)).statusCode,
    ).toBe(404);
    expect(await sharedWithMe(friend.client)).toEqual([]);

    // The other friend blocks the owner: refused the same way.
    expect((await other.client.post(`/api/friends/${owner.user.id}/block`)).statusCode).toBe(200);
    const blockedBy = await share(owner.client, other.user.id, owner.threadId);
    expect(blockedBy.statusCode).toBe(403);
    expect(blockedBy.json()).toMatchObject({ message: 'You cannot share with this member.' });
  });
});

describe('POST /api/trainer/threads/:id/copy', () => {
  it("copies a shared conversation into the friend's own, independent of the original", async () => {
    const owner = await withThread();
    const friend = await member(t);
    await befriend(t, owner.user.id, friend.user.id);
    expect((await share(owner.client, friend.user.id, owner.threadId)).statusCode).toBe(200);
    const source = (
      await owner.client.get(`/api/trainer/threads/${owner.threadId}`)
    ).json<TrainerThreadDetail>();

    const res = await friend.client.post(`/api/trainer/threads/${owner.threadId}/copy`);
    expect(res.statusCode).toBe(201);
    const copy = res.json<TrainerThreadDetail>();
    expect(copy.id).not.toBe(owner.threadId);
    expect(copy).toMatchObject({
      title: 'How much protein do I need per day to build muscle? (copy)',
      trainer_persona_id: source.trainer_persona_id,
      is_mine: true,
      owner: { id: friend.user.id },
    });
    const strip = (d: TrainerThreadDetail) =>
      d.messages.map(({ role, body, citations }) => ({ role, body, citations }));
    expect(strip(copy)).toEqual(strip(source));
    const [row] = await t.database.db
      .select()
      .from(trainerThreads)
      .where(eq(trainerThreads.id, copy.id));
    expect(row!.userId).toBe(friend.user.id);
    const theirs = (await friend.client.get('/api/trainer/threads')).json<{
      items: TrainerThread[];
    }>();
    expect(theirs.items.map((th) => th.id)).toContain(copy.id);

    // The copy is the friend's to go on with; the original does not change.
    const more = await friend.client.post('/api/trainer/chat', {
      question: 'Is creatine safe?',
      thread_id: copy.id,
    });
    expect(more.statusCode).toBe(200);
    const after = (
      await owner.client.get(`/api/trainer/threads/${owner.threadId}`)
    ).json<TrainerThreadDetail>();
    expect(after.messages).toHaveLength(source.messages.length);
    // The owner cannot read the friend's copy.
    expect((await owner.client.get(`/api/trainer/threads/${copy.id}`)).statusCode).toBe(404);
    // Copying again makes another copy (a copy is a new conversation, like a program's).
    const again = await friend.client.post(`/api/trainer/threads/${owner.threadId}/copy`);
    expect(again.statusCode).toBe(201);
    expect(again.json<TrainerThreadDetail>().id).not.toBe(copy.id);

    // The original deleted: its share goes with it, and there is nothing left to copy.
    expect((await owner.client.delete(`/api/trainer/threads/${owner.threadId}`)).statusCode).toBe(
      200,
    );
    expect(await sharedWithMe(friend.client)).toEqual([]);
    expect(
      (await friend.client.post(`/api/trainer/threads/${owner.threadId}/copy`)).statusCode,
    ).toBe(404);
    // The friend's copy stays.
    expect((await friend.client.get(`/api/trainer/threads/${copy.id}`)).statusCode).toBe(200);
  });

  it("lets the owner copy their own; refuses another member's (404), a bad id (400), no CSRF (403)", async () => {
    const owner = await withThread();
    const stranger = await member(t);
    const own = await owner.client.post(`/api/trainer/threads/${owner.threadId}/copy`);
    expect(own.statusCode).toBe(201);
    expect(own.json<TrainerThreadDetail>().is_mine).toBe(true);
    const spanish = await owner.client.request(
      'POST',
      `/api/trainer/threads/${owner.threadId}/copy`,
      undefined,
      { headers: { 'accept-language': 'es' } },
    );
    expect(spanish.json<TrainerThreadDetail>().title).toBe(
      'How much protein do I need per day to build muscle? (copia)',
    );
    const others = await stranger.client.post(`/api/trainer/threads/${owner.threadId}/copy`);
    expect(others.statusCode).toBe(404);
    expect((await stranger.client.post('/api/trainer/threads/abc/copy')).statusCode).toBe(400);
    expect(
      (
        await stranger.client.post(`/api/trainer/threads/${owner.threadId}/copy`, undefined, {
          csrf: false,
        })
      ).statusCode,
    ).toBe(403);
    const strangers = (await stranger.client.get('/api/trainer/threads')).json<{
      items: TrainerThread[];
    }>();
    expect(strangers.items).toEqual([]);
  });
});
