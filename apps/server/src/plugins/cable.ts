import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WebSocketServer, type WebSocket } from 'ws';
import { forwardedHostReader } from '../lib/forwarded-host';
import { HttpError } from '../lib/http-error';
import { localeFromHeader, text } from '../i18n/i18n';
import { sessionForToken } from './auth';
import { SESSION_COOKIE } from './auth/sessions';
import { SUBPROTOCOL } from './cable/cable-protocol';
import { CableServer } from './cable/cable-server';

declare module 'fastify' {
  interface FastifyInstance {
    /** Realtime: register channels, broadcast to streams. */
    cable: CableServer;
  }
}

export const CABLE_PATH = '/cable';
/** Commands are small JSON; anything bigger is not a command. */
const MAX_FRAME_BYTES = 64 * 1024;

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  if (socket.writable) {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }
  socket.destroy();
}

/** The host part of an origin, lower-cased; null when it is not a URL. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * `/cable`: WebSockets speaking the Action Cable protocol, on the app's own HTTP server. The
 * handshake is refused unless the page's Origin is this server (or a configured origin); the
 * connection then authenticates by the session cookie, or is told `unauthorized` and closed.
 */
export const cablePlugin = fp(
  async (app: FastifyInstance) => {
    const cable = new CableServer(app, app.pubsub, app.log);
    app.decorate('cable', cable);
    const wss = new WebSocketServer({
      noServer: true,
      maxPayload: MAX_FRAME_BYTES,
      // Compression would cost a zlib context per connection; frames are small JSON.
      perMessageDeflate: false,
      // The cable server keeps its own set of connections; a second one here would be waste.
      clientTracking: false,
      handleProtocols: (protocols) => (protocols.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
    });
    const allowed = new Set(app.config.CABLE_ALLOWED_ORIGINS.map((o) => hostOf(o)));
    const ownHost = forwardedHostReader(app.config.TRUST_PROXY);

    const originAllowed = (request: IncomingMessage): boolean => {
      const origin = request.headers.origin;
      if (!origin) return false;
      const host = hostOf(origin);
      if (!host) return false;
      return host === ownHost(request) || allowed.has(host);
    };

    const onOpen = async (ws: WebSocket, request: IncomingMessage) => {
      if (ws.protocol !== SUBPROTOCOL) {
        cable.disconnect(ws, 'invalid_request', false);
        return;
      }
      const cookies = app.parseCookie(request.headers.cookie ?? '');
      let session = null;
      try {
        session = await sessionForToken(app, cookies[SESSION_COOKIE]);
      } catch (err) {
        app.log.error({ err }, 'cable: could not check the session');
        cable.disconnect(ws, 'server_restart', true);
        return;
      }
      if (!session) {
        cable.disconnect(ws, 'unauthorized', false);
        return;
      }
      if (ws.readyState === ws.OPEN) {
        cable.accept(ws, session, localeFromHeader(request.headers['accept-language']));
      }
    };

    const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (request.url ?? '').split('?')[0];
      if (path !== CABLE_PATH) {
        refuseUpgrade(socket, 404, 'Not Found');
        return;
      }
      if (!originAllowed(request)) {
        app.log.info({ origin: request.headers.origin }, 'cable: origin refused');
        refuseUpgrade(socket, 403, 'Forbidden');
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => {
        // From the first moment: a protocol error (an oversized or malformed frame) on a socket
        // not yet accepted, or being refused, must close it, not crash the process.
        ws.on('error', () => ws.terminate());
        void onOpen(ws, request);
      });
    };
    app.server.on('upgrade', onUpgrade);

    // A plain GET (no upgrade) is a mistake worth a clear answer.
    app.get(CABLE_PATH, { schema: { hide: true } }, () => {
      throw new HttpError(426, 'upgrade_required', text('errors:cableUpgrade'));
    });

    // Before the HTTP server stops: tell every client to reconnect, then close their sockets
    // (upgraded sockets would otherwise hold the server open).
    app.addHook('preClose', async () => {
      app.server.off('upgrade', onUpgrade);
      await cable.shutdown();
      wss.close();
    });
  },
  { name: 'cable', dependencies: ['@fastify/cookie', 'auth'] },
);
