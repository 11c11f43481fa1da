import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { TestClient } from '../../test/test-app';

/**
 * A channel's broadcast: it names its subscription. Pings carry a `message` too (a timestamp,
 * every few seconds), so "the next frame with a message" alone sometimes caught a ping.
 */
export const isBroadcast = (f: Record<string, unknown>): boolean =>
  f.identifier !== undefined && f.message !== undefined;

/** A raw Action Cable client for tests: every frame it received, and a way to wait for one. */
export class RawCable {
  readonly frames: Record<string, unknown>[] = [];
  readonly closed: Promise<{ code: number }>;
  private waiters: { match: (f: Record<string, unknown>) => boolean; done: () => void }[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse((data as Buffer).toString('utf8')) as Record<string, unknown>;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(frame)) return true;
        w.done();
        return false;
      });
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve({ code })));
  }

  send(command: unknown): void {
    this.ws.send(typeof command === 'string' ? command : JSON.stringify(command));
  }

  /** The first frame (already received or still to come) that matches. */
  async next(
    match: (frame: Record<string, unknown>) => boolean,
    timeoutMs = 5000,
  ): Promise<Record<string, unknown>> {
    const found = this.frames.find(match);
    if (found) return found;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame; got ${JSON.stringify(this.frames)}`)),
        timeoutMs,
      );
      this.waiters.push({
        match,
        done: () => {
          clearTimeout(timer);
          resolve(this.frames.find(match)!);
        },
      });
    });
  }

  ofType(type: string, timeoutMs?: number) {
    return this.next((f) => f.type === type, timeoutMs);
  }

  close(): void {
    this.ws.close();
  }
}

export function cableUrl(app: FastifyInstance): { url: string; origin: string } {
  const { port } = app.server.address() as AddressInfo;
  return { url: `ws://127.0.0.1:${port}/cable`, origin: `http://127.0.0.1:${port}` };
}

export function cookieHeader(client: TestClient): string {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** Opens /cable as a browser on the app's origin would, with the client's cookies. */
export async function openCable(
  app: FastifyInstance,
  client: TestClient | null,
  options: { origin?: string | null; protocols?: string[]; headers?: Record<string, string> } = {},
): Promise<RawCable> {
  const { url, origin } = cableUrl(app);
  const headers: Record<string, string> = { ...options.headers };
  const sentOrigin = options.origin === undefined ? origin : options.origin;
  if (sentOrigin) headers.origin = sentOrigin;
  if (client) headers.cookie = cookieHeader(client);
  const ws = new WebSocket(
    url,
    options.protocols ?? ['actioncable-v1-json', 'actioncable-unsupported'],
    {
      headers,
    },
  );
  const cable = new RawCable(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) =>
      reject(new Error(`handshake refused: ${res.statusCode}`)),
    );
  });
  return cable;
}

export const notificationsIdentifier = JSON.stringify({ channel: 'NotificationsChannel' });
