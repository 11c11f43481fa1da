import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

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
    expect(readFileSync(path.join(d, 'fitcoach.lock'), 'utf8')).toBe(String(process.pid));
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
    expect(readFileSync(path.join(d, 'fitcoach.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
