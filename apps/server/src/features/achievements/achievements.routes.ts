import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { badgeSvg, isBadgeKey } from './badges';

/** Badge images: FitCoach's own art, the same for everyone, so public and cached. */
export async function achievementRoutes(app: FastifyInstance) {
  const cache = new Map<string, string>();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/achievements/:file',
    {
      schema: {
        tags: ['achievements'],
        summary: 'An achievement badge image (SVG)',
        params: z.object({ file: z.string().max(60) }),
      },
    },
    async (request, reply) => {
      const key = request.params.file.replace(/\.svg$/, '');
      if (!request.params.file.endsWith('.svg') || !isBadgeKey(key)) throw notFound('That badge');
      let svg = cache.get(key);
      if (!svg) {
        svg = badgeSvg(key);
        cache.set(key, svg);
      }
      return reply
        .header('cache-control', 'public, max-age=86400')
        .type('image/svg+xml; charset=utf-8')
        .send(svg);
    },
  );
}
