import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dietChangeRequestSchema,
  dietChangeResultSchema,
  dietDetailSchema,
  dietListSchema,
  dietRestoreSchema,
  dietVersionListSchema,
  shareDietInputSchema,
  shareDietResultSchema,
} from '@fitcoach/shared/diets';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import { limits, memberOf } from '../../plugins/rate-limits';
import * as diets from './diets.service';

/** Diets the AI trainer made: read, change in plain words, restore, share with friends, copy. */
export async function dietRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/diet',
    {
      schema: {
        tags: ['diets'],
        summary: 'Your diets and the diets friends shared with you',
        response: { 200: dietListSchema, ...errorResponses(401) },
      },
    },
    async (request) => diets.listDiets(app.ctx, requireViewer(request)),
  );

  r.get(
    '/diet/:id',
    {
      schema: {
        tags: ['diets'],
        summary: 'A diet: the day’s meals with grams and household measures, totals and targets',
        params: idParamsSchema,
        response: { 200: dietDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => diets.getDiet(app.ctx, requireViewer(request), request.params.id),
  );

  r.put(
    '/diet/:id',
    {
      schema: {
        tags: ['diets'],
        summary: 'Change your diet in plain words (`change_request`); answers it with a diff',
        params: idParamsSchema,
        body: dietChangeRequestSchema,
        response: {
          200: dietChangeResultSchema,
          ...errorResponses(400, 401, 403, 404, 422, 429),
        },
      },
      // With a model configured each change request is one or two paid calls: the same budget
      // per member as generation (AI_RATE_LIMIT), counted after validation.
      preHandler: limits(app, [
        {
          name: 'diet-change',
          max: app.config.AI_RATE_LIMIT,
          windowMs: 10 * 60_000,
          key: memberOf,
          message: 'errors:rateLimit.trainer',
        },
      ]),
    },
    async (request) =>
      diets.changeDiet(
        app.ctx,
        requireViewer(request),
        request.params.id,
        request.body.change_request,
      ),
  );

  r.post(
    '/diet/:id/restore',
    {
      schema: {
        tags: ['diets'],
        summary: 'Restore an earlier version of your diet (as a new version)',
        params: idParamsSchema,
        body: dietRestoreSchema,
        response: { 200: dietChangeResultSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      diets.restoreDiet(app.ctx, requireViewer(request), request.params.id, request.body.version),
  );

  r.get(
    '/diet/:id/versions',
    {
      schema: {
        tags: ['diets'],
        summary: 'Every version of a diet, newest first',
        params: idParamsSchema,
        response: { 200: dietVersionListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => diets.listVersions(app.ctx, requireViewer(request), request.params.id),
  );

  r.post(
    '/diet/:id/copy',
    {
      schema: {
        tags: ['diets'],
        summary: 'Copy a diet (yours or one a friend shared with you) as your own, at version 1',
        params: idParamsSchema,
        response: { 201: dietDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const copy = await diets.copyDiet(app.ctx, requireViewer(request), request.params.id);
      return reply.status(201).send(copy);
    },
  );

  r.post(
    '/diet/share_diet',
    {
      schema: {
        tags: ['diets'],
        summary: 'Share your diet with a friend (status 200 means success)',
        body: shareDietInputSchema,
        response: { 200: shareDietResultSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => diets.shareDiet(app.ctx, requireViewer(request), request.body),
  );
}
