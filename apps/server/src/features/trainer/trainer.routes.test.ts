import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainerMessages } from '../../db/schema/coach';
import { trainerPersonas } from '../../db/schema/reference';
import {
  createTestApp,
  libraryWorkoutId,
  member,
  TestClient,
  type TestApp,
} from '../../test/test-app';
import { answerQuestion, exerciseSteps, memoryFacts, titleFrom } from './trainer.service';
import type { Viewer } from '../../lib/viewer';
import { personaTexts } from '../../i18n/persona-texts';

let t: TestApp;

/** The chat budget is set low (the default is 20) to check that the setting is what holds. */
const CHAT_LIMIT = 8;

beforeAll(async () => {
  t = await createTestApp({ AI_CHAT_RATE_LIMIT: String(CHAT_LIMIT) });
});
afterAll(async () => {
  await t.close();
});

interface ChatReply {
  reply: string;
  thread_id: number;
  citations: { slug: string; title: string }[];
  remembered: { kind: string; fact: string }[];
}
interface Thread {
  id: number;
  title: string;
  trainer_persona_id: number;
}
interface Memory {
  id: number;
  kind: string;
  fact: string;
}

const chat = (client: TestClient, body: unknown) => client.post('/api/trainer/chat', body);
const patch = (client: TestClient, url: string, body: unknown) =>
  client.request('PATCH', url, body);

async function personaIds(): Promise<Record<string, number>> {
  const rows = await t.database.db
    .select({ id: trainerPersonas.id, slug: trainerPersonas.slug })
    .from(trainerPersonas);
  return Object.fromEntries(rows.map((r) => [r.slug, r.id]));
}

describe('trainer personas', () => {
  it('lists personas and shows one with its greeting and example questions', async () => {
    const { client } = await member(t);
    const list = await client.get('/api/trainer_persona');
    expect(list.statusCode).toBe(200);
    const items = list.json<{ items: { id: number; name: string }[] }>().items;
    expect(items.length).toBeGreaterThanOrEqual(3);
    const one = await client.get(`/api/trainer_persona/${items[0]!.id}`);
    expect(one.statusCode).toBe(200);
    const body = one.json<{ name: string; greeting: string; example_questions: string[] }>();
    expect(body.name).toBe(items[0]!.name);
    expect(body.greeting.length).toBeGreaterThan(0);
    expect(body.example_questions.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown persona and 400 for a malformed id', async () => {
    const { client } = await member(t);
    const missing = await client.get('/api/trainer_persona/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      error: 'not_found',
      message: 'That trainer could not be found.',
    });
    expect((await client.get('/api/trainer_persona/abc')).statusCode).toBe(400);
  });

  it('needs a signed-in member', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/trainer_persona')).statusCode).toBe(401);
    expect((await anonymous.get('/api/trainer/threads')).statusCode).toBe(401);
    expect((await anonymous.get('/api/trainer/memory')).statusCode).toBe(401);
  });
});

describe('POST /api/trainer/chat', () => {
  it('answers with citations, opens a thread titled from the question and keeps both messages', async () => {
    const { client } = await member(t);
    const ids = await personaIds();
    const res = await chat(client, {
      question: 'How much protein do I need per day to build muscle?',
      trainer_persona_id: ids['sports-nutritionist'],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<ChatReply>();
    expect(body.reply).toContain('1.6 to 2.2 grams');
    expect(body.citations.map((c) => c.slug)).toContain('protein-needs');

    const thread = await client.get(`/api/trainer/threads/${body.thread_id}`);
    expect(thread.statusCode).toBe(200);
    const detail = thread.json<
      Thread & { messages: { role: string; body: string; citations: unknown[] }[] }
    >();
    expect(detail.title).toBe('How much protein do I need per day to build muscle?');
    expect(detail.trainer_persona_id).toBe(ids['sports-nutritionist']);
    expect(detail.messages.map((m) => m.role)).toEqual(['member', 'trainer']);
    expect(detail.messages[1]!.body).toBe(body.reply);
    expect(detail.messages[1]!.citations).toEqual(body.citations);
  });

  it('continues a thread when thread_id is given, and uses the default persona when none is', async () => {
    const { client } = await member(t);
    const first = (await chat(client, { question: 'Is creatine safe?' })).json<ChatReply>();
    const second = await chat(client, {
      question: 'How long should I sleep to recover?',
      thread_id: first.thread_id,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json<ChatReply>().thread_id).toBe(first.thread_id);
    const rows = await t.database.db
      .select()
      .from(trainerMessages)
      .where(eq(trainerMessages.threadId, first.thread_id));
    expect(rows).toHaveLength(4);
    const threads = (await client.get('/api/trainer/threads')).json<{ items: Thread[] }>().items;
    expect(threads).toHaveLength(1);
  });

  it('says it does not know rather than inventing, with no citations', async () => {
    const { client } = await member(t);
    const body = (
      await chat(client, { question: 'What is the capital of France?' })
    ).json<ChatReply>();
    expect(body.citations).toEqual([]);
    expect(body.reply).toContain("I don't have anything in my notes that answers that");
  });

  it('remembers facts the member states, once, and respects them in answers', async () => {
    const { client } = await member(t);
    const first = (
      await chat(client, { question: 'I have a bad knee. How do I start running?' })
    ).json<ChatReply>();
    expect(first.remembered).toEqual([{ kind: 'injury', fact: 'I have a bad knee' }]);
    const again = (
      await chat(client, { question: 'My knee hurts again, I only have dumbbells at home' })
    ).json<ChatReply>();
    expect(again.remembered).toEqual([
      { kind: 'equipment', fact: 'I only have dumbbells at home' },
    ]);

    const memory = (await client.get('/api/trainer/memory')).json<{ items: Memory[] }>().items;
    expect(memory.map((m) => [m.kind, m.fact])).toEqual([
      ['injury', 'I have a bad knee'],
      ['equipment', 'I only have dumbbells at home'],
    ]);

    const squat = (
      await chat(client, { question: 'How should I progress my squat if I have stalled?' })
    ).json<ChatReply>();
    expect(squat.reply).toContain('You told me: "I have a bad knee"');
    expect(squat.citations.map((c) => c.slug)).toContain('bad-knee-alternatives');
  });

  it('rejects an empty or missing question, a bad persona and someone else’s thread', async () => {
    const { client } = await member(t);
    const other = await member(t);
    const empty = await chat(client, { question: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'validation_failed' });
    expect(empty.json<{ issues: { path: string }[] }>().issues[0]!.path).toBe('question');
    expect((await chat(client, {})).statusCode).toBe(400);
    // trim() keeps zero-width characters: these once opened a thread with an invisible title.
    // (Another member asks them: refused questions count against the chat budget too.)
    const blank = await member(t);
    for (const question of ['\u200b\u200b', '\u2060\ufeff', ' \u200b\n']) {
      const invisible = await chat(blank.client, { question });
      expect(invisible.statusCode, JSON.stringify(question)).toBe(400);
      expect(invisible.json<{ issues: unknown[] }>().issues).toEqual([
        { path: 'question', message: 'Ask a question.' },
      ]);
    }
    expect((await chat(client, { question: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await chat(client, { question: 'hi', trainer_persona_id: 'abc' })).statusCode).toBe(
      400,
    );
    expect((await chat(client, { question: 'hi', trainer_persona_id: 999999 })).statusCode).toBe(
      404,
    );

    const theirs = (await chat(other.client, { question: 'Is creatine safe?' })).json<ChatReply>();
    const intrude = await chat(client, { question: 'Hello', thread_id: theirs.thread_id });
    expect(intrude.statusCode).toBe(404);
    expect(intrude.json()).toMatchObject({ message: 'That conversation could not be found.' });
  });

  it('takes a client_request_id only in its shape', async () => {
    // A fresh member: the chat budget is per member, and the test above spends much of one.
    const { client } = await member(t);
    // The page's request id names it on the member's stream: random and URL-safe only.
    for (const bad of [
      'short',
      'x'.repeat(65),
      'has space in it 12345',
      42,
      '<script>alert(1)</script>',
    ]) {
      const res = await chat(client, { question: 'hi', client_request_id: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ issues: { path: string }[] }>().issues[0]!.path).toBe('client_request_id');
    }
    const named = await chat(client, { question: 'hi', client_request_id: 'aZ09_-aZ09_-aZ09_-' });
    expect(named.statusCode).toBe(200);
  });

  it('needs the CSRF token', async () => {
    const { client } = await member(t);
    const res = await client.post(
      '/api/trainer/chat',
      { question: 'Is creatine safe?' },
      { csrf: false },
    );
    expect(res.statusCode).toBe(403);
  });

  it('limits how often one member may ask (429 in the error shape)', async () => {
    const { client } = await member(t);
    const other = await member(t);
    // Refused questions (empty, too long) use none of the budget: a member fixing a typo keeps it.
    for (let i = 0; i < 2 * CHAT_LIMIT; i++) {
      expect((await chat(client, { question: i % 2 ? '' : 'x'.repeat(2_001) })).statusCode).toBe(
        400,
      );
    }
    for (let i = 0; i < CHAT_LIMIT; i++) {
      const res = await chat(client, { question: `Is creatine safe? ${i}` });
      expect(res.statusCode).toBe(200);
    }
    const limited = await chat(client, { question: 'One more?' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
    expect(limited.headers['retry-after']).toBeDefined();
    // Ask shares the budget; another member has their own.
    expect(
      (await client.post('/api/trainer/ask', { exercise_name: 'Goblet squat' })).statusCode,
    ).toBe(429);
    expect((await chat(other.client, { question: 'Is creatine safe?' })).statusCode).toBe(200);
  });
});

describe('the trainer in Spanish', () => {
  it('shows personas in the reader’s language, names unchanged', async () => {
    const { client } = await member(t);
    client.headers['accept-language'] = 'es';
    const ids = await personaIds();
    const seed = personaTexts.es['sports-nutritionist']!;
    const one = await client.get(`/api/trainer_persona/${ids['sports-nutritionist']}`);
    expect(one.json()).toMatchObject({
      name: 'Dr. Priya Raman',
      greeting: seed.greeting,
      specialty: seed.specialty,
      example_questions: seed.example_questions,
    });
    const list = await client.get('/api/trainer_persona');
    const listed = list.json<{ items: { slug: string; description: string }[] }>().items;
    expect(listed.find((p) => p.slug === 'sports-nutritionist')?.description).toBe(
      seed.description,
    );
    // English readers still get the seed's words.
    client.headers['accept-language'] = 'en';
    const english = await client.get(`/api/trainer_persona/${ids['sports-nutritionist']}`);
    expect(english.json<{ greeting: string }>().greeting).toMatch(/^Hi, I'm Priya/);
  });

  it('answers a Spanish member in Spanish, citing Spanish titles, and remembers Spanish facts', async () => {
    const { client } = await member(t);
    client.headers['accept-language'] = 'es';
    const ids = await personaIds();
    const reply = (
      await chat(client, {
        question: 'No tengo barra. ¿Cuánta proteína necesito al día para ganar músculo?',
        trainer_persona_id: ids['sports-nutritionist'],
      })
    ).json<ChatReply>();
    expect(reply.citations[0]?.slug).toBe('protein-needs');
    expect(reply.citations[0]?.title).toMatch(/proteína/i);
    expect(reply.reply).toContain('Gracias por preguntar');
    expect(reply.reply).not.toMatch(/Thanks for asking/);
    expect(reply.remembered).toEqual([{ kind: 'equipment', fact: 'No tengo barra' }]);

    const nothing = (
      await chat(client, {
        question: '¿Cuál es la capital de Francia?',
        thread_id: reply.thread_id,
      })
    ).json<ChatReply>();
    expect(nothing.citations).toEqual([]);
    expect(nothing.reply).toContain('No tengo nada en mis notas');
  });
});

describe('POST /api/trainer/ask', () => {
  it('returns steps, cues and mistakes for a library exercise, found by name', async () => {
    const { client } = await member(t);
    const res = await client.post('/api/trainer/ask', { exercise_name: 'goblet squats' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      exercise_id: number;
      exercise_name: string;
      steps: string[];
      cues: string[];
      mistakes: string[];
    }>();
    expect(body.exercise_name).toBe('Goblet squat');
    expect(body.steps.length).toBeGreaterThan(0);
    expect(body.cues.length).toBeGreaterThan(0);
    expect(body.mistakes.length).toBeGreaterThan(0);
    const detail = await client.get(`/api/exercise/${body.exercise_id}`);
    expect(detail.json<{ steps: string[] }>().steps).toEqual(body.steps);
  });

  it('answers 404 naming the closest matches for an unknown exercise', async () => {
    const { client } = await member(t);
    const res = await client.post('/api/trainer/ask', {
      exercise_name: 'underwater squat juggling',
    });
    expect(res.statusCode).toBe(404);
    const body = res.json<{ error: string; message: string }>();
    expect(body.error).toBe('not_found');
    expect(body.message).toMatch(
      /There is no exercise called "underwater squat juggling" in the library\. Did you mean: .*squat/i,
    );
  });

  it('checks the workout and thread it is given, and keeps the steps in the thread', async () => {
    const { client } = await member(t);
    const other = await member(t);
    const workoutId = await libraryWorkoutId(client);
    const workout = (await client.get(`/api/workout/${workoutId}`)).json<{
      groups: { exercises: { name: string }[] }[];
    }>();
    const name = workout.groups[0]!.exercises[0]!.name;
    const thread = (await chat(client, { question: 'Is creatine safe?' })).json<ChatReply>();
    const res = await client.post('/api/trainer/ask', {
      exercise_name: name,
      workout_id: workoutId,
      thread_id: thread.thread_id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ exercise_name: string }>().exercise_name).toBe(name);
    const detail = (await client.get(`/api/trainer/threads/${thread.thread_id}`)).json<{
      messages: { role: string; body: string }[];
    }>();
    expect(detail.messages).toHaveLength(4);
    expect(detail.messages[3]!.body).toContain('Common mistakes:');

    expect(
      (await client.post('/api/trainer/ask', { exercise_name: name, workout_id: 99999999 }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await other.client.post('/api/trainer/ask', {
          exercise_name: name,
          thread_id: thread.thread_id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await client.post('/api/trainer/ask', { exercise_name: '' })).statusCode).toBe(400);
    expect((await client.post('/api/trainer/ask', {})).statusCode).toBe(400);
  });
});

describe('threads', () => {
  it('lists newest first, renames and deletes, only the owner’s', async () => {
    const { client } = await member(t);
    const other = await member(t);
    const a = (await chat(client, { question: 'Is creatine safe?' })).json<ChatReply>();
    const b = (await chat(client, { question: 'How long should I sleep?' })).json<ChatReply>();
    const list = (await client.get('/api/trainer/threads')).json<{ items: Thread[] }>().items;
    expect(list.map((x) => x.id)).toEqual([b.thread_id, a.thread_id]);

    const renamed = await patch(client, `/api/trainer/threads/${a.thread_id}`, {
      title: '  Creatine  ',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Thread>().title).toBe('Creatine');
    expect(
      (await patch(client, `/api/trainer/threads/${a.thread_id}`, { title: ' ' })).statusCode,
    ).toBe(400);
    expect(
      (await patch(client, `/api/trainer/threads/${a.thread_id}`, { title: '\u200b' })).statusCode,
    ).toBe(400);
    expect(
      (await patch(other.client, `/api/trainer/threads/${a.thread_id}`, { title: 'Mine' }))
        .statusCode,
    ).toBe(404);
    expect((await other.client.get(`/api/trainer/threads/${a.thread_id}`)).statusCode).toBe(404);
    expect((await other.client.delete(`/api/trainer/threads/${a.thread_id}`)).statusCode).toBe(404);
    expect(
      (await client.delete(`/api/trainer/threads/${a.thread_id}`, { csrf: false })).statusCode,
    ).toBe(403);

    expect((await client.delete(`/api/trainer/threads/${a.thread_id}`)).statusCode).toBe(200);
    expect((await client.get(`/api/trainer/threads/${a.thread_id}`)).statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(trainerMessages)
      .where(eq(trainerMessages.threadId, a.thread_id));
    expect(rows).toHaveLength(0);
    expect((await client.delete(`/api/trainer/threads/${a.thread_id}`)).statusCode).toBe(404);
  });

  it('titles long questions at a word boundary', () => {
    const question =
      'What does a good beginner three-day full-body programme look like for someone who travels a lot?';
    const title = titleFrom(question);
    expect(title.length).toBeLessThanOrEqual(61);
    expect(title.endsWith('…')).toBe(true);
    const kept = title.slice(0, -1);
    // Cut between words: what is kept is followed by a space in the question.
    expect(question.startsWith(`${kept} `)).toBe(true);
    expect(titleFrom('  Is   creatine safe? ')).toBe('Is creatine safe?');
  });
});

describe('memory', () => {
  it('lets the member edit and delete their memories, and nobody else', async () => {
    const { client } = await member(t);
    const other = await member(t);
    await chat(client, { question: 'I hate burpees. My goal is to run a marathon.' });
    const items = (await client.get('/api/trainer/memory')).json<{ items: Memory[] }>().items;
    expect(items.map((m) => m.kind)).toEqual(['dislike', 'goal']);
    const [dislike, goal] = items as [Memory, Memory];

    const edited = await patch(client, `/api/trainer/memory/${goal.id}`, {
      fact: 'Run a sub-4 marathon',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Memory>()).toMatchObject({ kind: 'goal', fact: 'Run a sub-4 marathon' });
    const rekinded = await patch(client, `/api/trainer/memory/${dislike.id}`, { kind: 'other' });
    expect(rekinded.json<Memory>().kind).toBe('other');

    expect((await patch(client, `/api/trainer/memory/${goal.id}`, {})).statusCode).toBe(400);
    expect(
      (await patch(client, `/api/trainer/memory/${goal.id}`, { kind: 'mood' })).statusCode,
    ).toBe(400);
    expect((await patch(client, `/api/trainer/memory/${goal.id}`, { fact: '' })).statusCode).toBe(
      400,
    );
    expect(
      (await patch(other.client, `/api/trainer/memory/${goal.id}`, { fact: 'x' })).statusCode,
    ).toBe(404);
    expect((await other.client.delete(`/api/trainer/memory/${goal.id}`)).statusCode).toBe(404);
    expect(
      (await other.client.get('/api/trainer/memory')).json<{ items: Memory[] }>().items,
    ).toEqual([]);

    expect((await client.delete(`/api/trainer/memory/${goal.id}`)).statusCode).toBe(200);
    const left = (await client.get('/api/trainer/memory')).json<{ items: Memory[] }>().items;
    expect(left.map((m) => m.id)).toEqual([dislike.id]);
    expect((await client.delete(`/api/trainer/memory/${goal.id}`)).statusCode).toBe(404);
  });
});

describe('service functions for the virtual trainer', () => {
  const viewerOf = (id: number): Viewer => ({
    id,
    role: 'member',
    measurementType: 'metric',
    locale: 'en',
  });

  it('answerQuestion answers as the nutritionist, keeps a thread and reads memory', async () => {
    const { user, client } = await member(t);
    const ids = await personaIds();
    const viewer = viewerOf(user.id);
    const result = await answerQuestion(t.app.ctx, viewer, {
      question: 'I hate burpees. What are good vegan protein sources?',
      trainer_action: 'nutritionist',
    });
    expect(result.citations.map((c) => c.slug)).toContain('vegan-protein');
    const thread = (await client.get(`/api/trainer/threads/${result.thread_id}`)).json<Thread>();
    expect(thread.trainer_persona_id).toBe(ids['sports-nutritionist']);
    expect(await memoryFacts(t.app.ctx.db, user.id)).toEqual([
      { kind: 'dislike', fact: 'I hate burpees' },
    ]);

    const steps = await exerciseSteps(t.app.ctx, viewer, { exercise_name: 'Kettlebell swing' });
    expect(steps.exercise_id).not.toBeNull();
    expect(steps.cues.join(' ')).toMatch(/hips back/);
  });
});
