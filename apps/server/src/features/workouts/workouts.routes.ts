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
    async (request) => workouts.listWorkouts(app.db, requireViewer(request), request.query),
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
      const page = await workouts.listWorkouts(app.db, requireViewer(request), {
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
    async (request, reply) => {
      const viewer = requireViewer(request);
      const id = request.params.id;
      // Per member (likes, rights, units) and per version of the workout.
      const key = `workout:${id}:${app.caches.version(`workout:${id}`)}:${viewer.id}:${app.caches.version(`user:${viewer.id}`)}`;
      return app.caches.respond(
        request,
        reply,
        key,
        () => workouts.getWorkout(app.db, viewer, id),
        workoutDetailSchema,
      );
    },
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
      const created = await workouts.createWorkout(app.db, requireViewer(request), request.body);
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
    async (request) => {
      const updated = await workouts.updateWorkout(
        app.db,
        requireViewer(request),
        request.params.id,
        request.body,
      );
      app.caches.invalidate({ kind: 'workout', id: request.params.id });
      return updated;
    },
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
      await workouts.deleteWorkout(app.db, requireViewer(request), request.params.id);
      // Logs of it everywhere lost their link to it.
      app.caches.invalidate({ kind: 'workout', id: request.params.id }, { kind: 'all-histories' });
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
      const copy = await workouts.copyWorkout(app.db, requireViewer(request), request.params.id);
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
    async (request) => {
      const result = await workouts.likeGroup(
        app.db,
        requireViewer(request),
        request.body.exercise_group_id,
        request.body.liked,
      );
      app.caches.invalidate({ kind: 'workout', id: result.workout_id });
      return {
        exercise_group_id: result.exercise_group_id,
        liked: result.liked,
        like_count: result.like_count,
      };
    },
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
    async (request) => {
      const result = await workouts.shareWorkout(
        app.db,
        app.cable,
        requireViewer(request),
        request.body,
      );
      app.caches.invalidate({ kind: 'workout', id: request.body.workout_id });
      return result;
    },
  );
}
