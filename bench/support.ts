import { execSync } from 'node:child_process';
import { createServer } from 'node:net';
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

/** A TCP port free on 127.0.0.1 right now, for a child server to listen on. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Keeps the cookies a response sets, as a browser would (name → value). */
export function cookiesOf(res: Response, jar: Map<string, string>): void {
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';', 1)[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

/** The Cookie header for what `cookiesOf` kept. */
export const cookieHeader = (jar: Map<string, string>) =>
  [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
