import { request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Requests Node's HTTP parser refuses before Fastify routes them (app.inject never reaches the
 * parser): a real listening server and real sockets.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

function get(path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Raw bytes on a socket, and everything the server writes back before closing it. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('requests the HTTP parser refuses', () => {
  it('answer 431 for headers too large in the error shape', async () => {
    const res = await get(`/api/exercise?q=${'a'.repeat(100_000)}`);
    expect(res.status).toBe(431);
    expect(res.type).toMatch(/application\/json/);
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(body).toEqual({
      error: 'payload_too_large',
      message: expect.stringMatching(/too large/) as string,
    });
  });

  it('answer 400 for a request that is not HTTP in the error shape', async () => {
    const answer = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<
      string,
      unknown
    >;
    expect(body).toEqual({ error: 'validation_failed', message: expect.any(String) as string });
  });

  it('keep serving afterwards', async () => {
    expect((await get('/health')).status).toBe(200);
  });
});

describe('addresses the router refuses', () => {
  it('answers a broken %-escape and an over-long parameter in the API error shape', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/chat/%ff/messages' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'validation_failed',
      message: 'The address is not valid: part of it cannot be decoded.',
    });
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/invitations/${'x'.repeat(300)}`,
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      error: 'validation_failed',
      message: 'Part of the address is too long.',
    });
  });
});
