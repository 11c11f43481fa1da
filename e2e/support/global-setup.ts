import type { TestProject } from 'vitest/node';
import { BROWSER_TEST_LIMITS, startServer, type RunningServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: RunningServer | undefined;

/** One FitCoach server for the whole browser test run, as a newcomer would start it. */
export async function setup(project: TestProject) {
  server = await startServer(BROWSER_TEST_LIMITS);
  project.provide('baseUrl', server.baseUrl);
}

export async function teardown() {
  await server?.stop();
}
