import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { redisHealth } from './health.service';

const healthSchema = z.object({
  /** `degraded`: serving, but without Redis (live events stay on this node until it is back). */
  status: z.enum(['ok', 'degraded', 'error']),
  db: z.enum(['ok', 'down']),
  /** Only when REDIS_URL is set. */
  redis: z.enum(['ok', 'down']).optional(),
});

type Health = z.infer<typeof healthSchema>;

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, database and Redis check',
        response: { 200: healthSchema, 503: healthSchema },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const redis = redisHealth(app.ctx);
      try {
        await app.dbHandle.ping();
        const health: Health = {
          status: redis.redis === 'down' ? 'degraded' : 'ok',
          db: 'ok',
          ...redis,
        };
        return health;
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database is down');
        return reply.status(503).send({ status: 'error', db: 'down', ...redis });
      }
    },
  );
}
