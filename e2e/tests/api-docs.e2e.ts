import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;

beforeAll(async () => {
  // Listening on every address, as the README's default does so phones on the LAN reach it.
  server = await startServer({ HOST: '0.0.0.0' });
});
afterAll(async () => {
  await closeBrowser();
  await server?.stop();
});

describe('/api/docs over plain HTTP from another host', () => {
  it('renders the operations, with no CSP violation', async () => {
    const baseURL = server.baseUrl.replace('127.0.0.1', lanAddress());
    const { context, page } = await newPage({ baseURL });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) {
        violations.push(message.text());
      }
    });
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));

    await page.goto('/api/docs');
    await page.locator('.opblock-summary-path', { hasText: '/api/auth/me' }).first().waitFor();
    expect(failed).toEqual([]);
    expect(violations).toEqual([]);
    expect(page.url().startsWith(`${baseURL}/`)).toBe(true);
    await context.close();
  });
});

/**
 * This machine's address on its network, as a phone would use (http://192.168.x.x:3000):
 * Chromium does not upgrade requests to loopback hosts, so only a real interface shows an
 * upgrade to https://. 127.0.0.2 (another loopback host) still shows the CSP's other faults.
 */
function lanAddress(): string {
  for (const addresses of Object.values(networkInterfaces())) {
    const lan = addresses?.find((a) => a.family === 'IPv4' && !a.internal);
    if (lan) return lan.address;
  }
  return '127.0.0.2';
}
