import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from 'openai';
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionFunctionTool,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { AiFailureKind } from '@fitcoach/shared/realtime-events';
import type { Config } from '../../config/env';

/**
 * The `openai` engine's transport: any OpenAI-compatible chat-completions endpoint (OpenAI,
 * Ollama, vLLM, llama.cpp's server) through the official SDK. Two calls: a typed result checked
 * by the same Zod schema the `local` engine's results satisfy, and a streamed chat reply that may
 * run the caller's tools. Failures come back as values (`AiFailure`), never as a thrown SDK
 * error, so every caller has to decide what the member sees instead (the `local` result with a
 * notice, or the chat bubble's apology).
 */

export interface OpenAiSettings {
  /** Up to and including `/v1`; undefined means OpenAI itself. */
  baseURL?: string | undefined;
  apiKey?: string | undefined;
  model: string;
  /** One call's limit; for a streamed reply, the longest silence allowed in it. */
  timeoutMs: number;
  /** The SDK's retries of time-outs, 429 (after Retry-After) and 5xx. */
  maxRetries: number;
}

/** The settings when the `openai` engine is chosen, else null (the boot checked the rest). */
export function openAiSettingsFrom(config: Config): OpenAiSettings | null {
  if (config.AI_PROVIDER !== 'openai' || !config.OPENAI_MODEL) return null;
  return {
    baseURL: config.OPENAI_BASE_URL,
    apiKey: config.OPENAI_API_KEY,
    model: config.OPENAI_MODEL,
    timeoutMs: config.OPENAI_TIMEOUT_MS,
    maxRetries: config.OPENAI_MAX_RETRIES,
  };
}

export type { AiFailureKind };

const failureText: Record<AiFailureKind, string> = {
  timeout: 'The AI model took too long to answer.',
  rate_limited: 'The AI model is busy right now; try again in a moment.',
  server: 'The AI model had a problem answering.',
  network: 'The AI model could not be reached.',
  refused: 'The AI model refused the request.',
  invalid_output: 'The AI model’s answer was not usable.',
  aborted: 'The request was cancelled.',
};

export interface AiIssue {
  path: string;
  message: string;
}

/** Why a model call gave nothing usable; `message` is a sentence a person can read. */
export class AiFailure extends Error {
  readonly kind: AiFailureKind;
  /** The HTTP status the endpoint answered with, if it answered. */
  readonly status: number | undefined;
  /** The endpoint's error code (e.g. `rate_limit_exceeded`), if it gave one. */
  readonly code: string | undefined;
  /** From a 429's Retry-After. */
  readonly retryAfterSeconds: number | undefined;
  /** For `invalid_output`: what was wrong with the last answer. */
  readonly issues: AiIssue[];

  constructor(
    kind: AiFailureKind,
    details: {
      status?: number | undefined;
      code?: string | undefined;
      retryAfterSeconds?: number | undefined;
      issues?: AiIssue[];
    } = {},
  ) {
    super(failureText[kind]);
    this.name = 'AiFailure';
    this.kind = kind;
    this.status = details.status;
    this.code = details.code;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.issues = details.issues ?? [];
  }
}

/** Where model errors are logged: status and code only, never prompts or answers. */
export interface AiLog {
  warn(details: Record<string, unknown>, message: string): void;
}

const silentLog: AiLog = { warn: () => {} };

export type StructuredResult<T> =
  | {
      ok: true;
      value: T;
      /** The first answer was invalid and the repair worked. */ repaired: boolean;
    }
  | { ok: false; failure: AiFailure };

export interface StructuredRequest<T> {
  /** Validates the answer; its JSON Schema is what the model is asked to fill. */
  schema: z.ZodType<T>;
  /** A short identifier for the schema (`[a-zA-Z0-9_-]`, as OpenAI requires). */
  name: string;
  system: string;
  user: string;
  /**
   * Lists the model must choose from (exercises, foods), by list name: sent with the request,
   * and every id in the answer must come from them (see `checkIds`).
   */
  candidates?: Record<string, readonly { id: number; name: string }[]>;
  /**
   * Problems the schema cannot see, such as ids outside the candidate lists (see
   * `idsOutside`). An answer with problems gets the same single repair as an invalid one.
   */
  checkIds?: (value: T) => AiIssue[];
  signal?: AbortSignal;
}

export interface ChatTool<A = unknown> {
  name: string;
  description: string;
  /** The arguments' schema: sent as JSON Schema, and the model's arguments are checked by it. */
  parameters: z.ZodType<A>;
  run(args: A): unknown;
}

/** Builds a tool with its argument type inferred from its schema. */
export function chatTool<A>(tool: ChatTool<A>): ChatTool<unknown> {
  return tool;
}

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface StreamChatRequest {
  messages: ChatTurn[];
  tools?: ChatTool<unknown>[];
  /** Called with each piece of the reply's text, in order. */
  onToken: (delta: string) => void;
  signal?: AbortSignal;
  /** Rounds of tool calls before the model must answer without tools (default 4). */
  maxToolRounds?: number;
}

export type ChatResult =
  | { ok: true; text: string; toolCalls: { name: string; ok: boolean }[] }
  | { ok: false; failure: AiFailure; /** What was streamed before the failure. */ text: string };

export interface OpenAiProvider {
  readonly model: string;
  generateStructured<T>(request: StructuredRequest<T>): Promise<StructuredResult<T>>;
  streamChat(request: StreamChatRequest): Promise<ChatResult>;
}

/**
 * Ids used in an answer that are not in the allowed set, as repair issues: e.g.
 * `idsOutside('exercise_id', allowed, plan.items.map((i) => i.exercise_id))`.
 */
export function idsOutside(
  field: string,
  allowed: Iterable<number>,
  used: Iterable<number>,
): AiIssue[] {
  const known = new Set(allowed);
  const unknown = [...new Set([...used].filter((id) => !known.has(id)))];
  return unknown.map((id) => ({
    path: field,
    message: `${id} is not one of the candidates; use only ids from the candidate lists`,
  }));
}

/** A Zod schema as the JSON Schema sent to the model (what `parse` accepts). */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return json;
}

/** Models often wrap JSON in a Markdown fence even when asked not to. */
function unfence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*\n?([\s\S]*?)\n?```\s*$/i.exec(text);
  return (fenced?.[1] ?? text).trim();
}

function zodIssues(error: z.ZodError): AiIssue[] {
  return error.issues.slice(0, 20).map((i) => ({
    path: i.path.map(String).join('.') || '(root)',
    message: i.message,
  }));
}

function checkAnswer<T>(
  raw: string,
  schema: z.ZodType<T>,
  checkIds: ((value: T) => AiIssue[]) | undefined,
): { ok: true; value: T } | { ok: false; issues: AiIssue[] } {
  let data: unknown;
  try {
    data = JSON.parse(unfence(raw));
  } catch {
    return {
      ok: false,
      issues: [{ path: '(root)', message: 'the answer is not valid JSON' }],
    };
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) return { ok: false, issues: zodIssues(parsed.error) };
  const problems = checkIds?.(parsed.data) ?? [];
  return problems.length > 0 ? { ok: false, issues: problems } : { ok: true, value: parsed.data };
}

function retryAfterOf(headers: Headers | undefined): number | undefined {
  const header = headers?.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** A call's own limit: the SDK's time-out ends waiting for headers, this one any silence. */
class Deadline {
  readonly controller = new AbortController();
  expired = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ms: number,
    outer: AbortSignal | undefined,
  ) {
    if (outer?.aborted) this.controller.abort();
    outer?.addEventListener('abort', () => this.controller.abort(), { once: true });
    this.touch();
  }

  /** Something arrived: the silence starts again. */
  touch(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort();
    }, this.ms);
  }

  done(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}

export function createOpenAiProvider(
  settings: OpenAiSettings,
  log: AiLog = silentLog,
): OpenAiProvider {
  const client = new OpenAI({
    // Servers of one's own (Ollama, llama.cpp) ignore the key; the SDK insists on one.
    apiKey: settings.apiKey ?? 'not-needed',
    ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
  });
  /** Set once the endpoint refused `json_schema`: from then on, `json_object` only. */
  let jsonObjectOnly = false;

  function failureOf(error: unknown, deadline: Deadline): AiFailure {
    let failure: AiFailure;
    if (error instanceof AiFailure) failure = error;
    else if (deadline.expired || error instanceof APIConnectionTimeoutError) {
      failure = new AiFailure('timeout');
    } else if (error instanceof APIUserAbortError) failure = new AiFailure('aborted');
    else if (error instanceof APIConnectionError) failure = new AiFailure('network');
    else if (error instanceof APIError) {
      const rawStatus: unknown = error.status;
      const rawCode: unknown = error.code;
      const status = typeof rawStatus === 'number' ? rawStatus : undefined;
      const details = { status, code: typeof rawCode === 'string' ? rawCode : undefined };
      if (status === 429) {
        failure = new AiFailure('rate_limited', {
          ...details,
          retryAfterSeconds: retryAfterOf(error.headers as Headers | undefined),
        });
      } else if (status !== undefined && status >= 500) failure = new AiFailure('server', details);
      else failure = new AiFailure('refused', details);
    } else if (deadline.controller.signal.aborted) failure = new AiFailure('aborted');
    else failure = new AiFailure('network');
    if (failure.kind !== 'aborted') {
      // Status and code only: the prompt and the answer may hold the member's own words.
      log.warn(
        { kind: failure.kind, status: failure.status, code: failure.code, model: settings.model },
        'openai: model call failed',
      );
    }
    return failure;
  }

  async function complete(
    messages: ChatCompletionMessageParam[],
    name: string,
    schema: Record<string, unknown>,
    deadline: Deadline,
  ): Promise<string> {
    const base = { model: settings.model, messages, temperature: 0.2 };
    const ask = (params: ChatCompletionCreateParamsNonStreaming) =>
      client.chat.completions.create(params, { signal: deadline.controller.signal });
    let answer;
    if (!jsonObjectOnly) {
      try {
        answer = await ask({
          ...base,
          response_format: { type: 'json_schema', json_schema: { name, schema, strict: false } },
        });
      } catch (error) {
        // A server without structured outputs says 400 or 422 (llama.cpp, older vLLM, …): ask
        // for plain JSON with the schema in the prompt instead.
        const status: unknown = error instanceof APIError ? error.status : undefined;
        if (status !== 400 && status !== 422) throw error;
      }
    }
    const fallingBack = !answer;
    if (!answer) {
      const withSchema: ChatCompletionMessageParam[] = [
        {
          role: 'system',
          content: `Answer with one JSON object matching this JSON Schema, and nothing else:\n${JSON.stringify(schema)}`,
        },
        ...messages,
      ];
      answer = await ask({
        ...base,
        messages: withSchema,
        response_format: { type: 'json_object' },
      });
      // Remembered only once json_object worked: the 400 was about json_schema, not the request.
      if (fallingBack) jsonObjectOnly = true;
    }
    const choice = answer.choices[0];
    if (choice?.message.refusal) {
      throw new AiFailure('refused', { code: 'refusal' });
    }
    return choice?.message.content ?? '';
  }

  async function generateStructured<T>(
    request: StructuredRequest<T>,
  ): Promise<StructuredResult<T>> {
    const schema = jsonSchemaOf(request.schema);
    const candidates = request.candidates
      ? `\n\nChoose only from these candidates (id: name), by id:\n${Object.entries(
          request.candidates,
        )
          .map(([list, items]) => `${list}:\n${items.map((i) => `${i.id}: ${i.name}`).join('\n')}`)
          .join('\n\n')}`
      : '';
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: request.system },
      { role: 'user', content: request.user + candidates },
    ];
    const deadline = new Deadline(settings.timeoutMs * (settings.maxRetries + 1), request.signal);
    try {
      const first = await complete(messages, request.name, schema, deadline);
      const checked = checkAnswer(first, request.schema, request.checkIds);
      if (checked.ok) return { ok: true, value: checked.value, repaired: false };
      // One repair: the model sees its answer and what was wrong with it.
      deadline.touch();
      const repair: ChatCompletionMessageParam[] = [
        ...messages,
        { role: 'assistant', content: first },
        {
          role: 'user',
          content: `That answer is not valid:\n${checked.issues
            .map((i) => `- ${i.path}: ${i.message}`)
            .join('\n')}\nAnswer again with the corrected JSON only.`,
        },
      ];
      const second = await complete(repair, request.name, schema, deadline);
      const again = checkAnswer(second, request.schema, request.checkIds);
      if (again.ok) return { ok: true, value: again.value, repaired: true };
      const failure = new AiFailure('invalid_output', { issues: again.issues });
      log.warn(
        { kind: failure.kind, model: settings.model, issues: again.issues.length },
        'openai: answer invalid after one repair',
      );
      return { ok: false, failure };
    } catch (error) {
      return { ok: false, failure: failureOf(error, deadline) };
    } finally {
      deadline.done();
    }
  }

  async function streamChat(request: StreamChatRequest): Promise<ChatResult> {
    const tools = request.tools ?? [];
    const byName = new Map(tools.map((t) => [t.name, t]));
    const toolSpecs: ChatCompletionFunctionTool[] = tools.map((t) => ({
      type: 'function',
      function: {
        name: t.name,
        description: t.description,
        parameters: jsonSchemaOf(t.parameters),
      },
    }));
    const maxRounds = request.maxToolRounds ?? 4;
    const messages: ChatCompletionMessageParam[] = request.messages.map((m) => ({ ...m }));
    const ran: { name: string; ok: boolean }[] = [];
    let text = '';
    const deadline = new Deadline(settings.timeoutMs, request.signal);
    try {
      for (let round = 0; ; round += 1) {
        // Past the limit the model must answer with what it has.
        const offerTools = toolSpecs.length > 0 && round < maxRounds;
        deadline.touch();
        const stream = await client.chat.completions.create(
          {
            model: settings.model,
            messages,
            stream: true,
            ...(offerTools ? { tools: toolSpecs } : {}),
          },
          { signal: deadline.controller.signal },
        );
        const calls: { id: string; name: string; args: string }[] = [];
        let roundText = '';
        let finished = false;
        for await (const chunk of stream) {
          deadline.touch();
          if (chunk.choices[0]?.finish_reason) finished = true;
          const delta = chunk.choices[0]?.delta;
          if (!delta) continue;
          if (delta.content) {
            roundText += delta.content;
            text += delta.content;
            request.onToken(delta.content);
          }
          for (const part of delta.tool_calls ?? []) {
            const call = (calls[part.index] ??= { id: '', name: '', args: '' });
            if (part.id) call.id = part.id;
            if (part.function?.name) call.name += part.function.name;
            if (part.function?.arguments) call.args += part.function.arguments;
          }
        }
        // The SDK ends the iteration quietly when aborted: a time-out or the caller's abort.
        if (deadline.controller.signal.aborted) throw new APIUserAbortError();
        // Cut off without a finish reason: the connection broke mid-reply.
        if (!finished) throw new AiFailure('network');
        const asked = calls.filter(Boolean);
        if (asked.length === 0 || !offerTools) {
          return { ok: true, text, toolCalls: ran };
        }
        const toolCalls: ChatCompletionMessageFunctionToolCall[] = asked.map((c, i) => ({
          id: c.id || `call_${round}_${i}`,
          type: 'function',
          function: { name: c.name, arguments: c.args },
        }));
        messages.push({ role: 'assistant', content: roundText || null, tool_calls: toolCalls });
        for (const call of toolCalls) {
          const content = await runTool(byName.get(call.function.name), call.function.arguments);
          ran.push({ name: call.function.name, ok: content.ok });
          messages.push({ role: 'tool', tool_call_id: call.id, content: content.text });
        }
      }
    } catch (error) {
      return { ok: false, failure: failureOf(error, deadline), text };
    } finally {
      deadline.done();
    }
  }

  /** A tool's answer for the model; a bad call is told to the model so it can correct it. */
  async function runTool(
    tool: ChatTool<unknown> | undefined,
    rawArgs: string,
  ): Promise<{ ok: boolean; text: string }> {
    if (!tool) return { ok: false, text: JSON.stringify({ error: 'no such tool' }) };
    let args: unknown;
    try {
      args = rawArgs.trim() === '' ? {} : JSON.parse(rawArgs);
    } catch {
      return { ok: false, text: JSON.stringify({ error: 'the arguments are not valid JSON' }) };
    }
    const parsed = tool.parameters.safeParse(args);
    if (!parsed.success) {
      return {
        ok: false,
        text: JSON.stringify({ error: 'invalid arguments', issues: zodIssues(parsed.error) }),
      };
    }
    try {
      const result = await tool.run(parsed.data);
      return { ok: true, text: JSON.stringify(result ?? null) };
    } catch (error) {
      log.warn(
        { tool: tool.name, err: error instanceof Error ? error.name : 'unknown' },
        'openai: a tool failed',
      );
      return { ok: false, text: JSON.stringify({ error: 'the tool failed' }) };
    }
  }

  return { model: settings.model, generateStructured, streamChat };
}
