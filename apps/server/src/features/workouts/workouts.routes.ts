import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { filteredPageSchema } from '@fitcoach/shared/exercises';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import {
  likeInputSchema,
  likeResultSchema,
  shareResultSchema,
  shareWorkoutInputSchema,
  workoutDetailSchema,
  workoutFilterSchema,
  workoutInputSchema,
  workoutListQuerySchema,
  workoutPageSchema,
  workoutSummarySchema,
} from '@fitcoach/shared/workouts';
import { sendPrepared } from '../../lib/answer-cache';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import * as workouts from './workouts.service';

const FILTER_PAGE_SIZE = 24;

export async function workoutRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/workout',
    {
      schema: {
        tags: ['workouts'],
        summary: 'Workouts you can see: FitCoach’s library, yours, and ones shared with you',
        querystring: workoutListQuerySchema,
        response: { 200: workoutPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => workouts.listWorkouts(app.ctx, requireViewer(request), request.query),
  );

  r.post(
    '/workout/filter',
    {
      schema: {
        tags: ['workouts'],
        summary: 'The tag filter form: tag_id filters the list, an empty tag_id clears it',
        body: workoutFilterSchema,
        response: {
          200: filteredPageSchema(workoutSummarySchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { tag_id, q, scope, goal } = request.body;
      const page = await workouts.listWorkouts(app.ctx, requireViewer(request), {
        scope,
        tag_id,
        q,
        ...(goal ? { goal } : {}),
        limit: FILTER_PAGE_SIZE,
      });
      return { ...page, tag_id };
    },
  );

  r.get(
    '/workout/:id',
    {
      schema: {
        tags: ['workouts'],
        summary: 'A workout with its groups, exercises and targets (weights in your units)',
        params: idParamsSchema,
        response: { 200: workoutDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      sendPrepared(
        request,
        reply,
        await workouts.workoutAnswer(app.ctx, requireViewer(request), request.params.id),
      ),
  );

  r.post(
    '/workout',
    {
      schema: {
        tags: ['workouts'],
        summary: 'Create a workout (weights in your units)',
        body: workoutInputSchema,
        response: { 201: workoutDetailSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await workouts.createWorkout(app.ctx, requireViewer(request), request.body);
      return reply.status(201).send(created);
    },
  );

  r.put(
    '/workout/:id',
    {
      schema: {
        tags: ['workouts'],
        summary: 'Replace a workout you wrote',
        params: idParamsSchema,
        body: workoutInputSchema,
        response: { 200: workoutDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      workouts.updateWorkout(app.ctx, requireViewer(request), request.params.id, request.body),
  );

  r.delete(
    '/workout/:id',
    {
      schema: {
        tags: ['workouts'],
        summary: 'Delete a workout you wrote (its logs stay in your history)',
        params: idParamsSchema,
        response: { 204: z.null().describe('No content'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await workouts.deleteWorkout(app.ctx, requireViewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/workout/:id/copy',
    {
      schema: {
        tags: ['workouts'],
        summary: 'Copy a workout into your own, private workouts',
        params: idParamsSchema,
        response: { 201: workoutDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const copy = await workouts.copyWorkout(app.ctx, requireViewer(request), request.params.id);
      return reply.status(201).send(copy);
    },
  );

  r.post(
    '/workout/like',
    {
      schema: {
        tags: ['workouts'],
        summary: 'Like or unlike an exercise group (toggles unless `liked` is given)',
        body: likeInputSchema,
        response: { 200: likeResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      workouts.likeGroup(
        app.ctx,
        requireViewer(request),
        request.body.exercise_group_id,
        request.body.liked,
      ),
  );

  r.post(
    '/workout/share_workout',
    {
      schema: {
        tags: ['workouts'],
        summary: 'Share a workout with a friend',
        body: shareWorkoutInputSchema,
        response: { 200: shareResultSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => workouts.shareWorkout(app.ctx, requireViewer(request), request.body),
  );
}
