import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * An OpenAI-compatible HTTP server in this process, for tests and the trainer-stream benchmark:
 * `POST /v1/chat/completions`, plain or streamed (`stream: true`: server-sent events, one
 * `chat.completion.chunk` per piece, then `data: [DONE]`), with tool calls (streamed as deltas,
 * the arguments split across chunks, as OpenAI and vLLM send them). Each test scripts what the
 * next requests get; nothing here knows about FitCoach.
 */

export interface ScriptedToolCall {
  name: string;
  /** The arguments as JSON text (sent as is, so a test can send broken JSON). */
  arguments: string;
}

export type ScriptedReply =
  /**
   * An assistant message: streamed in `chunks` (default: word by word), `intervalMs` apart as
   * a model generates them (default: all at once), or whole. Streamed, it also waits at each
   * of `holds` (before chunk number `before`; 0 is before the first, `chunks.length` before the
   * end) until `until` settles: a test sees what came before, then lets the model go on.
   */
  | {
      kind: 'text';
      content: string;
      chunks?: string[];
      intervalMs?: number;
      holds?: { before: number; until: Promise<unknown> }[];
    }
  /** The model asks for tools to be run. */
  | { kind: 'tool_calls'; calls: ScriptedToolCall[]; content?: string }
  /** An HTTP error in OpenAI's shape; `retryAfter` in seconds becomes the Retry-After header. */
  | { kind: 'status'; status: number; code?: string; message?: string; retryAfter?: number }
  /** Never answers (headers included): the client's time-out must end it. */
  | { kind: 'hang' }
  /** Streams `content` then goes silent without ending the response. */
  | { kind: 'stall'; content: string }
  /** Streams `content` then closes the connection without a finish reason or `[DONE]`. */
  | { kind: 'cut'; content: string };

/** What a reply may also depend on: the request as received. */
export interface ReceivedRequest {
  headers: IncomingMessage['headers'];
  body: ChatRequestBody;
}

export interface ChatRequestBody {
  model?: string;
  stream?: boolean;
  messages: { role: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string }[];
  tools?: {
    type: string;
    function: { name: string; description?: string; parameters?: unknown };
  }[];
  tool_choice?: unknown;
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
  [key: string]: unknown;
}

type Step = ScriptedReply | ((request: ReceivedRequest) => ScriptedReply);

export interface OpenAiTestServer {
  /** The base URL for the SDK (`…/v1`). */
  baseURL: string;
  /** Every chat request received, in order. */
  readonly requests: ReceivedRequest[];
  /** Queues the replies of the next requests, in order. */
  reply(...steps: Step[]): void;
  /** What a request gets when nothing is queued (default: a 500 naming the problem). */
  otherwise(step: Step | null): void;
  /** Requests that get a 400 for `response_format: json_schema`, as some servers answer. */
  rejectJsonSchema: boolean;
  /** Forgets the queue, the default and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

const CREATED = 1_700_000_000;

function words(content: string): string[] {
  return content.match(/\s*\S+/g) ?? (content ? [content] : []);
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [''];
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function errorBody(status: number, code: string | undefined, message: string | undefined) {
  return {
    error: {
      message: message ?? `scripted ${status}`,
      type: status === 429 ? 'rate_limit_exceeded' : 'server_error',
      code: code ?? null,
    },
  };
}

/** Starts the server on 127.0.0.1 on a free port. */
export async function startOpenAiTestServer(): Promise<OpenAiTestServer> {
  const queue: Step[] = [];
  let fallback: Step | null = null;
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  let counter = 0;

  const state = {
    rejectJsonSchema: false,
  };

  const chunk = (id: string, model: string, delta: unknown, finish: string | null) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created: CREATED,
      model,
      choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    })}\n\n`;

  function streamReply(res: ServerResponse, reply: ScriptedReply, model: string): void {
    const id = `chatcmpl-${++counter}`;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    const write = (delta: unknown, finish: string | null = null) =>
      res.write(chunk(id, model, delta, finish));
    write({ role: 'assistant', content: '' });
    if (reply.kind === 'text' && (reply.intervalMs || reply.holds?.length)) {
      const paced = reply.chunks ?? words(reply.content);
      const { intervalMs = 0, holds = [] } = reply;
      const holdBefore = async (i: number) => {
        for (const hold of holds) if (hold.before === i) await hold.until.catch(() => undefined);
      };
      void (async () => {
        for (let i = 0; i < paced.length; i += 1) {
          await holdBefore(i);
          if (res.destroyed) return;
          write({ content: paced[i] });
          if (intervalMs) await new Promise((resolve) => setTimeout(resolve, intervalMs));
        }
        await holdBefore(paced.length);
        if (res.destroyed) return;
        write({}, 'stop');
        res.end('data: [DONE]\n\n');
      })();
      return;
    }
    if (reply.kind === 'text' || reply.kind === 'stall') {
      for (const piece of reply.kind === 'text'
        ? (reply.chunks ?? words(reply.content))
        : words(reply.content)) {
        write({ content: piece });
      }
      if (reply.kind === 'stall') return;
      write({}, 'stop');
    } else if (reply.kind === 'cut') {
      for (const piece of words(reply.content)) write({ content: piece });
      res.socket?.destroy();
      return;
    } else if (reply.kind === 'tool_calls') {
      if (reply.content) for (const piece of words(reply.content)) write({ content: piece });
      reply.calls.forEach((call, index) => {
        write({
          tool_calls: [
            {
              index,
              id: `call_${counter}_${index}`,
              type: 'function',
              function: { name: call.name, arguments: '' },
            },
          ],
        });
        for (const part of pieces(call.arguments, 7)) {
          write({ tool_calls: [{ index, function: { arguments: part } }] });
        }
      });
      write({}, 'tool_calls');
    }
    res.end('data: [DONE]\n\n');
  }

  function wholeReply(res: ServerResponse, reply: ScriptedReply, model: string): void {
    const id = `chatcmpl-${++counter}`;
    const message =
      reply.kind === 'tool_calls'
        ? {
            role: 'assistant',
            content: reply.content ?? null,
            tool_calls: reply.calls.map((call, index) => ({
              id: `call_${counter}_${index}`,
              type: 'function',
              function: { name: call.name, arguments: call.arguments },
            })),
          }
        : { role: 'assistant', content: reply.kind === 'text' ? reply.content : '' };
    sendJson(res, 200, {
      id,
      object: 'chat.completion',
      created: CREATED,
      model,
      choices: [
        {
          index: 0,
          message,
          finish_reason: reply.kind === 'tool_calls' ? 'tool_calls' : 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  }

  function answer(res: ServerResponse, received: ReceivedRequest): void {
    const { body } = received;
    if (state.rejectJsonSchema && body.response_format?.type === 'json_schema') {
      sendJson(res, 400, {
        error: {
          message: "response_format type 'json_schema' is not supported",
          type: 'invalid_request_error',
          code: 'unsupported_response_format',
        },
      });
      return;
    }
    const step = queue.shift() ?? fallback;
    if (!step) {
      sendJson(res, 500, errorBody(500, 'unscripted', 'no reply scripted for this request'));
      return;
    }
    const reply = typeof step === 'function' ? step(received) : step;
    const model = body.model ?? 'test-model';
    if (reply.kind === 'hang') return;
    if (reply.kind === 'status') {
      sendJson(
        res,
        reply.status,
        errorBody(reply.status, reply.code, reply.message),
        reply.retryAfter === undefined ? {} : { 'retry-after': String(reply.retryAfter) },
      );
      return;
    }
    if (body.stream) streamReply(res, reply, model);
    else if (reply.kind === 'cut') res.socket?.destroy();
    else if (reply.kind === 'stall') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":"stalled",');
    } else wholeReply(res, reply, model);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        sendJson(res, 404, errorBody(404, 'not_found', `no route ${req.method} ${path}`));
        return;
      }
      let body: ChatRequestBody;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequestBody;
      } catch {
        sendJson(res, 400, errorBody(400, 'invalid_json', 'the request body is not JSON'));
        return;
      }
      const received = { headers: req.headers, body };
      requests.push(received);
      answer(res, received);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...steps) => {
      queue.push(...steps);
    },
    otherwise: (step) => {
      fallback = step;
    },
    get rejectJsonSchema() {
      return state.rejectJsonSchema;
    },
    set rejectJsonSchema(value: boolean) {
      state.rejectJsonSchema = value;
    },
    reset: () => {
      queue.length = 0;
      fallback = null;
      requests.length = 0;
      state.rejectJsonSchema = false;
    },
    close: async () => {
      // Hanging replies hold their sockets open: end them so close() returns.
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
