import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import {
  guidedSessionResponseSchema,
  guidedSessionSchema,
  guidedStepInputSchema,
} from '@fitcoach/shared/workout-logs';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import * as guided from './guided.service';

export async function guidedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/workout/:id/guided',
    {
      schema: {
        tags: ['guided workouts'],
        summary: 'The guided session in progress for this workout, if any',
        params: idParamsSchema,
        response: { 200: guidedSessionResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => guided.getActive(app.ctx, requireViewer(request), request.params.id),
  );

  for (const status of ['completed', 'skipped'] as const) {
    r.post(
      `/workout/:id/guided/${status === 'completed' ? 'complete' : 'skip'}`,
      {
        schema: {
          tags: ['guided workouts'],
          summary:
            status === 'completed'
              ? 'Mark an exercise group done, with what was done'
              : 'Skip an exercise group (optionally with what was done of it)',
          params: idParamsSchema,
          body: guidedStepInputSchema,
          response: { 200: guidedSessionSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        guided.recordStep(app.ctx, requireViewer(request), request.params.id, status, request.body),
    );
  }

  r.delete(
    '/workout/:id/guided',
    {
      schema: {
        tags: ['guided workouts'],
        summary: 'Abandon the guided session in progress (start over)',
        params: idParamsSchema,
        response: { 204: z.null().describe('No content'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await guided.abandon(app.ctx, requireViewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
