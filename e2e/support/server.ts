import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A browser test run signs many members up and in from one address (127.0.0.1): the limits
 * a real installation keeps (README, settings) would refuse it. The limits have their own tests.
 */
export const BROWSER_TEST_LIMITS = {
  SIGN_IN_RATE_LIMIT: '50',
  SIGN_IN_ADDRESS_RATE_LIMIT: '10000',
  SIGN_IN_ACCOUNT_RATE_LIMIT: '10000',
  SIGN_UP_RATE_LIMIT: '10000',
  PASSWORD_CHANGE_RATE_LIMIT: '10000',
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface RunningServer {
  baseUrl: string;
  /** The current process (a new one after restart()). */
  readonly child: ChildProcess;
  /** Resolves with the exit code once the current process has exited. */
  readonly exited: Promise<number | null>;
  stop(): Promise<void>;
  /**
   * A deploy: SIGTERM, wait for the exit, then the same build on the same port, data dir and
   * database. `whileStopped` runs in between (e.g. to change the data behind the server's back).
   */
  restart(options?: { whileStopped?: () => Promise<void> }): Promise<void>;
}

async function stopProcess(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Spawns the built server and waits until it answers /health. */
async function launch(
  env: NodeJS.ProcessEnv,
  baseUrl: string,
): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(repoRoot, 'apps/server/dist/server.js')],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode} before it was healthy`);
    try {
      const res = await fetch(`${baseUrl}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become healthy within 60 s');
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return { child, exited };
}

/**
 * Starts the built FitCoach server as `npm start` would, on a fresh embedded database in a temp
 * dir, or on a fresh PostgreSQL database when DATABASE_URL is set. Demo data is loaded.
 */
/**
 * A fresh PostgreSQL database when DATABASE_URL is set (the run's "on PostgreSQL" pass), so
 * several processes can share it; null on the embedded pass.
 */
export async function createTempPostgresDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
} | null> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return null;
  const name = `fitcoach_e2e_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

export async function startServer(
  extraEnv: Record<string, string> = {},
  options: {
    dataDir?: string;
    keepDataDir?: boolean;
    databaseUrl?: string;
    embedded?: boolean;
  } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'fitcoach-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...extraEnv,
  };
  let dropDatabase: (() => Promise<void>) | null = null;
  if (options.embedded) {
    delete env.DATABASE_URL;
  } else if (options.databaseUrl) {
    env.DATABASE_URL = options.databaseUrl;
  } else {
    const temp = await createTempPostgresDatabase();
    if (temp) {
      env.DATABASE_URL = temp.url;
      dropDatabase = () => temp.drop();
    }
  }

  const baseUrl = `http://127.0.0.1:${port}`;
  let current = await launch(env, baseUrl);

  return {
    baseUrl,
    get child() {
      return current.child;
    },
    get exited() {
      return current.exited;
    },
    async stop() {
      await stopProcess(current.child, current.exited);
      if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
      if (dropDatabase) await dropDatabase();
    },
    async restart({ whileStopped } = {}) {
      await stopProcess(current.child, current.exited);
      await whileStopped?.();
      current = await launch(env, baseUrl);
    },
  };
}
