import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'use true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An address or CIDR range (`10.0.0.0/8`, `fd00::/8`), or one of proxy-addr's names. */
function isProxyAddress(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies' `X-Forwarded-*` to believe (Fastify's `trustProxy`): `false`; a number of hops
 * (`1` behind one nginx: the address it appended, not what the client wrote before it); a list
 * of proxy addresses or ranges; or `true`, every hop, which makes the client's own leftmost
 * `X-Forwarded-For` its address (kept for compatibility; README says why not to use it).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | number | string[] => {
    const lower = v.toLowerCase();
    if (lower === 'true' || lower === 'yes') return true;
    if (lower === 'false' || lower === 'no' || lower === '0') return false;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 100) return hops;
    }
    const list = v
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (list.length > 0 && list.every(isProxyAddress)) return list;
    ctx.addIssue({
      code: 'custom',
      message:
        'use false, a number of proxy hops (1 behind one nginx), a comma-separated list of proxy addresses or CIDR ranges, or true (trusts every hop)',
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'use a port number' })
    .int('use a whole port number')
    .min(0, 'use a port between 0 and 65535')
    .max(65535, 'use a port between 0 and 65535')
    .default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'use a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'use a redis:// or rediss:// URL')
    .optional(),
  SESSION_SECRET: z
    .string()
    .min(32, 'use at least 32 characters (for example: openssl rand -hex 32)')
    .optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Sign-in attempts per minute per address and account. */
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Sign-in attempts per 15 minutes on one account, from all addresses together. */
  SIGN_IN_ACCOUNT_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Sign-in attempts per minute from one address, on all accounts together. */
  SIGN_IN_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Sign-ups per hour from one address. */
  SIGN_UP_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Password-change attempts per 15 minutes on one account (each checks the current one). */
  PASSWORD_CHANGE_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * Virtual-trainer requests (generated workouts, programs, diets, answers) per 10 minutes per
   * member; with a model configured each one is paid for.
   */
  AI_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * Questions to the trainer (`/api/trainer/chat` and `/api/trainer/ask` together) per minute per
   * member; with a model configured each answer is paid for.
   */
  AI_CHAT_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Reports (of a message, a proof or a profile) per hour per member. */
  REPORT_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Video analyses kept (`POST /api/video_analysis`) per hour per member: each stores up to a
   * megabyte of measurements; a member analysing every set of a long session stays well under.
   */
  VIDEO_ANALYSIS_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * Password hashes computed at once; argon2 takes 19 MiB and a core's worth of time each. The
   * default leaves one core to the event loop (and the database beside it), so a flood of
   * sign-ins cannot take every core from the other requests (bench/RESULTS.md, sign-in flood).
   */
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, availableParallelism() - 1)),
  /** Hashes waiting for a turn before more are refused with 503. */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  /**
   * How long a sign-in or sign-up that finds hashing full is held before its 503 (and is let
   * through instead if a turn frees meanwhile). A client that sends its next guess the moment
   * it is refused then sends one a second per connection instead of thousands, and the event
   * loop stays free for everyone else (bench/RESULTS.md, sign-in flood). 0 refuses at once.
   */
  PASSWORD_HASH_REFUSAL_HOLD_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /**
   * How long a chat message may stay unread before its recipient is notified of it
   * (features/chat/chat.notifier.ts): an open chat reads it well within this.
   */
  CHAT_NOTIFY_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  TRUST_PROXY: trustProxy.default(false),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /** Uploads go to this S3-compatible bucket instead of DATA_DIR when set. */
  S3_BUCKET: z.string().trim().min(3, 'use a bucket name').max(63, 'use a bucket name').optional(),
  /** Another S3-compatible service (MinIO, R2, …); unset means AWS. */
  S3_ENDPOINT: z.url({ error: 'use a URL like https://s3.example.com' }).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path rather than the host name (MinIO and most self-hosted services). */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /**
   * What one member's files may take, in MB: stored files plus declared uploads still under
   * way. The default leaves room for two of the largest files a purpose allows (200 MB).
   */
  UPLOAD_QUOTA_MB: z.coerce
    .number({ error: 'use a number of megabytes' })
    .int('use a whole number of megabytes')
    .min(1, 'use at least 1 (MB)')
    .max(1_000_000, 'use at most 1000000 (MB)')
    .default(500),
  /**
   * Mail goes out over this SMTP server (smtp://user:pass@host:587, smtps:// for TLS from the
   * start). Unset: mails are kept in the outbox, which admins read at /admin/mail.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'use an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587')
    .optional(),
  /** The From of every mail, e.g. `FitCoach <no-reply@example.com>`. */
  MAIL_FROM: z.string().trim().min(3).max(300).default('FitCoach <no-reply@localhost>'),
  /**
   * The address members reach the app at (https://fitcoach.example.com), for links in mails.
   * Required with SMTP_URL; unset (mail kept in the outbox): the address the request came to.
   */
  PUBLIC_URL: z
    .url({ error: 'use a URL like https://fitcoach.example.com' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /** Invitations by email one member may send per 24 hours. */
  INVITES_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(20),
  /** First wait before a failed mail is tried again; each further failure doubles it (to 1 h). */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** How often the sender looks for mail due (besides being woken when one is queued). */
  MAIL_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  /**
   * Origins (besides the server's own) whose pages may open /cable, comma-separated, e.g. a
   * separate front-end host. Anything else is refused at the handshake.
   */
  CABLE_ALLOWED_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.url({ error: 'use a comma-separated list of origins like https://app.example.com' }),
      ),
    )
    .default([]),
  /**
   * The AI engine: `local` (default) plans and answers offline from the app's own data;
   * `openai` asks a model at OPENAI_BASE_URL (OpenAI, Ollama, vLLM, llama.cpp's server).
   */
  AI_PROVIDER: z.enum(['local', 'openai'], { error: 'use local or openai' }).default('local'),
  /** An OpenAI-compatible API, up to and including `/v1`; unset means OpenAI itself. */
  OPENAI_BASE_URL: z
    .url({ error: 'use a URL like http://127.0.0.1:11434/v1' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  OPENAI_API_KEY: z.string().trim().min(1).optional(),
  OPENAI_MODEL: z.string().trim().min(1).max(200).optional(),
  /** How long one model call may take (for a streamed reply: the longest silence in it). */
  OPENAI_TIMEOUT_MS: z.coerce
    .number({ error: 'use a number of milliseconds' })
    .int('use a whole number of milliseconds')
    .min(100, 'use at least 100 (ms)')
    .max(600_000, 'use at most 600000 (ms)')
    .default(30_000),
  /** Retries of a call that failed with a time-out, 429 (after its Retry-After) or 5xx. */
  OPENAI_MAX_RETRIES: z.coerce
    .number({ error: 'use a number of retries' })
    .int('use a whole number of retries')
    .min(0, 'use 0 to 5')
    .max(5, 'use 0 to 5')
    .default(1),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'WEB_DIST_DIR' | 'DATA_DIR'> {
  DATA_DIR: string;
  /** Absolute path of the built web app, or null when it is not built (API-only). */
  WEB_DIST_DIR: string | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Empty strings count as unset: `PORT= npm start` should mean the default, not an error. */
function withoutEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''),
  );
}

/**
 * Parses the environment. A bad value throws a ConfigError naming each variable and what is
 * wrong with it; the boot prints it and stops.
 */
export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  defaults: { webDistDir: string | null } = { webDistDir: null },
): Config {
  const parsed = envSchema.safeParse(withoutEmpty(source));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message}`),
    );
  }
  const env = parsed.data;
  const problems = [...storageProblems(env), ...aiProblems(env), ...mailProblems(env)];
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    WEB_DIST_DIR: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaults.webDistDir,
  };
}

/** S3 settings only mean something together: say which one is missing. */
function storageProblems(env: Env): string[] {
  const problems: string[] = [];
  if (!env.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (name) => env[name] !== undefined,
    );
    if (stray.length > 0) problems.push(`S3_BUCKET: set it too, or unset ${stray.join(', ')}`);
  }
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    problems.push(
      env.S3_ACCESS_KEY_ID
        ? 'S3_SECRET_ACCESS_KEY: set it together with S3_ACCESS_KEY_ID'
        : 'S3_ACCESS_KEY_ID: set it together with S3_SECRET_ACCESS_KEY',
    );
  }
  return problems;
}

/**
 * Mail that leaves the machine carries links (an invitation's sign-up link): they must name the
 * app's real address. Without PUBLIC_URL the link would name whatever Host a request claimed, so
 * any member could have FitCoach mail a link to a look-alike site. Kept in the outbox (no
 * SMTP_URL), mail is read by admins in the app, and the request's address serves.
 */
function mailProblems(env: Env): string[] {
  return env.SMTP_URL && !env.PUBLIC_URL
    ? [
        'PUBLIC_URL: set it with SMTP_URL (the address members reach FitCoach at, e.g. https://fitcoach.example.com): links in mails name it',
      ]
    : [];
}

/** The `openai` engine needs a model, and a key unless it talks to a server of one's own. */
function aiProblems(env: Env): string[] {
  if (env.AI_PROVIDER !== 'openai') return [];
  const problems: string[] = [];
  if (!env.OPENAI_MODEL) {
    problems.push('OPENAI_MODEL: set the model to ask (e.g. gpt-4o-mini, or llama3.1 on Ollama)');
  }
  if (!env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
    problems.push(
      'OPENAI_API_KEY: set it for OpenAI, or set OPENAI_BASE_URL to a server that needs none',
    );
  }
  return problems;
}
