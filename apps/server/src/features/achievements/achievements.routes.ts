import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badgeImage } from './achievements.service';

/** Badge images: FitCoach's own art, the same for everyone, so public and cached. */
export async function achievementRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/achievements/:file',
    {
      schema: {
        tags: ['achievements'],
        summary: 'An achievement badge image (SVG)',
        params: z.object({ file: z.string().max(60) }),
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'public, max-age=86400')
        .type('image/svg+xml; charset=utf-8')
        .send(badgeImage(request.params.file)),
  );
}
