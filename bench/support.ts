import { execSync } from 'node:child_process';
import os from 'node:os';

/** The machine line every benchmark prints beside its figures. */
export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const mem = Math.round(os.totalmem() / 1024 ** 3);
  let kernel = '';
  try {
    kernel = execSync('uname -r', { encoding: 'utf8' }).trim();
  } catch {
    kernel = os.release();
  }
  return `${os.cpus().length} × ${cpu}, ${mem} GiB RAM, Linux ${kernel}, Node ${process.version}`;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function fmtMs(ms: number): string {
  return `${ms.toFixed(0)} ms`;
}

export function fmtKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
