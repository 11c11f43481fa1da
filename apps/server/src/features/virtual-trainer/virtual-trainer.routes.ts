import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  virtualTrainerRequestSchema,
  virtualTrainerResultSchema,
} from '@fitcoach/shared/virtual-trainer';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import { limits, memberOf } from '../../plugins/rate-limits';
import * as trainer from './virtual-trainer.service';

/** The virtual trainer request form (`/trainer/new`): one call for all six actions. */
export async function virtualTrainerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/virtual_trainer',
    {
      schema: {
        tags: ['trainer'],
        summary:
          'Ask the virtual trainer: a quick workout, a program, a diet, an answer or an exercise’s steps',
        body: virtualTrainerRequestSchema,
        response: {
          200: virtualTrainerResultSchema,
          ...errorResponses(400, 401, 403, 404, 422, 429),
        },
      },
      // Generation is the costliest thing a member can ask for (and, with a model configured,
      // it is paid for): each member gets a budget. Counted after validation, so a request
      // refused with a 400 generates nothing and uses none of it.
      preHandler: limits(app, [
        {
          name: 'virtual-trainer',
          max: app.config.AI_RATE_LIMIT,
          windowMs: 10 * 60_000,
          key: memberOf,
          message: 'errors:rateLimit.trainer',
        },
      ]),
    },
    async (request) => trainer.runTrainerAction(app.ctx, requireViewer(request), request.body),
  );
}
