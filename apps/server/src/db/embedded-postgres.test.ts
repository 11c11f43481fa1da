import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/env';
import { repoRoot } from '../lib/paths';
import { DataDirInUseError } from './data-dir-lock';
import { openConfiguredDatabase } from './open-configured';
import { isAlive } from './processes';

const dataDir = mkdtempSync(path.join(tmpdir(), 'fitcoach-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });

const postmasterPid = () =>
  Number(readFileSync(path.join(dataDir, 'postgres/data/postmaster.pid'), 'utf8').split('\n')[0]);

/** An app process that opens DATA_DIR's database, as `npm start` does, and waits. */
async function startHolder(): Promise<{ kill9(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(repoRoot, 'apps/server/src/test/hold-embedded-database.ts'),
      dataDir,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => c.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`holder exited (${code}): ${stderr}`)));
  });
  return {
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

describe('the embedded PostgreSQL', () => {
  it('initialises DATA_DIR/postgres with a generated password, readable only by its owner', async () => {
    const handle = await openConfiguredDatabase(config);
    try {
      const version = await handle.pool.query<{ v: string }>(
        `select current_setting('server_version_num') as v`,
      );
      expect(Number(version.rows[0]!.v)).toBeGreaterThanOrEqual(180000);
      expect(handle.kind).toBe('embedded');
    } finally {
      await handle.close();
    }
    const password = readFileSync(path.join(dataDir, 'postgres/password'), 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(24);
    expect(statSync(path.join(dataDir, 'postgres/password')).mode & 0o077).toBe(0);
  });

  it('stops with the app: no server is left when the handle closes', async () => {
    const handle = await openConfiguredDatabase(config);
    const pid = postmasterPid();
    expect(isAlive(pid)).toBe(true);
    await handle.close();
    expect(isAlive(pid)).toBe(false);
  });

  it('refuses a second app on the same DATA_DIR, and recovers the server a killed app left', async () => {
    const holder = await startHolder();
    const running = postmasterPid();
    // Another app holds DATA_DIR: no second server may start on its data.
    await expect(openConfiguredDatabase(config)).rejects.toThrow(DataDirInUseError);
    expect(isAlive(running)).toBe(true);

    // kill -9 gives the app no chance to stop its server: it is still running.
    await holder.kill9();
    expect(isAlive(running)).toBe(true);

    const handle = await openConfiguredDatabase(config);
    try {
      expect(isAlive(running)).toBe(false);
      expect(postmasterPid()).not.toBe(running);
      const held = await handle.pool.query(`select value from app_meta where key = 'held'`);
      expect(held.rows).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });

  it('restarts its server when it stops while the app runs, and says so once', async () => {
    const events: string[] = [];
    const handle = await openConfiguredDatabase(config, {
      onEvent: (level, message) => events.push(`${level}: ${message}`),
    });
    try {
      const first = postmasterPid();
      process.kill(first, 'SIGINT');
      // The pool reconnects to the restarted server by itself.
      let back = false;
      for (let i = 0; i < 200 && !back; i += 1) {
        back = await handle.ping().then(
          () => postmasterPid() !== first,
          () => false,
        );
        if (!back) await new Promise((r) => setTimeout(r, 100));
      }
      expect(back).toBe(true);
      // The new server can answer a moment before the supervisor has seen it start and said so.
      await vi.waitFor(
        () =>
          expect(events).toEqual([
            expect.stringMatching(/^warn: The embedded PostgreSQL stopped .* restarting it\.$/),
            'info: The embedded PostgreSQL is running again.',
          ]),
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      await handle.close();
    }
  });
});
