import { closeSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { commandOf, isAlive, processStartTime } from './processes';

export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `Another FitCoach process (pid ${pid}) is using ${dir}. Stop it first, or point DATA_DIR at another folder.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * The lock's owner still holds it: alive, and (where /proc tells) the same process that wrote
 * it, not another program that got its pid after a crash or a reboot.
 */
function holdsLock(pid: number, startTime: string | undefined): boolean {
  if (pid === process.pid || !isAlive(pid)) return false;
  const started = processStartTime(pid);
  if (started === null) return true;
  if (startTime) return started === startTime;
  // A lock from before start times were recorded: a live Node process is taken to hold it.
  return commandOf(pid)?.startsWith('node') ?? true;
}

/**
 * The embedded database is one process's files: two servers on one DATA_DIR would corrupt it.
 * A pid file claims the folder; a file left by a process that died is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'fitcoach.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      const started = processStartTime(process.pid);
      writeSync(fd, started ? `${process.pid} ${started}` : String(process.pid));
      closeSync(fd);
      return () => {
        try {
          const [owner] = readFileSync(file, 'utf8').trim().split(' ');
          if (owner === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidText, startTime] = readFileSync(file, 'utf8').trim().split(' ');
      const pid = Number(pidText);
      if (Number.isInteger(pid) && pid > 0 && holdsLock(pid, startTime)) {
        throw new DataDirInUseError(dir, pid);
      }
      // Stale: its process is gone (or its pid now runs something else). Replace it.
      writeFileSync(file, '');
      unlinkSync(file);
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
