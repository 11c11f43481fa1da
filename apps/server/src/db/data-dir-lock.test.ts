import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';
import { processStartTime } from './processes';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function dir() {
  const d = mkdtempSync(path.join(tmpdir(), 'fitcoach-lock-'));
  dirs.push(d);
  return d;
}

describe('lockDataDir', () => {
  it('claims the folder with this pid and releases it', () => {
    const d = dir();
    const release = lockDataDir(d);
    const [pid] = readFileSync(path.join(d, 'fitcoach.lock'), 'utf8').split(' ');
    expect(pid).toBe(String(process.pid));
    release();
    expect(() => readFileSync(path.join(d, 'fitcoach.lock'))).toThrow();
  });

  it('refuses a folder held by a live process', () => {
    const d = dir();
    // The test runner's parent is alive for as long as this test runs.
    writeFileSync(path.join(d, 'fitcoach.lock'), String(process.ppid));
    expect(() => lockDataDir(d)).toThrow(DataDirInUseError);
  });

  it('takes over a lock left by a process that died', () => {
    const d = dir();
    writeFileSync(path.join(d, 'fitcoach.lock'), '2147483646');
    const release = lockDataDir(d);
    expect(readFileSync(path.join(d, 'fitcoach.lock'), 'utf8')).toMatch(
      new RegExp(`^${process.pid}( \\d+)?$`),
    );
    release();
  });

  it('takes over a lock whose pid now belongs to another program (a reboot, a reuse)', async () => {
    const d = dir();
    const other = spawn('sleep', ['30']);
    try {
      await new Promise((resolve) => other.once('spawn', resolve));
      // Written by a FitCoach that died; its pid was then given to an unrelated program.
      writeFileSync(path.join(d, 'fitcoach.lock'), String(other.pid));
      lockDataDir(d)();
      // Written with a start time that is not this process's: the same pid, another process.
      writeFileSync(path.join(d, 'fitcoach.lock'), `${process.ppid} 1`);
      lockDataDir(d)();
    } finally {
      other.kill();
    }
  });

  it('still refuses the live process that wrote the lock', () => {
    const d = dir();
    writeFileSync(
      path.join(d, 'fitcoach.lock'),
      `${process.ppid} ${processStartTime(process.ppid) ?? ''}`.trim(),
    );
    expect(() => lockDataDir(d)).toThrow(DataDirInUseError);
  });
});
