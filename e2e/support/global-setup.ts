import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: RunningServer | undefined;

/** One FitCoach server for the whole browser test run, as a newcomer would start it. */
export async function setup(project: TestProject) {
  server = await startServer({ SIGN_IN_RATE_LIMIT: '50' });
  project.provide('baseUrl', server.baseUrl);
}

export async function teardown() {
  await server?.stop();
}
