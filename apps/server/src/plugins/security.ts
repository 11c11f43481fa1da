import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * The CSP allows only our own scripts; Mantine needs inline styles, and so does swagger-ui at
 * /api/docs (its operations' style attributes), which gets this same policy. `storageOrigins`
 * (an S3 bucket, when uploads go there) may be uploaded to and shown from.
 * 'wasm-unsafe-eval' lets our own WebAssembly compile (the exercise video analysis runs the
 * MediaPipe Pose model the app serves); it allows no JavaScript eval.
 * upgrade-insecure-requests is added per request, only over HTTPS (below).
 */
const helmetOptions = (storageOrigins: string[]): Parameters<typeof helmet>[0] => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigins],
      mediaSrc: ["'self'", 'blob:', 'data:', ...storageOrigins],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...storageOrigins],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Cross-origin isolation would block S3 media later; the CSP above is the guard.
  crossOriginEmbedderPolicy: false,
  // HSTS is added per request, only on answers that went out over HTTPS (below).
  strictTransportSecurity: false,
  // One framing policy: nobody frames the app, as the CSP's frame-ancestors 'none' says.
  frameguard: { action: 'deny' },
  // Same-origin requests keep their Referer (the spec's page fetches send one).
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
});

/**
 * helmet's headers, worked out once: our policy has no per-request parts (no nonces), and
 * building the CSP string on every request cost a tenth of a cached answer's CPU.
 */
export function securityHeaders(storageOrigins: string[] = []): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown = null;
  helmet(helmetOptions(storageOrigins))({} as IncomingMessage, res, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure instanceof Error ? failure : new Error('helmet failed');
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/**
 * Browser features the app never asks for stay off, for its pages and anything they embed.
 * Uploads use a file input, not the camera; videos may go full screen.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'fullscreen=(self)',
].join(', ');

const UPGRADE_INSECURE_REQUESTS = 'upgrade-insecure-requests';

/** A year, subdomains included: sent only on answers that reached the browser over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Answers under /api carry a member's data (their profile, logs, friends, notifications) or
 * a session's CSRF token: no browser or proxy keeps them. Routes with a deliberate policy of
 * their own (photos, by version) set it over this one.
 */
export const API_CACHE_CONTROL = 'no-store';

/**
 * The headers that still matter on a JSON answer. CSP, frame and referrer policies govern
 * documents; a browser never renders JSON, and every header costs on the busiest answers.
 */
const DATA_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'x-frame-options'];

/** helmet's full set on pages and files; the data subset on `/api` JSON. */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { storageOrigins?: string[] }) => {
    const all = securityHeaders(opts.storageOrigins);
    const data = Object.fromEntries(
      Object.entries(all).filter(([name]) => DATA_HEADERS.includes(name)),
    );
    // Over plain HTTP (http://192.168.x.x:3000 from a phone on the LAN) the upgrade would send
    // every asset to https://, which nothing answers: a blank page.
    const overHttps = {
      ...all,
      'content-security-policy': `${all['content-security-policy']};${UPGRADE_INSECURE_REQUESTS}`,
    };
    app.addHook('onRequest', (request, reply, done) => {
      // The protocol the browser used: the socket's, or X-Forwarded-Proto only with TRUST_PROXY.
      const https = request.protocol === 'https';
      if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
        reply.headers(data);
        reply.header('cache-control', API_CACHE_CONTROL);
      } else {
        reply.headers(https ? overHttps : all);
      }
      if (https) reply.header('strict-transport-security', HSTS);
      done();
    });
  },
  { name: 'security' },
);
