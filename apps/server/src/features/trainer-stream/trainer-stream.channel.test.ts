import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOpenAiProvider } from '../../coach/providers/openai';
import { trainerThreads } from '../../db/schema/coach';
import { trainerPersonas } from '../../db/schema/reference';
import { openCable, type RawCable } from '../../plugins/cable/cable-test-client';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../test/openai-test-server';
import { createTestApp, member, type TestApp } from '../../test/test-app';
import { streamReplyIntoThread } from './trainer-stream.service';

let t: TestApp;
let model: OpenAiTestServer;

beforeAll(async () => {
  [t, model] = await Promise.all([createTestApp(), startOpenAiTestServer()]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all([t.close(), model.close()]);
});
beforeEach(() => {
  model.reset();
});

const provider = () =>
  createOpenAiProvider(
    {
      baseURL: model.baseURL,
      model: 'test-model',
      timeoutMs: 2000,
      maxRetries: 0,
    },
    // The app's own logger, as the engine will pass it.
    t.app.log,
  );

async function threadOf(userId: number): Promise<number> {
  const [persona] = await t.app.db
    .select({ id: trainerPersonas.id })
    .from(trainerPersonas)
    .limit(1);
  const [row] = await t.app.db
    .insert(trainerThreads)
    .values({ userId, personaId: persona!.id, title: 'Squats' })
    .returning({ id: trainerThreads.id });
  return row!.id;
}

const identifier = (threadId: unknown) =>
  JSON.stringify({ channel: 'TrainerChannel', thread_id: threadId });

async function subscribe(cable: RawCable, id: string) {
  await cable.ofType('welcome');
  cable.send({ command: 'subscribe', identifier: id });
  const answer = await cable.next((f) => f.identifier === id && typeof f.type === 'string');
  return answer.type;
}

function events(cable: RawCable, id: string) {
  return cable.frames
    .filter((f) => f.identifier === id && typeof f.message === 'object')
    .map((f) => f.message as { type: string; [key: string]: unknown });
}

describe('TrainerChannel', () => {
  it('lets only the thread’s owner subscribe', async () => {
    const owner = await member(t, { name: 'Ana' });
    const other = await member(t, { name: 'Kim' });
    const threadId = await threadOf(owner.user.id);
    const ownerCable = await openCable(t.app, owner.client);
    const otherCable = await openCable(t.app, other.client);
    const errors = vi.spyOn(t.app.log, 'error');
    try {
      expect(await subscribe(ownerCable, identifier(threadId))).toBe('confirm_subscription');
      expect(await subscribe(otherCable, identifier(threadId))).toBe('reject_subscription');
      for (const bad of [threadId + 1000, 2_147_483_648, 'abc', null, -1, 1.5]) {
        expect(await subscribe(otherCable, identifier(bad))).toBe('reject_subscription');
      }
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      ownerCable.close();
      otherCable.close();
    }
  });

  it('delivers a streamed reply token by token, then done with the stored id', async () => {
    const owner = await member(t, { name: 'Ana' });
    const threadId = await threadOf(owner.user.id);
    const otherThread = await threadOf(owner.user.id);
    const cable = await openCable(t.app, owner.client);
    expect(await subscribe(cable, identifier(threadId))).toBe('confirm_subscription');
    expect(await subscribe(cable, identifier(otherThread))).toBe('confirm_subscription');
    model.reply({ kind: 'text', content: '', chunks: ['Brace ', 'your ', 'core.'] });
    const p = provider();
    const reply = await streamReplyIntoThread(
      t.app,
      threadId,
      (onToken) => p.streamChat({ messages: [{ role: 'user', content: 'Squat tips?' }], onToken }),
      (result) => Promise.resolve(result.ok ? 42 : null),
    );
    expect(reply).toMatchObject({ messageId: 42, result: { ok: true, text: 'Brace your core.' } });
    await cable.next(
      (f) =>
        f.identifier === identifier(threadId) && (f.message as { type?: string })?.type === 'done',
    );
    expect(events(cable, identifier(threadId))).toEqual([
      { type: 'token', reply_id: reply.replyId, delta: 'Brace ' },
      { type: 'token', reply_id: reply.replyId, delta: 'your ' },
      { type: 'token', reply_id: reply.replyId, delta: 'core.' },
      { type: 'done', reply_id: reply.replyId, text: 'Brace your core.', message_id: 42 },
    ]);
    // Another thread of the same member hears nothing of it.
    expect(events(cable, identifier(otherThread))).toEqual([]);
    cable.close();
  });

  it('sends an error event with the failure kind when the model fails', async () => {
    const owner = await member(t, { name: 'Ana' });
    const threadId = await threadOf(owner.user.id);
    const cable = await openCable(t.app, owner.client);
    expect(await subscribe(cable, identifier(threadId))).toBe('confirm_subscription');
    model.reply({ kind: 'status', status: 500 });
    const p = provider();
    const reply = await streamReplyIntoThread(t.app, threadId, (onToken) =>
      p.streamChat({ messages: [{ role: 'user', content: 'hi' }], onToken }),
    );
    expect(reply.result.ok).toBe(false);
    const frame = await cable.next(
      (f) => f.identifier === identifier(threadId) && typeof f.message === 'object',
    );
    expect(frame.message).toEqual({ type: 'error', reply_id: reply.replyId, code: 'server' });
    cable.close();
  });
});
