import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { redisHealth } from './health.service';

/**
 * `error` (503) when the database is down: the node can serve nothing. `degraded` (200) when
 * only file storage or Redis is: everything but uploads (storage) or cross-node live events
 * (Redis) works, and every node shares them, so taking this one out of rotation would not help.
 */
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'error']),
  db: z.enum(['ok', 'down']),
  storage: z.enum(['ok', 'down']),
  /** Only when REDIS_URL is set. */
  redis: z.enum(['ok', 'down']).optional(),
});

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, database, file storage and Redis check',
        response: { 200: healthSchema, 503: healthSchema },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const redis = redisHealth(app.ctx);
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
      if (db === 'down') return reply.status(503).send({ status: 'error', db, storage, ...redis });
      const degraded = storage === 'down' || redis.redis === 'down';
      return { status: degraded ? ('degraded' as const) : ('ok' as const), db, storage, ...redis };
    },
  );
}
