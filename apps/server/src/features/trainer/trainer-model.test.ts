import { eq } from 'drizzle-orm';
import type { ProgramDetail } from '@fitcoach/shared/programs';
import { programs } from '../../db/schema/coach';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { trainerMessages } from '../../db/schema/coach';
import { openCable, type RawCable } from '../../plugins/cable/cable-test-client';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../test/openai-test-server';
import { squatSummary } from '../../test/video-analysis';
import {
  createTestApp,
  libraryWorkoutIds,
  member,
  type TestApp,
  type TestClient,
} from '../../test/test-app';

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
      'video_analyses',
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

describe('the model’s video_analyses tool', () => {
  it('reads the member’s latest analyses briefly, never another member’s', async () => {
    const ana = await member(t, { name: 'Ana' });
    const kim = await member(t, { name: 'Kim' });
    for (const [client, name] of [
      [ana.client, 'Goblet squat'],
      [kim.client, 'Kim secret lunge'],
    ] as const) {
      const kept = await client.post('/api/video_analysis', {
        exercise_name: name,
        summary: squatSummary(),
      });
      expect(kept.statusCode).toBe(201);
    }
    let toolAnswer = '';
    model.reply(
      { kind: 'tool_calls', calls: [{ name: 'video_analyses', arguments: '{"limit":3}' }] },
      (req) => {
        const tool = req.body.messages.find((m) => m.role === 'tool');
        toolAnswer = typeof tool?.content === 'string' ? tool.content : '';
        return { kind: 'text', content: 'Your third rep was shallow.' };
      },
    );
    const res = await chat(ana.client, { question: 'How was my squat set?' });
    expect(res.json<ChatReply>().reply).toBe('Your third rep was shallow.');
    const briefs = JSON.parse(toolAnswer) as unknown;
    expect(briefs).toMatchObject([
      {
        exercise: 'Goblet squat',
        reps_detected: 2,
        partial_reps: 1,
        reps_logged: null,
        depth_deg: 80,
        tempo_s: { down: 1.4, pause: 0.2, up: 1.4 },
        faults: [{ code: 'shallow_depth', reps: 1 }],
      },
    ]);
    expect(toolAnswer).not.toContain('Kim');
  });
});

describe('the model’s current_program tool', () => {
  /** A one-week program of `owner`'s with one library workout on Monday. */
  async function program(owner: TestClient, title: string, workoutId: number) {
    const res = await owner.post('/api/program', {
      title,
      goal: 'weight_lifting',
      weeks: 1,
      days: [{ week: 1, weekday: 1, workout_ids: String(workoutId) }],
    });
    expect(res.statusCode).toBe(201);
    return res.json<ProgramDetail>().id;
  }

  /** What the tool answered when the model called it for `client`'s question. */
  async function currentProgram(client: TestClient) {
    let answer = '';
    model.reply(
      { kind: 'tool_calls', calls: [{ name: 'current_program', arguments: '{}' }] },
      (req) => {
        const tool = req.body.messages.find((m) => m.role === 'tool');
        answer = typeof tool?.content === 'string' ? tool.content : '';
        return { kind: 'text', content: 'Here is your program.' };
      },
    );
    const res = await chat(client, { question: 'What is on my program this week?' });
    expect(res.statusCode).toBe(200);
    return JSON.parse(answer) as { title: string; following: string | null } | null;
  }

  it('reads the program the member follows, not their newest own one; their own when they follow none', async () => {
    const author = await member(t, { name: 'Coach Lee' });
    const ana = await member(t, { name: 'Ana' });
    const [squat, pull] = await libraryWorkoutIds(ana.client, 2);
    const followed = await program(author.client, 'Coach Lee’s strength block', squat!);
    await t.database.db
      .update(programs)
      .set({ visibility: 'public' })
      .where(eq(programs.id, followed));
    expect(await currentProgram(ana.client)).toBeNull();

    // Ana's own plan is newer than the one she starts following.
    await program(ana.client, 'Ana’s old plan', pull!);
    expect((await ana.client.post(`/api/program/${followed}/start`, {})).statusCode).toBe(200);
    expect(await currentProgram(ana.client)).toMatchObject({
      title: 'Coach Lee’s strength block',
      following: 'active',
      entries: [expect.objectContaining({ week: 1, weekday: 1 })],
    });

    // Paused, it is still the one she is on; left, her own newest program is what she has.
    expect((await ana.client.post(`/api/program/${followed}/pause`, {})).statusCode).toBe(200);
    expect(await currentProgram(ana.client)).toMatchObject({
      title: 'Coach Lee’s strength block',
      following: 'paused',
    });
    expect((await ana.client.post(`/api/program/${followed}/leave`, {})).statusCode).toBe(200);
    expect(await currentProgram(ana.client)).toMatchObject({
      title: 'Ana’s old plan',
      following: null,
    });
  });
});

const IDENTIFIER = JSON.stringify({ channel: 'TrainerChannel' });

interface StreamEvent {
  type: string;
  reply_id: string;
  thread_id: number;
  client_request_id: string | null;
  delta?: string;
  text?: string;
}

function streamEvents(cable: RawCable, clientRequestId: string): StreamEvent[] {
  return cable.frames
    .filter((f) => f.identifier === IDENTIFIER && typeof f.message === 'object')
    .map((f) => f.message as StreamEvent)
    .filter((e) => e.client_request_id === clientRequestId);
}

const doneFor = (clientRequestId: string) => (f: Record<string, unknown>) =>
  f.identifier === IDENTIFIER &&
  (f.message as StreamEvent | undefined)?.type === 'done' &&
  (f.message as StreamEvent).client_request_id === clientRequestId;

describe('trainer chat streaming', () => {
  it('streams a new thread’s first reply and a follow-up to the member’s TrainerChannel, then answers over HTTP', async () => {
    const { client } = await member(t);
    const cable: RawCable = await openCable(t.app, client);
    try {
      // Subscribed before the first question: there is no thread yet.
      await cable.ofType('welcome');
      cable.send({ command: 'subscribe', identifier: IDENTIFIER });
      await cable.next((f) => f.identifier === IDENTIFIER && f.type === 'confirm_subscription');

      model.reply({ kind: 'text', content: '', chunks: ['Warm ', 'up ', 'first.'] });
      const first = await chat(client, {
        question: 'How do I warm up for squats?',
        client_request_id: 'first-request-0001',
      });
      expect(first.statusCode).toBe(200);
      const firstReply = first.json<ChatReply>();
      expect(firstReply.reply).toBe('Warm up first.');
      await cable.next(doneFor('first-request-0001'));
      const firstEvents = streamEvents(cable, 'first-request-0001');
      expect(firstEvents.filter((e) => e.type === 'token').map((e) => e.delta)).toEqual([
        'Warm ',
        'up ',
        'first.',
      ]);
      // Every event names the thread the reply went to: the one the HTTP answer names.
      expect(new Set(firstEvents.map((e) => e.thread_id))).toEqual(new Set([firstReply.thread_id]));

      model.reply({ kind: 'text', content: '', chunks: ['Keep ', 'your ', 'heels ', 'down.'] });
      const res = await chat(client, {
        question: 'And my heels?',
        thread_id: firstReply.thread_id,
        client_request_id: 'second-request-0002',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<ChatReply>()).toMatchObject({
        reply: 'Keep your heels down.',
        thread_id: firstReply.thread_id,
        notice: null,
      });
      await cable.next(doneFor('second-request-0002'));
      const events = streamEvents(cable, 'second-request-0002');
      expect(events.filter((e) => e.type === 'token').map((e) => e.delta)).toEqual([
        'Keep ',
        'your ',
        'heels ',
        'down.',
      ]);
      expect(events.at(-1)).toMatchObject({
        type: 'done',
        text: 'Keep your heels down.',
        thread_id: firstReply.thread_id,
      });
      // The thread's history went to the model with the new question.
      const sent = model.requests.at(-1)!.body.messages.map((m) => m.content);
      expect(sent).toContain('Warm up first.');
      expect(await storedTrainerReplies(firstReply.thread_id)).toEqual([
        'Warm up first.',
        'Keep your heels down.',
      ]);
    } finally {
      cable.close();
    }
  });

  it('never streams one member’s reply to another member’s TrainerChannel', async () => {
    const ana = await member(t, { name: 'Ana' });
    const kim = await member(t, { name: 'Kim' });
    const anaCable = await openCable(t.app, ana.client);
    const kimCable = await openCable(t.app, kim.client);
    try {
      for (const cable of [anaCable, kimCable]) {
        await cable.ofType('welcome');
        cable.send({ command: 'subscribe', identifier: IDENTIFIER });
        await cable.next((f) => f.identifier === IDENTIFIER && f.type === 'confirm_subscription');
      }
      model.reply({ kind: 'text', content: '', chunks: ['Ana’s ', 'private ', 'answer.'] });
      await chat(ana.client, {
        question: 'About my knee?',
        client_request_id: 'ana-request-00001',
      });
      await anaCable.next(doneFor('ana-request-00001'));
      // Kim's own reply follows on the same node: Ana's, had it reached Kim, would be first.
      model.reply({ kind: 'text', content: '', chunks: ['Kim’s ', 'answer.'] });
      await chat(kim.client, {
        question: 'About my swim?',
        client_request_id: 'kim-request-00001',
      });
      await kimCable.next(doneFor('kim-request-00001'));
      const heard = kimCable.frames
        .filter((f) => f.identifier === IDENTIFIER && typeof f.message === 'object')
        .map((f) => f.message as StreamEvent);
      expect(heard.map((e) => e.client_request_id)).toEqual([
        'kim-request-00001',
        'kim-request-00001',
        'kim-request-00001',
      ]);
      expect(JSON.stringify(kimCable.frames)).not.toContain('private');
    } finally {
      anaCable.close();
      kimCable.close();
    }
  });
});
