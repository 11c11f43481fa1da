import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../test/openai-test-server';
import {
  chatTool,
  createOpenAiProvider,
  idsOutside,
  type AiLog,
  type StructuredRequest,
  type OpenAiSettings,
} from './openai';

let server: OpenAiTestServer;

beforeAll(async () => {
  server = await startOpenAiTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
});

/** Everything the provider logs, to prove no prompt or answer is in it. */
function recordingLog() {
  const lines: { details: Record<string, unknown>; message: string }[] = [];
  const log: AiLog = { warn: (details, message) => lines.push({ details, message }) };
  return { log, lines };
}

function provider(overrides: Partial<OpenAiSettings> = {}, log?: AiLog) {
  return createOpenAiProvider(
    {
      baseURL: server.baseURL,
      apiKey: 'sk-test',
      model: 'test-model',
      timeoutMs: 2000,
      maxRetries: 0,
      ...overrides,
    },
    log,
  );
}

const sessionSchema = z.object({
  title: z.string().min(1),
  items: z
    .array(z.object({ exercise_id: z.number().int(), sets: z.number().int().min(1).max(10) }))
    .min(1),
});
type Session = z.infer<typeof sessionSchema>;

const candidates = {
  exercises: [
    { id: 11, name: 'Back squat' },
    { id: 12, name: 'Bench press' },
  ],
};

function request(extra: Partial<StructuredRequest<Session>> = {}): StructuredRequest<Session> {
  return {
    schema: sessionSchema,
    name: 'session',
    system: 'You plan gym sessions.',
    user: 'A 30-minute strength session, secret-member-words',
    candidates,
    checkIds: (s: Session) =>
      idsOutside(
        'exercise_id',
        candidates.exercises.map((e) => e.id),
        s.items.map((i) => i.exercise_id),
      ),
    ...extra,
  };
}

const good = JSON.stringify({ title: 'Strength', items: [{ exercise_id: 11, sets: 3 }] });

describe('generateStructured', () => {
  it('asks for the schema as json_schema, sends the candidates, and returns the checked value', async () => {
    server.reply({ kind: 'text', content: good });
    const result = await provider().generateStructured(request());
    expect(result).toEqual({
      ok: true,
      value: { title: 'Strength', items: [{ exercise_id: 11, sets: 3 }] },
      repaired: false,
    });
    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    expect(sent.body.model).toBe('test-model');
    expect(sent.body.response_format?.type).toBe('json_schema');
    const schema = sent.body.response_format?.json_schema?.schema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(schema.properties)).toEqual(['title', 'items']);
    expect(schema.required).toEqual(['title', 'items']);
    expect(JSON.stringify(sent.body.messages)).toContain('11: Back squat');
  });

  it('accepts JSON wrapped in a Markdown fence', async () => {
    server.reply({ kind: 'text', content: '```json\n' + good + '\n```' });
    const result = await provider().generateStructured(request());
    expect(result.ok).toBe(true);
  });

  it('repairs malformed JSON once, telling the model what was wrong', async () => {
    server.reply(
      { kind: 'text', content: '{"title": "Strength", "items": [' },
      { kind: 'text', content: good },
    );
    const result = await provider().generateStructured(request());
    expect(result).toMatchObject({ ok: true, repaired: true });
    expect(server.requests).toHaveLength(2);
    const repair = server.requests[1]!.body.messages;
    expect(repair.at(-2)).toEqual({
      role: 'assistant',
      content: '{"title": "Strength", "items": [',
    });
    expect(String(repair.at(-1)!.content)).toContain('not valid JSON');
  });

  it('repairs an answer that fails the Zod schema, sending the issues back', async () => {
    server.reply(
      {
        kind: 'text',
        content: JSON.stringify({ title: '', items: [{ exercise_id: 11, sets: 40 }] }),
      },
      { kind: 'text', content: good },
    );
    const result = await provider().generateStructured(request());
    expect(result).toMatchObject({ ok: true, repaired: true });
    const feedback = String(server.requests[1]!.body.messages.at(-1)!.content);
    expect(feedback).toContain('title');
    expect(feedback).toContain('items.0.sets');
  });

  it('gives up after one repair with a typed invalid_output failure', async () => {
    const { log, lines } = recordingLog();
    server.reply({ kind: 'text', content: 'not json' }, { kind: 'text', content: '{"title": 3}' });
    const result = await provider({}, log).generateStructured(request());
    expect(server.requests).toHaveLength(2);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure.kind).toBe('invalid_output');
    expect(result.failure.issues.map((i) => i.path)).toContain('title');
    expect(JSON.stringify(lines)).not.toContain('secret-member-words');
  });

  it('rejects ids outside the candidate lists, then takes the repaired answer', async () => {
    server.reply(
      {
        kind: 'text',
        content: JSON.stringify({ title: 'S', items: [{ exercise_id: 999, sets: 3 }] }),
      },
      { kind: 'text', content: good },
    );
    const result = await provider().generateStructured(request());
    expect(result).toMatchObject({
      ok: true,
      repaired: true,
      value: { items: [{ exercise_id: 11 }] },
    });
    expect(String(server.requests[1]!.body.messages.at(-1)!.content)).toContain(
      '999 is not one of the candidates',
    );
  });

  it('fails when the model keeps inventing ids', async () => {
    const invented = JSON.stringify({ title: 'S', items: [{ exercise_id: 999, sets: 3 }] });
    server.reply({ kind: 'text', content: invented }, { kind: 'text', content: invented });
    const result = await provider().generateStructured(request());
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.failure.issues).toEqual([
        { path: 'exercise_id', message: expect.stringContaining('999') },
      ]);
  });

  it('falls back to json_object, schema in the prompt, on a server that rejects json_schema', async () => {
    server.rejectJsonSchema = true;
    server.reply({ kind: 'text', content: good }, { kind: 'text', content: good });
    const p = provider();
    expect((await p.generateStructured(request())).ok).toBe(true);
    expect(server.requests.map((r) => r.body.response_format?.type)).toEqual([
      'json_schema',
      'json_object',
    ]);
    expect(String(server.requests[1]!.body.messages[0]!.content)).toContain('"exercise_id"');
    // Remembered: the next call goes straight to json_object.
    expect((await p.generateStructured(request())).ok).toBe(true);
    expect(server.requests.at(-1)!.body.response_format?.type).toBe('json_object');
    expect(server.requests).toHaveLength(3);
  });

  it('does not give up json_schema for a 400 that json_object gets too', async () => {
    server.reply(
      { kind: 'status', status: 400, code: 'context_length_exceeded' },
      { kind: 'status', status: 400, code: 'context_length_exceeded' },
      { kind: 'text', content: good },
    );
    const p = provider();
    const result = await p.generateStructured(request());
    expect(result).toMatchObject({ ok: false, failure: { kind: 'refused', status: 400 } });
    expect((await p.generateStructured(request())).ok).toBe(true);
    expect(server.requests.map((r) => r.body.response_format?.type)).toEqual([
      'json_schema',
      'json_object',
      'json_schema',
    ]);
  });

  it('times out a model that never answers', async () => {
    const { log, lines } = recordingLog();
    server.reply({ kind: 'hang' });
    const started = Date.now();
    const result = await provider({ timeoutMs: 300 }, log).generateStructured(request());
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result).toMatchObject({ ok: false, failure: { kind: 'timeout' } });
    expect(lines).toEqual([
      {
        details: { kind: 'timeout', status: undefined, code: undefined, model: 'test-model' },
        message: 'openai: model call failed',
      },
    ]);
  });

  it('times out an answer that stops half-way', async () => {
    server.reply({ kind: 'stall', content: 'x' });
    const result = await provider({ timeoutMs: 300 }).generateStructured(request());
    expect(result).toMatchObject({ ok: false, failure: { kind: 'timeout' } });
  });

  it('turns a 500 into a server failure, with status and code logged and nothing else', async () => {
    const { log, lines } = recordingLog();
    server.reply({ kind: 'status', status: 500, code: 'boom', message: 'secret-member-words' });
    const result = await provider({}, log).generateStructured(request());
    expect(result).toMatchObject({
      ok: false,
      failure: { kind: 'server', status: 500, code: 'boom' },
    });
    if (!result.ok) expect(result.failure.message).toBe('The AI model had a problem answering.');
    expect(lines).toEqual([
      {
        details: { kind: 'server', status: 500, code: 'boom', model: 'test-model' },
        message: 'openai: model call failed',
      },
    ]);
  });

  it('retries a 500 when retries are allowed', async () => {
    server.reply({ kind: 'status', status: 500 }, { kind: 'text', content: good });
    const result = await provider({ maxRetries: 1 }).generateStructured(request());
    expect(result.ok).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  it('turns a 429 into rate_limited with its Retry-After', async () => {
    server.reply({ kind: 'status', status: 429, code: 'rate_limit_exceeded', retryAfter: 7 });
    const result = await provider().generateStructured(request());
    expect(result).toMatchObject({
      ok: false,
      failure: { kind: 'rate_limited', status: 429, retryAfterSeconds: 7 },
    });
  });

  it('waits out a 429’s Retry-After before its one retry', async () => {
    server.reply({ kind: 'status', status: 429, retryAfter: 1 }, { kind: 'text', content: good });
    const started = Date.now();
    const result = await provider({ maxRetries: 1 }).generateStructured(request());
    expect(result.ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('reports a network failure when nothing listens', async () => {
    const result = await provider({ baseURL: 'http://127.0.0.1:1/v1' }).generateStructured(
      request(),
    );
    expect(result).toMatchObject({ ok: false, failure: { kind: 'network' } });
  });
});

describe('streamChat', () => {
  it('streams the reply token by token, in order, and returns the whole text', async () => {
    server.reply({ kind: 'text', content: '', chunks: ['Keep ', 'your ', 'back ', 'straight.'] });
    const tokens: string[] = [];
    const result = await provider().streamChat({
      messages: [{ role: 'user', content: 'How do I squat?' }],
      onToken: (t) => tokens.push(t),
    });
    expect(tokens).toEqual(['Keep ', 'your ', 'back ', 'straight.']);
    expect(result).toEqual({ ok: true, text: 'Keep your back straight.', toolCalls: [] });
    expect(server.requests[0]!.body.stream).toBe(true);
    expect(server.requests[0]!.body.tools).toBeUndefined();
  });

  it('runs a tool call streamed in pieces, sends the result back, and streams the answer', async () => {
    const seen: unknown[] = [];
    const recentLogs = chatTool({
      name: 'recent_logs',
      description: 'The member’s recent workout logs',
      parameters: z.object({ days: z.number().int().min(1).max(90) }),
      run: ({ days }) => {
        seen.push(days);
        return { sessions: [{ date: '2026-11-20', title: 'Legs' }] };
      },
    });
    server.reply(
      { kind: 'tool_calls', calls: [{ name: 'recent_logs', arguments: '{"days": 14}' }] },
      (req) => {
        const toolMessage = req.body.messages.at(-1)!;
        expect(toolMessage.role).toBe('tool');
        return { kind: 'text', content: `You trained legs: ${String(toolMessage.content)}` };
      },
    );
    const tokens: string[] = [];
    const result = await provider().streamChat({
      messages: [
        { role: 'system', content: 'You are a coach.' },
        { role: 'user', content: 'What did I train?' },
      ],
      tools: [recentLogs],
      onToken: (t) => tokens.push(t),
    });
    expect(seen).toEqual([14]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.toolCalls).toEqual([{ name: 'recent_logs', ok: true }]);
    expect(result.text).toContain('"title":"Legs"');
    expect(tokens.join('')).toBe(result.text);
    const [first, second] = server.requests;
    expect(first!.body.tools?.[0]?.function.name).toBe('recent_logs');
    expect(first!.body.tools?.[0]?.function.parameters).toMatchObject({
      type: 'object',
      properties: { days: { type: 'integer' } },
    });
    const assistant = second!.body.messages.at(-2) as {
      role: string;
      tool_calls: { id: string; function: { name: string; arguments: string } }[];
    };
    expect(assistant.role).toBe('assistant');
    expect(assistant.tool_calls[0]!.function).toEqual({
      name: 'recent_logs',
      arguments: '{"days": 14}',
    });
    expect(second!.body.messages.at(-1)!.tool_call_id).toBe(assistant.tool_calls[0]!.id);
  });

  it('tells the model about bad tool arguments instead of running the tool', async () => {
    let runs = 0;
    const tool = chatTool({
      name: 'memory',
      description: 'What the member told the trainer',
      parameters: z.object({ kind: z.enum(['injury', 'goal']) }),
      run: () => {
        runs += 1;
        return [];
      },
    });
    server.reply(
      { kind: 'tool_calls', calls: [{ name: 'memory', arguments: '{"kind": "shoe size"}' }] },
      { kind: 'text', content: 'Done.' },
    );
    const result = await provider().streamChat({
      messages: [{ role: 'user', content: 'hi' }],
      tools: [tool],
      onToken: () => {},
    });
    expect(runs).toBe(0);
    expect(result).toMatchObject({ ok: true, toolCalls: [{ name: 'memory', ok: false }] });
    expect(String(server.requests[1]!.body.messages.at(-1)!.content)).toContain(
      'invalid arguments',
    );
  });

  it('stops offering tools after the round limit so the model must answer', async () => {
    const tool = chatTool({
      name: 'program',
      description: 'The current program',
      parameters: z.object({}),
      run: () => ({ weeks: 4 }),
    });
    const call = { kind: 'tool_calls' as const, calls: [{ name: 'program', arguments: '{}' }] };
    server.reply(call, call, { kind: 'text', content: 'Four weeks.' });
    const result = await provider().streamChat({
      messages: [{ role: 'user', content: 'hi' }],
      tools: [tool],
      maxToolRounds: 2,
      onToken: () => {},
    });
    expect(result).toMatchObject({ ok: true, text: 'Four weeks.' });
    expect(server.requests.map((r) => r.body.tools?.length ?? 0)).toEqual([1, 1, 0]);
  });

  it('fails with a readable message on a 500, keeping what was streamed (none)', async () => {
    server.reply({ kind: 'status', status: 503 });
    const result = await provider().streamChat({
      messages: [{ role: 'user', content: 'hi' }],
      onToken: () => {},
    });
    expect(result).toMatchObject({ ok: false, text: '', failure: { kind: 'server', status: 503 } });
  });

  it('fails with rate_limited on a 429', async () => {
    server.reply({ kind: 'status', status: 429, retryAfter: 30 });
    const result = await provider().streamChat({
      messages: [{ role: 'user', content: 'hi' }],
      onToken: () => {},
    });
    expect(result).toMatchObject({
      ok: false,
      failure: { kind: 'rate_limited', retryAfterSeconds: 30 },
    });
  });

  it('times out a stream that goes silent, keeping the tokens already sent', async () => {
    server.reply({ kind: 'stall', content: 'Squats are' });
    const tokens: string[] = [];
    const result = await provider({ timeoutMs: 300 }).streamChat({
      messages: [{ role: 'user', content: 'hi' }],
      onToken: (t) => tokens.push(t),
    });
    expect(result).toMatchObject({ ok: false, text: 'Squats are', failure: { kind: 'timeout' } });
    expect(tokens.join('')).toBe('Squats are');
  });

  it('fails as a network error when the connection breaks mid-reply', async () => {
    server.reply({ kind: 'cut', content: 'Squats are' });
    const result = await provider().streamChat({
      messages: [{ role: 'user', content: 'hi' }],
      onToken: () => {},
    });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'network' } });
  });

  it('ends when the caller aborts', async () => {
    server.reply({ kind: 'hang' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await provider().streamChat({
      messages: [{ role: 'user', content: 'hi' }],
      onToken: () => {},
      signal: controller.signal,
    });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'aborted' } });
  });
});
