import { Writable } from 'node:stream';

export interface LogEntry {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/**
 * Fastify's (pino's) log lines as a test reads them: `lines` as written, `entries` parsed.
 * Pass `logger` to `createTestApp` or `buildApp`.
 */
export function logCollector(level: 'info' | 'debug' = 'info') {
  const lines: string[] = [];
  const entries: LogEntry[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(line);
        entries.push(JSON.parse(line) as LogEntry);
      }
      done();
    },
  });
  return { lines, entries, logger: { level, stream } };
}
