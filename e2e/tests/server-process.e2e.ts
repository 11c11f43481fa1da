import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTempPostgresDatabase, repoRoot, startServer } from '../support/server';

// These run the built server the way a self-hoster does: as a process, with its own data dir.
const cleanups: (() => Promise<void> | void)[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fitcoach-proc-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/**
 * Where a group of processes keeps its data: a temp DATA_DIR, plus (on the PostgreSQL pass) a
 * fresh database that the CLI scripts and the server share.
 */
async function sharedStore(): Promise<{ env: Record<string, string>; databaseUrl?: string }> {
  const env: Record<string, string> = { DATA_DIR: tempDataDir() };
  const pgDb = await createTempPostgresDatabase();
  if (!pgDb) return { env };
  cleanups.push(() => pgDb.drop());
  env.DATABASE_URL = pgDb.url;
  return { env, databaseUrl: pgDb.url };
}

function runScript(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(repoRoot, 'apps/server/dist', script), ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** A raw HTTP/1.1 request whose body is sent in two halves, so it is in flight on demand. */
function slowRequest(
  baseUrl: string,
  pathName: string,
  headers: Record<string, string>,
  body: string,
) {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  const half = Math.floor(body.length / 2);
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (answer += chunk));
  const head = [
    `POST ${pathName} HTTP/1.1`,
    `host: ${hostname}:${port}`,
    'content-type: application/json',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  return {
    started: new Promise<void>((resolve) =>
      socket.once('connect', () => socket.write(head + body.slice(0, half), () => resolve())),
    ),
    finish: () => socket.write(body.slice(half)),
    done: new Promise<string>((resolve) => socket.once('close', () => resolve(answer))),
  };
}

describe('the server process', () => {
  it('stops at boot naming a bad variable', () => {
    const result = runScript('server.js', [], {
      PORT: 'not-a-port',
      DATABASE_URL: '',
      DATA_DIR: tempDataDir(),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('Invalid configuration');
  });

  it('creates an admin from the command line, who can then sign in', async () => {
    const store = await sharedStore();
    const bad = runScript('create-admin.js', ['--email', 'nope'], store.env);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--email');

    const created = runScript(
      'create-admin.js',
      ['--email', 'Boss@Example.org', '--password', 'a long admin password'],
      store.env,
    );
    expect(created.stdout).toContain('Created admin boss@example.org');
    const promoted = runScript(
      'create-admin.js',
      ['--email', 'maya@example.com', '--password', 'maya is admin now'],
      store.env,
    );
    expect(promoted.status).toBe(0);

    const server = await startServer(
      {},
      { ...store, dataDir: store.env.DATA_DIR, keepDataDir: true },
    );
    try {
      const me = await fetch(`${server.baseUrl}/api/auth/me`);
      const cookie = me.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const { csrf_token } = (await me.json()) as { csrf_token: string };
      const signIn = await fetch(`${server.baseUrl}/api/auth/sign_in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf_token, cookie },
        body: JSON.stringify({ email: 'boss@example.org', password: 'a long admin password' }),
      });
      expect(signIn.status).toBe(200);
      expect(((await signIn.json()) as { user: { role: string } }).user.role).toBe('admin');
    } finally {
      await server.stop();
    }
  });

  it('seeds idempotently and restarts warm on the same data', async () => {
    const store = await sharedStore();
    expect(runScript('run-seed.js', [], store.env).status).toBe(0);
    expect(runScript('run-seed.js', [], store.env).status).toBe(0);
    for (let i = 0; i < 2; i += 1) {
      const server = await startServer(
        {},
        { ...store, dataDir: store.env.DATA_DIR, keepDataDir: true },
      );
      try {
        const res = await fetch(`${server.baseUrl}/health`);
        expect(await res.json()).toMatchObject({ status: 'ok', db: 'ok', storage: 'ok' });
      } finally {
        await server.stop();
      }
      expect(await server.exited).toBe(0);
    }
  });

  it('refuses to open an embedded data dir another FitCoach is using', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({}, { dataDir, keepDataDir: true, embedded: true });
    try {
      const second = runScript('server.js', [], { DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0' });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain('Another FitCoach process');
      // `npm run db:sql` says the same in one line, without a stack trace.
      const sql = runScript('run-sql.js', ['select 1'], { DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(sql.status).toBe(1);
      expect(sql.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^FitCoach cannot run SQL\. Another FitCoach process \(pid \d+\)/),
      ]);
      expect((await fetch(`${first.baseUrl}/health`)).ok).toBe(true);
    } finally {
      await first.stop();
    }
  });

  it('finishes an in-flight request on SIGTERM, refuses new ones, and exits cleanly', async () => {
    const server = await startServer();
    const me = await fetch(`${server.baseUrl}/api/auth/me`);
    const cookie = me.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { csrf_token } = (await me.json()) as { csrf_token: string };

    const request = slowRequest(
      server.baseUrl,
      '/api/auth/sign_in',
      { cookie, 'x-csrf-token': csrf_token },
      JSON.stringify({ email: 'jordan@example.com', password: 'fitcoach-demo' }),
    );
    await request.started;
    // Let the server read the request head, so the request is in its hands when SIGTERM comes.
    await new Promise((r) => setTimeout(r, 500));
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));

    // New connections are refused while the old request is still open.
    await expect(fetch(`${server.baseUrl}/health`)).rejects.toThrow();

    request.finish();
    const answer = await request.done;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('"email":"jordan@example.com"');
    expect(await server.exited).toBe(0);
    await server.stop();
  });

  it('stops with `npm start` when a process manager sends npm SIGTERM, its PostgreSQL too', async () => {
    const dataDir = tempDataDir();
    const port = 40_000 + Math.floor(Math.random() * 10_000);
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
      detached: true,
    });
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    let postgres = 0;
    // Longer than a started server gets (support/server.ts, 60 s): with the other browser shard
    // running beside it, `npm start` (initdb, migrations) has taken over 30 s on two cores.
    const until = async (what: string, check: () => boolean | Promise<boolean>) => {
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        if (await check()) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`timed out waiting until ${what}`);
    };
    try {
      await until('healthy', () =>
        fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r.ok,
          () => false,
        ),
      );
      const app = Number(readFileSync(path.join(dataDir, 'fitcoach.lock'), 'utf8').split(' ')[0]);
      postgres = Number(
        readFileSync(path.join(dataDir, 'postgres/data/postmaster.pid'), 'utf8').split('\n')[0],
      );
      // Only npm is signalled, as systemd or a container runtime would do with `npm start`.
      npm.kill('SIGTERM');
      await until('the app has exited', () => !alive(app));
      await until('its PostgreSQL has exited', () => !alive(postgres));
    } finally {
      // Whatever a failed run left behind: the group npm started, and the server it started.
      for (const [pid, signal] of [
        [-npm.pid!, 'SIGKILL'],
        [postgres, 'SIGINT'],
      ] as const) {
        try {
          if (pid) process.kill(pid, signal);
        } catch {
          // already gone
        }
      }
    }
  }, 200_000);
});
