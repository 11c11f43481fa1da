import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemStatusSchema } from '@fitcoach/shared/system';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/auth';
import * as system from './system.service';

/** The admin area's System tab. Admins only (403 to everyone else, 401 signed out). */
export async function systemRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/system',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Admins: database engine and size, Redis and storage status, open sockets, version, uptime',
        response: { 200: systemStatusSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      // Live figures: never from a cache along the way.
      reply.header('cache-control', 'no-store');
      return system.systemStatus(app.ctx, app.systemProbes);
    },
  );
}
