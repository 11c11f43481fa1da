import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { trainerMessages } from '../../db/schema/coach';
import { openCable, type RawCable } from '../../plugins/cable/cable-test-client';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../test/openai-test-server';
import { createTestApp, member, type TestApp, type TestClient } from '../../test/test-app';

/** The trainer with AI_PROVIDER=openai, against the in-process OpenAI-compatible server. */
let t: TestApp;
let model: OpenAiTestServer;

beforeAll(async () => {
  model = await startOpenAiTestServer();
  t = await createTestApp({
    AI_PROVIDER: 'openai',
    OPENAI_BASE_URL: model.baseURL,
    OPENAI_MODEL: 'test-model',
    OPENAI_TIMEOUT_MS: '1500',
    OPENAI_MAX_RETRIES: '0',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all([t.close(), model.close()]);
});
beforeEach(() => {
  model.reset();
});

interface ChatReply {
  reply: string;
  thread_id: number;
  citations: { slug: string; title: string }[];
  notice: string | null;
}

const chat = (client: TestClient, body: unknown) => client.post('/api/trainer/chat', body);

async function storedTrainerReplies(threadId: number) {
  const rows = await t.database.db
    .select({ role: trainerMessages.role, body: trainerMessages.body })
    .from(trainerMessages)
    .where(eq(trainerMessages.threadId, threadId));
  return rows.filter((r) => r.role === 'trainer').map((r) => r.body);
}

describe('trainer answers through the model', () => {
  it('answers with the model, citing the retrieved entries, with persona, notes and memory in the prompt', async () => {
    const { client } = await member(t);
    model.reply({ kind: 'text', content: 'Warm up well, then squat with a braced core.' });
    const res = await chat(client, {
      question: 'I have a bad knee. How should I warm up for squats?',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<ChatReply>();
    expect(body.reply).toBe('Warm up well, then squat with a braced core.');
    expect(body.notice).toBeNull();
    expect(body.citations.length).toBeGreaterThan(0);
    expect(await storedTrainerReplies(body.thread_id)).toEqual([body.reply]);

    const sent = model.requests[0]!.body;
    const system = String(sent.messages[0]!.content);
    expect(sent.messages[0]!.role).toBe('system');
    expect(system).toContain('I have a bad knee');
    expect(system).toMatch(/doctor or physiotherapist/);
    expect(system).toMatch(/notes do not cover it/);
    for (const c of body.citations) expect(system).toContain(`[${c.slug}]`);
    expect(sent.tools?.map((tool) => tool.function.name).sort()).toEqual([
      'current_program',
      'latest_diet',
      'memory',
      'recent_logs',
    ]);
  });

  it('falls back to the local answer with a notice when the model answers 500', async () => {
    const { client } = await member(t);
    model.reply({ kind: 'status', status: 500 });
    const res = await chat(client, { question: 'How much protein do I need to build muscle?' });
    expect(res.statusCode).toBe(200);
    const body = res.json<ChatReply>();
    expect(body.notice).toMatch(/had a problem answering.*own notes/);
    expect(body.reply.length).toBeGreaterThan(40);
    expect(body.citations.length).toBeGreaterThan(0);
    expect(await storedTrainerReplies(body.thread_id)).toEqual([body.reply]);
  });

  it('falls back with a notice when the model times out, and through the virtual trainer too', async () => {
    const { client } = await member(t);
    model.reply({ kind: 'hang' });
    const res = await chat(client, { question: 'How much protein do I need to build muscle?' });
    expect(res.statusCode).toBe(200);
    expect(res.json<ChatReply>().notice).toMatch(/took too long/);

    model.reply({ kind: 'status', status: 429, retryAfter: 1 });
    const vt = await client.post('/api/virtual_trainer', {
      trainer_action: 'nutritionist',
      gender: 'female',
      question: 'How much protein do I need to build muscle?',
    });
    expect(vt.statusCode).toBe(200);
    const result = vt.json<{ answer: string; notes: string[] }>();
    expect(result.answer.length).toBeGreaterThan(40);
    expect(result.notes).toEqual([expect.stringMatching(/busy right now.*own notes/)]);
  });

  it('falls back when the model says nothing', async () => {
    const { client } = await member(t);
    model.reply({ kind: 'text', content: '', chunks: [] });
    const res = await chat(client, { question: 'How much protein do I need to build muscle?' });
    expect(res.json<ChatReply>().notice).toMatch(/not usable/);
  });

  it('lets the model read the member’s own logs, never another member’s', async () => {
    const ana = await member(t, { name: 'Ana' });
    const kim = await member(t, { name: 'Kim' });
    for (const [client, title] of [
      [ana.client, 'Ana hill sprints'],
      [kim.client, 'Kim secret swim'],
    ] as const) {
      const logged = await client.post('/api/workout_log/manual', {
        title,
        performed_on: '2026-11-20',
        duration_minutes: 30,
      });
      expect(logged.statusCode).toBe(201);
    }
    let toolAnswer = '';
    model.reply(
      { kind: 'tool_calls', calls: [{ name: 'recent_logs', arguments: '{"limit":5}' }] },
      (req) => {
        const tool = req.body.messages.find((m) => m.role === 'tool');
        toolAnswer = typeof tool?.content === 'string' ? tool.content : '';
        return { kind: 'text', content: 'You did hill sprints on the 20th.' };
      },
    );
    const res = await chat(ana.client, { question: 'What did I train last?' });
    expect(res.json<ChatReply>().reply).toBe('You did hill sprints on the 20th.');
    expect(toolAnswer).toContain('Ana hill sprints');
    expect(toolAnswer).not.toContain('Kim');
  });
});

const identifier = (threadId: number) =>
  JSON.stringify({ channel: 'TrainerChannel', thread_id: threadId });

describe('trainer chat streaming', () => {
  it('streams the tokens to a TrainerChannel subscriber, then answers over HTTP', async () => {
    const { client } = await member(t);
    model.reply({ kind: 'text', content: 'First answer.' });
    const first = (
      await chat(client, { question: 'How do I warm up for squats?' })
    ).json<ChatReply>();

    const cable: RawCable = await openCable(t.app, client);
    try {
      await cable.ofType('welcome');
      cable.send({ command: 'subscribe', identifier: identifier(first.thread_id) });
      await cable.next(
        (f) => f.identifier === identifier(first.thread_id) && f.type === 'confirm_subscription',
      );
      model.reply({ kind: 'text', content: '', chunks: ['Keep ', 'your ', 'heels ', 'down.'] });
      const res = await chat(client, {
        question: 'And my heels?',
        thread_id: first.thread_id,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<ChatReply>()).toMatchObject({
        reply: 'Keep your heels down.',
        thread_id: first.thread_id,
        notice: null,
      });
      await cable.next(
        (f) =>
          f.identifier === identifier(first.thread_id) &&
          (f.message as { type?: string } | undefined)?.type === 'done',
      );
      const events = cable.frames
        .filter(
          (f) => f.identifier === identifier(first.thread_id) && typeof f.message === 'object',
        )
        .map((f) => f.message as { type: string; delta?: string; text?: string });
      expect(events.filter((e) => e.type === 'token').map((e) => e.delta)).toEqual([
        'Keep ',
        'your ',
        'heels ',
        'down.',
      ]);
      expect(events.at(-1)).toMatchObject({ type: 'done', text: 'Keep your heels down.' });
      // The thread's history went to the model with the new question.
      const sent = model.requests.at(-1)!.body.messages.map((m) => m.content);
      expect(sent).toContain('First answer.');
      expect(await storedTrainerReplies(first.thread_id)).toEqual([
        'First answer.',
        'Keep your heels down.',
      ]);
    } finally {
      cable.close();
    }
  });
});
