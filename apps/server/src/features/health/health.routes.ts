import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * `error` (503) when the database is down: the node can serve nothing. `degraded` (200) when
 * only file storage is: everything but uploads and photos works, and every node shares the
 * same storage, so taking this one out of rotation would not help.
 */
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'error']),
  db: z.enum(['ok', 'down']),
  storage: z.enum(['ok', 'down']),
});

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, database and file storage check',
        response: { 200: healthSchema, 503: healthSchema },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const [db, storage] = await Promise.all([
        app.dbHandle.ping().then(
          () => 'ok' as const,
          (error: unknown) => {
            request.log.warn({ err: error }, 'health check: database is down');
            return 'down' as const;
          },
        ),
        app.storage.health(),
      ]);
      if (storage === 'down') request.log.warn('health check: file storage is down');
      if (db === 'down') return reply.status(503).send({ status: 'error', db, storage });
      return { status: storage === 'ok' ? ('ok' as const) : ('degraded' as const), db, storage };
    },
  );
}
