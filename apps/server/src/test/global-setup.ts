import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { lockDataDir } from '../db/data-dir-lock';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { repoRoot } from '../lib/paths';
import { dropTestTemplate, prepareTestTemplate } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server test files create their databases on (admin connection). */
    testServerUrl: string;
    /** The migrated, seeded database each test file clones. */
    testTemplate: string;
  }
}

/**
 * Vitest global setup: the PostgreSQL at DATABASE_URL, or else an embedded one started here for
 * the run (fsync off: a throwaway cluster), gets a migrated, seeded template database once; each
 * test file then starts from a copy of it (CREATE DATABASE … TEMPLATE, a file copy).
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  let serverUrl = process.env.DATABASE_URL;
  let stopServer = async () => {};
  if (!serverUrl) {
    const dir = path.join(repoRoot, '.tmp', 'test-postgres');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    const unlock = lockDataDir(dir);
    const server = await startEmbeddedPostgres({ dir, durable: false });
    serverUrl = server.url;
    stopServer = async () => {
      await server.stop();
      unlock();
    };
  }
  // Unique per run: two runs on one server (a developer's and a CI's) never share a template.
  const template = `fitcoach_test_template_${process.pid}`;
  try {
    await prepareTestTemplate(serverUrl, template);
  } catch (error) {
    await stopServer();
    throw error;
  }
  project.provide('testServerUrl', serverUrl);
  project.provide('testTemplate', template);
  return async () => {
    await dropTestTemplate(serverUrl, template).catch(() => {});
    await stopServer();
  };
}
