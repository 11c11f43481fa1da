import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/http-error';

/** Paths owned by the server; anything else that is a GET for a page gets the SPA shell. */
const SERVER_PREFIXES = ['/api', '/health', '/cable', '/rails', '/achievements'];

function isServerPath(url: string): boolean {
  return SERVER_PREFIXES.some(
    (p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`),
  );
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and the
 * SPA fallback for client routes. API paths that match nothing answer a JSON 404.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, opts: { distDir: string | null }) => {
    const distDir = opts.distDir;
    const hasWeb = distDir !== null && existsSync(path.join(distDir, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        setHeaders(res, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            res.header('cache-control', 'no-cache');
          }
        },
      });
    } else {
      app.log.warn({ distDir }, 'web app is not built; serving the API only (npm run build)');
    }

    app.setNotFoundHandler(async (request, reply) => {
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isServerPath(request.url) &&
        !path.extname(request.url.split('?')[0] ?? '');
      if (hasWeb && wantsPage) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      throw notFound(isServerPath(request.url) ? 'apiRoute' : 'file');
    });
  },
  { name: 'web-app' },
);
