import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatKey,
  scanQueryKeys,
  strayKeyUses,
  type KeyScan,
  type KeyUse,
} from './query-key-scan';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const srcDir = path.join(webRoot, 'src');

/** The app's own code: every source file but tests and their helpers. */
function appSourceFiles(dir = srcDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(srcDir, 'test') ? [] : appSourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function compilerOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(webRoot, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  return parsed?.options ?? {};
}

const describeUse = (u: KeyUse) =>
  `${path.relative(srcDir, u.file)}:${u.line} ${formatKey(u.key)} ${u.code}`;

describe('cache keys of the web app', () => {
  let scan: KeyScan;
  beforeAll(() => {
    // The app's files are the whole program: the libraries they import are not needed here.
    scan = scanQueryKeys(appSourceFiles(), { ...compilerOptions(), noResolve: true });
  }, 60_000);

  it('are read from the code, through the key factories', () => {
    const queries = scan.queries.map((q) => formatKey(q.key));
    expect(queries).toEqual(
      expect.arrayContaining([
        '["workouts", "detail", *]',
        '["workouts", "list", *]',
        '["workout-logs", "chart", *]',
        '["stats", "personal"]',
        '["notifications", "list"]',
      ]),
    );
    const uses = scan.uses.map((u) => formatKey(u.key));
    expect(uses).toEqual(
      expect.arrayContaining(['["workout-logs"]', '["stats"]', '["workouts", "list"]']),
    );
  });

  // Keys that reach a query only at run time (the exercise library app/ hands the workouts
  // feature) are not counted as queries; their owner's own queries are.
  it('are invalidated, written and read only where some query keeps its data', () => {
    expect(strayKeyUses(scan).map(describeUse)).toEqual([]);
  });
});

describe('the stray key check', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'query-keys-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('flags an invalidation that names a key no query uses', () => {
    const file = path.join(dir, 'logs.ts');
    writeFileSync(
      file,
      `
      declare function queryOptions<T>(options: T): T;
      declare const client: {
        invalidateQueries(filters: { queryKey?: readonly unknown[] }): void;
        setQueryData(key: readonly unknown[], data: unknown): void;
      };
      export const logKeys = {
        all: ['workout-logs'] as const,
        charts: () => [...logKeys.all, 'chart'] as const,
        chart: (id: number | null) => [...logKeys.charts(), id ?? 'all'] as const,
      };
      export const chartOptions = (id: number | null) =>
        queryOptions({ queryKey: logKeys.chart(id), queryFn: () => 1 });
      const key = logKeys.charts();
      client.invalidateQueries({ queryKey: logKeys.all });
      client.invalidateQueries({ queryKey: key });
      client.setQueryData(chartOptions(3).queryKey, 1);
      client.invalidateQueries({ queryKey: ['chart-data'] });
      client.setQueryData(logKeys.charts(), 1);
      client.invalidateQueries({ queryKey: someKey() });
      declare function someKey(): string[];
      for (const name of ['workout-logs', 'chart-data']) client.invalidateQueries({ queryKey: [name] });
      `,
    );
    const stray = strayKeyUses(scanQueryKeys([file], { noLib: true, noResolve: true })).map((u) => [
      u.code,
      formatKey(u.key),
    ]);
    expect(stray).toEqual([
      ["client.invalidateQueries({ queryKey: ['chart-data'] })", '["chart-data"]'],
      // setQueryData names one exact key: a prefix of the chart keys is not one of them.
      ['client.setQueryData(logKeys.charts(), 1)', '["workout-logs", "chart"]'],
      // A key the scan cannot read is not trusted either.
      ['client.invalidateQueries({ queryKey: someKey() })', '(unknown)'],
      // Nor is one whose resource is known only at run time.
      ['client.invalidateQueries({ queryKey: [name] })', '[*]'],
    ]);
  }, 30_000);
});
