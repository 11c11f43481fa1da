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

const IDENTIFIER = JSON.stringify({ channel: 'TrainerChannel' });

async function subscribe(cable: RawCable, id: string) {
  await cable.ofType('welcome');
  cable.send({ command: 'subscribe', identifier: id });
  const answer = await cable.next((f) => f.identifier === id && typeof f.type === 'string');
  return answer.type;
}

function events(cable: RawCable) {
  return cable.frames
    .filter((f) => f.identifier === IDENTIFIER && typeof f.message === 'object')
    .map((f) => f.message as { type: string; [key: string]: unknown });
}

const isDone = (replyId: string) => (f: Record<string, unknown>) =>
  f.identifier === IDENTIFIER &&
  (f.message as { type?: string; reply_id?: string } | undefined)?.type === 'done' &&
  (f.message as { reply_id?: string }).reply_id === replyId;

/** A reply of `chunks` streamed to `userId`'s stream for `threadId`. */
async function streamTo(userId: number, threadId: number, chunks: string[], request = 'r') {
  model.reply({ kind: 'text', content: '', chunks });
  const p = provider();
  return streamReplyIntoThread(
    t.app,
    { userId, threadId, clientRequestId: `${request}-0123456789abcdef` },
    (onToken) => p.streamChat({ messages: [{ role: 'user', content: 'Squat tips?' }], onToken }),
    (result) => Promise.resolve(result.ok ? 42 : null),
  );
}

describe('TrainerChannel', () => {
  it('follows only the subscriber’s own replies, whatever the identifier names', async () => {
    const owner = await member(t, { name: 'Ana' });
    const other = await member(t, { name: 'Kim' });
    const threadId = await threadOf(owner.user.id);
    const ownerCable = await openCable(t.app, owner.client);
    const otherCable = await openCable(t.app, other.client);
    const errors = vi.spyOn(t.app.log, 'error');
    try {
      expect(await subscribe(ownerCable, IDENTIFIER)).toBe('confirm_subscription');
      expect(await subscribe(otherCable, IDENTIFIER)).toBe('confirm_subscription');
      // Naming a member, a thread or a request is no way into someone else's stream.
      for (const params of [
        { user_id: owner.user.id },
        { thread_id: threadId },
        { member_id: owner.user.id },
        { client_request_id: 'r-0123456789abcdef' },
      ]) {
        const id = JSON.stringify({ channel: 'TrainerChannel', ...params });
        expect(await subscribe(otherCable, id)).toBe('reject_subscription');
      }

      const ana = await streamTo(owner.user.id, threadId, ['Brace ', 'your ', 'core.'], 'ana');
      await ownerCable.next(isDone(ana.replyId));
      // Kim's own reply comes after Ana's on the same node: had Ana's reached Kim's socket, it
      // would be there first.
      const kim = await streamTo(other.user.id, threadId + 1, ['Swim ', 'easy.'], 'kim');
      await otherCable.next(isDone(kim.replyId));
      expect(events(otherCable).map((e) => e.reply_id)).toEqual([
        kim.replyId,
        kim.replyId,
        kim.replyId,
      ]);
      expect(events(ownerCable).every((e) => e.reply_id === ana.replyId)).toBe(true);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      ownerCable.close();
      otherCable.close();
    }
  });

  it('delivers a streamed reply token by token, tagged with its thread and request, then done', async () => {
    const owner = await member(t, { name: 'Ana' });
    const threadId = await threadOf(owner.user.id);
    const cable = await openCable(t.app, owner.client);
    expect(await subscribe(cable, IDENTIFIER)).toBe('confirm_subscription');
    const reply = await streamTo(owner.user.id, threadId, ['Brace ', 'your ', 'core.'], 'tab1');
    expect(reply).toMatchObject({ messageId: 42, result: { ok: true, text: 'Brace your core.' } });
    await cable.next(isDone(reply.replyId));
    const tags = {
      reply_id: reply.replyId,
      thread_id: threadId,
      client_request_id: 'tab1-0123456789abcdef',
    };
    expect(events(cable)).toEqual([
      { type: 'token', ...tags, delta: 'Brace ' },
      { type: 'token', ...tags, delta: 'your ' },
      { type: 'token', ...tags, delta: 'core.' },
      { type: 'done', ...tags, text: 'Brace your core.', message_id: 42 },
    ]);
    cable.close();
  });

  it('sends an error event with the failure kind when the model fails', async () => {
    const owner = await member(t, { name: 'Ana' });
    const threadId = await threadOf(owner.user.id);
    const cable = await openCable(t.app, owner.client);
    expect(await subscribe(cable, IDENTIFIER)).toBe('confirm_subscription');
    model.reply({ kind: 'status', status: 500 });
    const p = provider();
    const reply = await streamReplyIntoThread(
      t.app,
      { userId: owner.user.id, threadId, clientRequestId: null },
      (onToken) => p.streamChat({ messages: [{ role: 'user', content: 'hi' }], onToken }),
    );
    expect(reply.result.ok).toBe(false);
    const frame = await cable.next(
      (f) => f.identifier === IDENTIFIER && typeof f.message === 'object',
    );
    expect(frame.message).toEqual({
      type: 'error',
      reply_id: reply.replyId,
      thread_id: threadId,
      client_request_id: null,
      code: 'server',
    });
    cable.close();
  });
});
