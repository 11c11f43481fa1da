import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  exerciseDetailSchema,
  exerciseListQuerySchema,
  exercisePageSchema,
  exerciseSummarySchema,
  filteredPageSchema,
  tagFilterSchema,
  tagListSchema,
} from '@fitcoach/shared/exercises';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import { errorResponses } from '../../lib/route-schemas';
import { requireUser } from '../../plugins/auth';
import * as exercises from './exercises.service';

const FILTER_PAGE_SIZE = 24;

export async function exerciseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/exercise',
    {
      schema: {
        tags: ['exercises'],
        summary: 'The exercise library, by name; filter by tag and search text',
        querystring: exerciseListQuerySchema,
        response: { 200: exercisePageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      requireUser(request);
      return exercises.listExercises(app.ctx, request.query);
    },
  );

  r.post(
    '/exercise/filter',
    {
      schema: {
        tags: ['exercises'],
        summary: 'The tag filter form: tag_id filters the list, an empty tag_id clears it',
        body: tagFilterSchema,
        response: {
          200: filteredPageSchema(exerciseSummarySchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      requireUser(request);
      const { tag_id, q } = request.body;
      const page = await exercises.listExercises(app.ctx, { tag_id, q, limit: FILTER_PAGE_SIZE });
      return { ...page, tag_id };
    },
  );

  r.get(
    '/exercise/:id',
    {
      schema: {
        tags: ['exercises'],
        summary: 'One exercise with its how-to steps and demo video',
        params: idParamsSchema,
        response: { 200: exerciseDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      requireUser(request);
      return exercises.getExercise(app.ctx, request.params.id);
    },
  );

  r.get(
    '/tags',
    {
      schema: {
        tags: ['exercises'],
        summary: 'The tags exercise and workout lists filter by',
        response: { 200: tagListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      requireUser(request);
      return { items: await exercises.listTags(app.ctx) };
    },
  );
}
