// Trainer chat streaming (issue 12): what /cable adds to a model's time to first token. Target:
// ≤ 10 ms added.
//
// How: in this process, the app (buildApp, production settings, on a fresh database on the
// PostgreSQL at BENCH_DATABASE_ADMIN_URL, dropped at the end) listening on 127.0.0.1, and the
// in-process OpenAI-compatible server (apps/server/src/test/openai-test-server.ts) streaming a
// 40-token reply, one token every BENCH_TRAINER_TOKEN_MS (5 ms: faster than real models, which
// stream 20–100 tokens a second; sent all at once, the socket, read in this same process, would
// wait for the whole reply to be parsed, which no browser does). One member owns one trainer thread; a WebSocket with their session cookie and
// the app's Origin subscribes to `{ channel: 'TrainerChannel' }` (the member's own stream).
//   - baseline: the `openai` provider's streamChat against the server; time from the call to its
//     first onToken (the provider's own time to first token: HTTP request, SSE parse).
//   - cable: the same call through streamReplyIntoThread (the helper the chat route uses); time
//     from the call to the subscriber's socket receiving the first `token` event (adds the
//     event's validation, the pub/sub broadcast, the frame write and this process's read).
// The two alternate, one reply at a time (the next once the previous reply's `done` arrived),
// after an unmeasured warm-up. Env: BENCH_TRAINER_REPLIES (300), BENCH_TRAINER_WARMUP (30),
// BENCH_DATABASE_ADMIN_URL.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { buildApp } from '../apps/server/src/app';
import { createOpenAiProvider } from '../apps/server/src/coach/providers/openai';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedDatabase } from '../apps/server/src/db/seed/seed';
import { streamReplyIntoThread } from '../apps/server/src/features/trainer-stream/trainer-stream.service';
import { startOpenAiTestServer } from '../apps/server/src/test/openai-test-server';
import {
  freshDatabase,
  insertMembers,
  loadAverage,
  percentile,
  sessionsFor,
} from './friends-support';
import { machine } from './support';

const REPLIES = Number(process.env.BENCH_TRAINER_REPLIES ?? 300);
const WARMUP = Number(process.env.BENCH_TRAINER_WARMUP ?? 30);
const TARGET_ADDED_MS = 10;
/** A fast model's pace (200 tokens/s); real ones are slower. */
const TOKEN_INTERVAL_MS = Number(process.env.BENCH_TRAINER_TOKEN_MS ?? 5);
const TOKENS = Array.from({ length: 40 }, (_, i) => `word${i} `);

interface Stats {
  p50: number;
  p99: number;
  max: number;
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function main(): Promise<void> {
  const model = await startOpenAiTestServer();
  model.otherwise({ kind: 'text', content: '', chunks: TOKENS, intervalMs: TOKEN_INTERVAL_MS });
  const db = await freshDatabase('trainer');
  const handle = await openDatabase({ url: db.url, poolMax: 5 });
  try {
    await runMigrations(handle);
    await seedDatabase(handle.db, { demo: false });
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: db.url, LOG_LEVEL: 'warn' });
    config.WEB_DIST_DIR = null;
    const app = await buildApp({
      config,
      database: handle,
      sessionSecret: 'bench-secret-bench-secret-bench-secret-0',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const base = `http://127.0.0.1:${port}`;

    const [userId] = await insertMembers(db.pool, 1, `trainer-${Date.now()}`);
    const [token] = await sessionsFor(db.pool, [userId!]);
    const thread = await db.pool.query<{ id: number }>(
      `insert into trainer_threads (user_id, persona_id, title)
       select $1, id, 'Bench' from trainer_personas order by id limit 1 returning id`,
      [userId],
    );
    const threadId = thread.rows[0]!.id;
    const identifier = JSON.stringify({ channel: 'TrainerChannel' });

    const ws = new WebSocket(`ws://127.0.0.1:${port}/cable`, ['actioncable-v1-json'], {
      headers: { cookie: `fitcoach_session=${token}`, origin: base },
      perMessageDeflate: false,
    });
    let onFrame: ((text: string, at: number) => void) | null = null;
    ws.on('message', (data) => onFrame?.((data as Buffer).toString('utf8'), performance.now()));
    const until = (ready: (text: string, at: number) => boolean, what: string) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), 10_000);
        onFrame = (text, at) => {
          if (!ready(text, at)) return;
          clearTimeout(timer);
          onFrame = null;
          resolve(at);
        };
      });
    await until((t) => t.includes('"welcome"'), 'welcome');
    const confirmed = until((t) => {
      if (t.includes('reject_subscription')) throw new Error('subscription rejected');
      return t.includes('confirm_subscription');
    }, 'confirm');
    ws.send(JSON.stringify({ command: 'subscribe', identifier }));
    await confirmed;

    const provider = createOpenAiProvider({
      baseURL: model.baseURL,
      model: 'bench-model',
      timeoutMs: 10_000,
      maxRetries: 0,
    });
    const messages = [{ role: 'user' as const, content: 'How should I warm up?' }];

    const direct = async (): Promise<number> => {
      let first = 0;
      const t0 = performance.now();
      const result = await provider.streamChat({
        messages,
        onToken: () => {
          if (first === 0) first = performance.now() - t0;
        },
      });
      if (!result.ok) throw new Error(`model failed: ${result.failure.kind}`);
      return first;
    };

    const overCable = async (): Promise<number> => {
      let first = 0;
      const done = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no done event')), 10_000);
        onFrame = (text, at) => {
          if (first === 0 && text.includes('"type":"token"')) first = at;
          if (text.includes('"type":"done"')) {
            clearTimeout(timer);
            onFrame = null;
            resolve();
          }
        };
      });
      const t0 = performance.now();
      const reply = await streamReplyIntoThread(
        app,
        { userId: userId!, threadId, clientRequestId: null },
        (onToken) => provider.streamChat({ messages, onToken }),
      );
      if (!reply.result.ok) throw new Error(`model failed: ${reply.result.failure.kind}`);
      await done;
      return first - t0;
    };

    for (let i = 0; i < WARMUP; i += 1) {
      await direct();
      await overCable();
    }
    const baseline: number[] = [];
    const cable: number[] = [];
    for (let i = 0; i < REPLIES; i += 1) {
      baseline.push(await direct());
      cable.push(await overCable());
    }
    ws.close();
    await app.close();

    const b = stats(baseline);
    const c = stats(cable);
    const added = { p50: c.p50 - b.p50, p99: c.p99 - b.p99 };
    console.log('# Trainer chat: time to first token, provider vs /cable subscriber');
    console.log(machine());
    console.log(
      `load average (1, 5, 15 min): ${loadAverage()}; ${REPLIES} replies each, ${TOKENS.length} tokens ${TOKEN_INTERVAL_MS} ms apart`,
    );
    console.log('');
    console.log('| path | p50 | p99 | max |');
    console.log('| --- | --- | --- | --- |');
    console.log(
      `| baseline: in-process server → provider onToken | ${fmt(b.p50)} | ${fmt(b.p99)} | ${fmt(b.max)} |`,
    );
    console.log(
      `| /cable: → TrainerChannel subscriber | ${fmt(c.p50)} | ${fmt(c.p99)} | ${fmt(c.max)} |`,
    );
    console.log('');
    const ok = added.p99 <= TARGET_ADDED_MS;
    console.log(
      `added by /cable: p50 ${fmt(added.p50)}, p99 ${fmt(added.p99)} (target ≤ ${TARGET_ADDED_MS} ms: ${ok ? 'met' : 'NOT met'})`,
    );
  } finally {
    await handle.close().catch(() => {});
    await db.drop();
    await model.close();
  }
}

await main();
